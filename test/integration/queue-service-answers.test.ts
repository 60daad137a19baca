/**
 * The queue and the real client together, on simulated time, against a stub service: an answer
 * that would come back the same (a refusal, an empty body, a redirect) costs one request and
 * fails the job with its reason; a passing failure (a 5xx, a 408) is tried again; a listing
 * stops where its answer says it ends, or where its next page would be the same page again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobSpec } from '../../src/main/core/queue/fetch-queue';
import { BACKOFF } from '../../src/main/core/queue/rate';
import { createMemorySecretStore } from '../../src/main/core/secrets/secret-store';
import { createTestCore, type TestCore } from '../helpers/core';
import { createSimTime } from '../helpers/sim-time';

const TOKEN = 'tok_not_retried_1234567890abcdef';

let testCore: TestCore | undefined;
afterEach(async () => {
  await testCore?.dispose();
  testCore = undefined;
});

/** Runs one call through the queue against `answer`; the requests it cost and how its job ended. */
async function callAgainst(answer: () => Response, job: JobSpec = { operation: 'videosite/trending', params: {} }) {
  const sim = createSimTime();
  let requests = 0;
  const fetch = async () => {
    requests += 1;
    return answer();
  };
  testCore = createTestCore({
    fetch: fetch as unknown as typeof globalThis.fetch,
    clock: sim.clock,
    timers: sim.timers,
    secretStore: createMemorySecretStore(TOKEN),
  });
  const { core } = testCore;
  await core.dispatch('settings.set', { key: 'base-url', value: 'https://api.example.com' });
  const queue = core.context.queue;
  const { batchId } = queue.enqueue({ kind: 'call', label: job.operation, jobs: [job] });
  await sim.runUntil(() => queue.batchProgress(batchId).finished, { idle: () => queue.whenIdle() });
  const jobs = queue.jobs({ batchId });
  const db = core.context.db;
  return {
    requests,
    job: jobs[0]!,
    jobs,
    responses: db.prepare('SELECT count(*) FROM responses').pluck().get(),
    warnings: db.prepare('SELECT parse_warnings FROM responses ORDER BY id').pluck().all() as string[],
  };
}

describe('answers that would not change', () => {
  it.each<[string, () => Response, string]>([
    [
      'success: false with status 200',
      () => new Response(JSON.stringify({ success: false, message: 'No such channel' })),
      'No such channel',
    ],
    ['402', () => new Response(JSON.stringify({ message: 'Payment required' }), { status: 402 }), 'unexpected status 402'],
    ['414', () => new Response('URI Too Long', { status: 414 }), 'unexpected status 414'],
    [
      '422',
      () =>
        new Response(JSON.stringify({ detail: [{ loc: ['query', 'region'], msg: 'Input should be a country code' }] }), { status: 422 }),
      'Input should be a country code (query.region)',
    ],
    ['204', () => new Response(null, { status: 204 }), 'empty body (status 204)'],
    [
      'a redirect',
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.example.net/x' } }),
      'redirect (302) to https://elsewhere.example.net',
    ],
  ])('cost one request and fail the job with the reason: %s', async (_label, answer, reason) => {
    const { requests, job, responses } = await callAgainst(answer);
    expect(requests).toBe(1);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(job.errorMessage).toContain(reason);
    expect(job.errorMessage).not.toContain(TOKEN);
    expect(responses).toBe(0);
  });
});

describe('passing failures', () => {
  it.each<[string, () => Response]>([
    ['503', () => new Response(JSON.stringify({ message: 'busy' }), { status: 503 })],
    ['408', () => new Response('', { status: 408 })],
  ])('are tried again, up to the queue’s limit: %s', async (_label, answer) => {
    const { requests, job } = await callAgainst(answer);
    expect(requests).toBe(BACKOFF.maxAttempts);
    expect(job.state).toBe('failed');
  });
});

describe('listings that do not move on', () => {
  let answered = 0;
  const envelope = (platform: string, endpoint: string, data: unknown) => {
    answered += 1;
    return new Response(JSON.stringify({ success: true, data, meta: { platform, endpoint, request_id: `req_page_${answered}` } }));
  };

  it('stop at a next page that repeats the one just asked for, with the reason stored beside the answer', async () => {
    const { requests, jobs, warnings } = await callAgainst(
      () => envelope('videosite', 'search', { videos: [], continuationToken: 'same' }),
      {
        operation: 'videosite/search',
        params: { query: 'flood' },
        pages: 5,
      },
    );
    // The first page, then the second (sent with "same", answered with "same"), and no more.
    expect(requests).toBe(2);
    expect(jobs.map((j) => j.state)).toEqual(['done', 'done']);
    expect(JSON.parse(warnings[0]!)).toEqual([]);
    expect(JSON.parse(warnings[1]!)).toEqual([expect.stringContaining('same next-page value (continuationToken)')]);
  });

  it('stop where the answer says there is no next page, whatever page values stay beside it', async () => {
    const { requests } = await callAgainst(
      () => envelope('socialnet', 'user-reels', { reels: [], next_page_id: 'p9', cursor: 'c9', has_next_page: false }),
      {
        operation: 'socialnet/user/reels',
        params: { url: 'https://www.facebook.com/newsroom' },
        pages: 5,
      },
    );
    expect(requests).toBe(1);
  });
});
