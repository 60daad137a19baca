import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { restoreCollection } from '../../../../src/main/core/handlers/collections';
import { DAY_MS, MINUTE_MS } from '../../../../src/main/core/queue/rate';
import { GleanerError, markNotSent } from '../../../../src/shared/errors';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createHarness, maxInWindow, videoJobs } from './harness';

/** Runs an import of twelve links to its end; whether the queue paused at any moment. */
async function runTwelveWatchingPauses(h: ReturnType<typeof createHarness>): Promise<{ batchId: number; paused: boolean }> {
  const { batchId } = h.queue.enqueue({ kind: 'import', label: 'flaky', jobs: videoJobs(12) });
  let paused = false;
  h.queue.start();
  await h.sim.runUntil(() => {
    paused ||= h.queue.status().paused !== null;
    return h.queue.batchProgress(batchId).finished;
  });
  return { batchId, paused };
}

describe('the fetch queue, on simulated time', () => {
  it('finishes every job without ever exceeding the per-minute window', async () => {
    const h = createHarness({ limits: { perMinute: 30, perDay: 1000 } });
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'test', jobs: videoJobs(200) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 200, failed: 0, remaining: 0 });
    const times = h.calls.map((c) => c.at);
    expect(maxInWindow(times, MINUTE_MS)).toBe(30);
    // It used the budget fully: 200 requests at 30/min take just under 7 minutes.
    expect(times.at(-1)! - times[0]!).toBeLessThan(7 * MINUTE_MS);
  });

  it('keeps to the daily budget over a simulated day, and the windows survive a restart', async () => {
    const h = createHarness({ limits: { perMinute: 20, perDay: 100 } });
    h.queue.enqueue({ kind: 'import', label: 'day', jobs: videoJobs(150) });
    h.queue.start();
    const start = h.sim.now();
    await h.sim.runUntil(() => h.calls.length >= 60);
    // Restart mid-run: a new queue on the same database must remember what was sent.
    await h.queue.stop();
    const queue = h.restart();
    queue.start();
    await h.sim.runUntil(() => queue.status().counts.queued === 0 && queue.inFlightCount() === 0, {
      until: start + DAY_MS + 10 * MINUTE_MS,
    });
    const times = h.calls.map((c) => c.at);
    expect(maxInWindow(times, DAY_MS)).toBeLessThanOrEqual(100);
    expect(maxInWindow(times, MINUTE_MS)).toBeLessThanOrEqual(20);
    expect(times.filter((t) => t < start + DAY_MS)).toHaveLength(100);
    expect(queue.status().counts.done).toBe(150);
  });

  it('estimates the time left from both windows: with today’s budget spent, the rest waits for tomorrow', async () => {
    const h = createHarness({ limits: { perMinute: 20, perDay: 100 } });
    h.queue.enqueue({ kind: 'import', label: 'day', jobs: videoJobs(150) });
    // 100 go within 5 minutes; the 150th waits for the 50th to leave the day window (a day and 2 minutes on).
    expect(h.queue.status().etaMinutes).toBe(24 * 60 + 2);
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length >= 100);
    const left = h.queue.status().etaMinutes!;
    expect(left).toBeGreaterThan(23 * 60);
    expect(left).toBeLessThanOrEqual(24 * 60 + 2);
    await h.queue.stop();
  });

  it('with a fixed daily reset, sends the rest of a spent day’s work at the reset, not 24 hours later', async () => {
    // The simulated clock starts at 00:00 UTC; the service's day starts afresh at 01:00 UTC.
    const h = createHarness({ limits: { perMinute: 20, perDay: 100 }, dayReset: 60 });
    const start = h.sim.now();
    const reset = start + 60 * MINUTE_MS;
    h.queue.enqueue({ kind: 'import', label: 'day', jobs: videoJobs(150) });
    // 100 go in the first 5 minutes; the other 50 at the reset, at 20 a minute (3 minutes).
    expect(h.queue.status().etaMinutes).toBe(62);
    expect(h.queue.status().gauge.dayReset).toBe('01:00');
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length >= 100);
    expect(h.queue.status().gauge.nextFreeSlot).toBe(new Date(reset).toISOString());
    await h.sim.runUntil(() => h.queue.status().counts.queued === 0 && h.queue.inFlightCount() === 0, {
      until: start + 2 * 60 * MINUTE_MS,
    });
    const times = h.calls.map((c) => c.at);
    expect(times.filter((t) => t < reset)).toHaveLength(100);
    expect(times.filter((t) => t >= reset)).toHaveLength(50);
    expect(Math.min(...times.filter((t) => t >= reset))).toBe(reset);
    expect(maxInWindow(times, MINUTE_MS)).toBeLessThanOrEqual(20);
    // Today is counted from the reset: the 50 sent since, not the 150 of the last 24 hours.
    expect(h.queue.status().gauge).toMatchObject({ usedToday: 50, dayReset: '01:00' });
    await h.queue.stop();
  });

  it('runs requests concurrently, so a slow one does not idle the budget', async () => {
    const h = createHarness({ limits: { perMinute: 600, perDay: 10000 }, concurrency: 3 });
    h.setScript((request) => (request.operation.id === 'tweetsite/transcript' ? { delayMs: 60_000 } : undefined));
    h.queue.enqueue({
      kind: 'import',
      label: 'mix',
      jobs: [{ operation: 'tweetsite/transcript', params: { url: 'https://x.com/a/status/1' } }, ...videoJobs(20)],
    });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().counts.done === 20);
    expect(h.sim.now() - h.calls[0]!.at).toBeLessThan(60_000);
  });

  it('follows a collection renamed mid-import, even for a request already in flight, and forgets one deleted', async () => {
    // Three a minute: the first three requests leave at once, the other three a minute later.
    const h = createHarness({ limits: { perMinute: 3, perDay: 1000 } });
    const collections = createCollectionRepository(h.db, () => new Date(h.sim.now()).toISOString());
    const itemsIn = (name: string) =>
      h.db
        .prepare('SELECT count(*) FROM collection_items ci JOIN collections c ON c.id = ci.collection_id WHERE c.name = ?')
        .pluck()
        .get(name);
    // The third request takes a minute to answer: the rename happens while it is out.
    h.setScript((_request, call) => (call === 3 ? { delayMs: 60_000 } : undefined));
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'sheet', collection: 'Tip sheet', jobs: videoJobs(6) });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length >= 3);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 2, remaining: 4 });
    collections.rename('Tip sheet', 'Harbour tips');
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(itemsIn('Harbour tips')).toBe(6);
    expect(collections.list().map((c) => c.name)).toEqual(['Harbour tips']);
    expect(h.queue.jobs({ batchId }).every((job) => job.collection === 'Harbour tips')).toBe(true);

    const second = h.queue.enqueue({ kind: 'import', label: 'scratch', collection: 'Scratch', jobs: videoJobs(4, 's') }).batchId;
    await h.sim.runUntil(() => h.queue.batchProgress(second).done >= 1);
    expect(h.queue.batchProgress(second).remaining).toBeGreaterThan(0);
    collections.delete('Scratch');
    await h.sim.runUntil(() => h.queue.batchProgress(second).finished);
    // Fetched into the library, but the deleted collection does not come back.
    expect(h.queue.batchProgress(second)).toMatchObject({ done: 4, failed: 0 });
    expect(collections.list().map((c) => c.name)).toEqual(['Harbour tips']);
  });

  it('sends a waiting job’s items into a further collection, once, following its renames', async () => {
    const h = createHarness({ limits: { perMinute: 2, perDay: 1000 } });
    const collections = createCollectionRepository(h.db, () => new Date(h.sim.now()).toISOString());
    const itemsIn = (name: string) =>
      h.db
        .prepare('SELECT count(*) FROM collection_items ci JOIN collections c ON c.id = ci.collection_id WHERE c.name = ?')
        .pluck()
        .get(name);
    const { batchId, jobIds } = h.queue.enqueue({ kind: 'import', label: 'sheet', collection: 'Story A', jobs: videoJobs(4) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).done >= 2);
    expect(h.queue.batchProgress(batchId).remaining).toBe(2);
    // Two of the four are done already: the waiting two take the further collection, the done two give their items.
    const doneItems = h.db
      .prepare("SELECT s.item_id FROM jobs j JOIN item_sources s ON s.response_id = j.response_id WHERE j.state = 'done' ORDER BY j.id")
      .pluck()
      .all();
    expect(h.queue.alsoInto(jobIds, 'Story B')).toEqual({ waiting: 2, itemsOfFinished: doneItems });
    // Naming a job's own collection again (in any case) adds nothing.
    expect(h.queue.alsoInto(jobIds, 'story a').waiting).toBe(2);
    expect(h.db.prepare('SELECT count(*) FROM job_collections').pluck().get()).toBe(2);
    expect(h.queue.jobs({ batchId, state: 'queued' }).map((job) => job.collections)).toEqual([
      ['Story A', 'Story B'],
      ['Story A', 'Story B'],
    ]);
    collections.create('Story B');
    collections.rename('Story B', 'Story C');
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(itemsIn('Story A')).toBe(4);
    expect(itemsIn('Story C')).toBe(2);
    expect(collections.list().map((c) => c.name)).toEqual(['Story A', 'Story C']);
  });

  it('undoing a delete sends the waiting jobs back into the collection, with the items of those that finished meanwhile', async () => {
    // One request a minute: a listing of three pages, each page a job made when the one before it answers.
    const h = createHarness({ limits: { perMinute: 1, perDay: 1000 } });
    h.setScript((request) => ({ nextPage: { continuationToken: `p${Number((request.params.continuationToken ?? 'p0').slice(1)) + 1}` } }));
    const collections = createCollectionRepository(h.db, () => new Date(h.sim.now()).toISOString());
    const rows = () =>
      h.db
        .prepare<[], { item_id: number; added_at: string }>(
          "SELECT item_id, added_at FROM collection_items ci JOIN collections c ON c.id = ci.collection_id WHERE c.name = 'Floods' ORDER BY position",
        )
        .all();
    const { batchId } = h.queue.enqueue({
      kind: 'call',
      label: 'floods',
      collection: 'Floods',
      jobs: [{ operation: 'videosite/search', params: { query: 'floods' }, pages: 3 }],
    });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length === 1 && rows().length === 5);
    const firstPage = rows();

    await h.sim.runUntil(() => false, { until: h.sim.now() + 10_000 }).catch(() => undefined);
    const { contents } = collections.delete('Floods');
    expect(contents.itemIds).toEqual(firstPage.map((row) => row.item_id));
    expect(contents.addedAt).toEqual(firstPage.map((row) => row.added_at));
    expect(contents.waitingJobIds).toHaveLength(1);
    // The second page is fetched while the collection is gone: its items go to the library only.
    await h.sim.runUntil(() => h.calls.length === 2 && h.queue.batchProgress(batchId).done === 2);

    const restored = restoreCollection({ db: h.db, queue: h.queue, collections }, contents);
    expect(restored).toMatchObject({ name: 'Floods', itemCount: 10 });
    // The first page's items keep the time they were first added; the second page's come now.
    expect(rows().slice(0, 5)).toEqual(firstPage);
    expect(rows()[5]!.added_at > firstPage[0]!.added_at).toBe(true);
    // The third page, asked for after the delete, fills the collection again as it answers.
    expect(h.queue.jobs({ batchId, state: 'queued' }).map((job) => job.collections)).toEqual([['Floods']]);
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(rows()).toHaveLength(15);
    expect(h.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(15);
  });

  it('honours Retry-After on a 429 and shrinks the share it assumes, then grows it back toward the old ceiling', async () => {
    const h = createHarness({ limits: { perMinute: 60, perDay: 5000 } });
    h.setScript((_r, call) =>
      call === 3 ? { error: new GleanerError('RATE_LIMITED', '429', { details: { status: 429, retryAfterMs: 45_000 } }) } : undefined,
    );
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(120) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().gauge.share < 1);
    expect(h.queue.status().gauge.share).toBe(0.75);
    expect(h.queue.status().gauge.effectiveLimits.perMinute).toBe(45);
    await h.sim.runUntil(() => h.calls.length >= 4);
    const limited = h.calls[2]!.at;
    expect(h.calls[3]!.at - limited).toBeGreaterThanOrEqual(45_000);
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 120, failed: 0 });
    // Brisk steps of 0.05 per 20 successes up to just below the share where the 429 struck.
    expect(h.queue.status().gauge.share).toBe(0.9);
  });

  it('grows the share back across short-lived processes, and forgets it after an hour without a 429', async () => {
    const h = createHarness({ limits: { perMinute: 60, perDay: 5000 } });
    h.setScript((_r, call) =>
      call === 1 ? { error: new GleanerError('RATE_LIMITED', '429', { details: { status: 429, retryAfterMs: 1_000 } }) } : undefined,
    );
    // Like the CLI: one process per request, each stopped once its job is done.
    for (let run = 0; run < 21; run += 1) {
      const queue = run === 0 ? h.queue : h.restart();
      queue.enqueue({ kind: 'call', label: 'x', jobs: videoJobs(1, `r${run}`) });
      queue.start();
      await h.sim.runUntil(() => queue.status().counts.queued === 0 && queue.inFlightCount() === 0);
      await queue.stop();
    }
    // 20 successes, counted across the processes, earn one step back from 0.75.
    expect(h.restart().status().gauge.share).toBe(0.8);
    h.sim.advanceTo(h.sim.now() + 60 * MINUTE_MS);
    expect(h.restart().status().gauge.share).toBe(1);
  });

  it('backs off with jitter on a 429 without Retry-After', async () => {
    const h = createHarness();
    h.setScript((_r, call) => (call === 1 ? { error: new GleanerError('RATE_LIMITED', '429', { details: { status: 429 } }) } : undefined));
    h.queue.enqueue({ kind: 'call', label: 'x', jobs: videoJobs(1) });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length >= 2);
    expect(h.calls[1]!.at - h.calls[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('waits at most an hour for a 429, whatever it asked, says so in the status, and never asks the timers for longer', async () => {
    const h = createHarness();
    const asked: number[] = [];
    const setTimer = h.sim.timers.setTimeout;
    h.sim.timers.setTimeout = (fn, ms) => {
      asked.push(ms);
      return setTimer(fn, ms);
    };
    const note = 'The service asked to wait over 3 years (Retry-After: "99999999"); Gleaner waits at most an hour for it, then asks again.';
    h.setScript((_r, call) =>
      call === 1
        ? {
            error: new GleanerError('RATE_LIMITED', '429', {
              details: { status: 429, retryAfterMs: 99_999_999_000, retryAfterNote: note },
            }),
          }
        : undefined,
    );
    h.queue.enqueue({ kind: 'call', label: 'x', jobs: videoJobs(1) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().serviceWait !== null);
    const limitedAt = h.calls[0]!.at;
    const wait = h.queue.status().serviceWait!;
    expect(Date.parse(wait.until)).toBe(limitedAt + 60 * MINUTE_MS);
    expect(wait.message).toContain('no request is sent for 60 min, until 01:00:00 UTC');
    expect(wait.message).toContain(note);
    // Another process reads the same wait and its sentence from the library.
    expect(h.restart().status().serviceWait).toEqual(wait);
    await h.sim.runUntil(() => h.calls.length >= 2);
    expect(h.calls[1]!.at - limitedAt).toBe(60 * MINUTE_MS);
    expect(Math.max(...asked)).toBeLessThanOrEqual(60 * MINUTE_MS);
    // The service answered: the word about its wait is gone.
    await h.sim.runUntil(() => h.queue.status().counts.done === 1);
    expect(h.queue.status().serviceWait).toBeNull();
  });

  it('sends on start a job an older version put off for years after a Retry-After', async () => {
    const h = createHarness();
    const { jobIds } = h.queue.enqueue({ kind: 'call', label: 'x', jobs: videoJobs(1) });
    h.db.prepare('UPDATE jobs SET not_before = ? WHERE id = ?').run(Date.parse('2029-05-01T00:00:00Z'), jobIds[0]);
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().counts.done === 1);
    expect(h.calls[0]!.at).toBe(Date.parse('2026-03-02T00:00:00Z'));
  });

  it('backs off when a Retry-After is not gone by, longer with each 429 in a row, and afresh after an answer', async () => {
    const h = createHarness({ concurrency: 1 });
    const note = 'The service’s Retry-After "soon" is neither a number of seconds nor a date, so Gleaner did not go by it.';
    const refused = new Set([1, 2, 3, 5]);
    h.setScript((_r, call) =>
      refused.has(call)
        ? { error: new GleanerError('RATE_LIMITED', '429', { details: { status: 429, retryAfterNote: note } }) }
        : undefined,
    );
    h.queue.enqueue({ kind: 'call', label: 'x', jobs: videoJobs(2) });
    h.queue.start();
    const messages: string[] = [];
    await h.sim.runUntil(() => {
      const message = h.queue.status().serviceWait?.message;
      if (message && messages.at(-1) !== message) messages.push(message);
      return h.calls.length >= 6;
    });
    const gaps = h.calls.slice(1).map((call, i) => call.at - h.calls[i]!.at);
    // 1.5 s, 3 s, 6 s (half fixed, half random at 0.5), then the answer; the next 429 starts again at 1.5 s.
    expect(gaps.slice(0, 3)).toEqual([1_500, 3_000, 6_000]);
    expect(gaps[4]).toBe(1_500);
    expect(messages[0]).toContain(`${note} Without a wait to go by, the queue waits a little longer after each 429 in a row.`);
    expect(messages[0]).toContain('no request is sent for 2 s');
    expect(messages[2]).toContain('no request is sent for 6 s');
  });

  it('retries transient failures with bounded backoff, then fails with the reason; other failures fail at once', async () => {
    const h = createHarness();
    h.setScript((request) => {
      if (request.params.url?.endsWith('v000000000'))
        return { error: new GleanerError('UPSTREAM_ERROR', 'The service had a problem (503).') };
      if (request.params.url?.endsWith('v000000001')) return { error: new GleanerError('NOT_FOUND', 'The service found nothing (404).') };
      // A malformed answer is retried, unless asking again cannot help (it repeats the token).
      if (request.params.url?.endsWith('v000000002'))
        return { error: new GleanerError('MALFORMED_RESPONSE', 'contains your API token', { details: { final: true } }) };
      return undefined;
    });
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(4) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    const jobs = h.queue.jobs({ batchId });
    const flaky = jobs.find((j) => j.params.url!.endsWith('v000000000'))!;
    expect(flaky).toMatchObject({
      state: 'failed',
      attempts: 5,
      errorCode: 'UPSTREAM_ERROR',
      errorMessage: 'The service had a problem (503).',
    });
    expect(jobs.find((j) => j.params.url!.endsWith('v000000001'))).toMatchObject({ state: 'failed', attempts: 1, errorCode: 'NOT_FOUND' });
    expect(jobs.find((j) => j.params.url!.endsWith('v000000002'))).toMatchObject({
      state: 'failed',
      attempts: 1,
      errorCode: 'MALFORMED_RESPONSE',
    });
    const attempts = h.calls.filter((c) => c.params.url!.endsWith('v000000000')).map((c) => c.at);
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
    expect(gaps.every((gap, i) => i === 0 || gap > gaps[i - 1]!)).toBe(true);
    // The failed ones go back in line together; the one that succeeded stays done.
    expect(h.queue.retry('all')).toBe(3);
    const states = h.queue.jobs({ batchId }).map((j) => j.state);
    expect(states.filter((state) => state === 'queued' || state === 'running')).toHaveLength(3);
    expect(states).not.toContain('failed');
  });

  it('lists the jobs that changed last first: a retried old job that finishes heads Done', async () => {
    const h = createHarness();
    let failing = true;
    h.setScript((request) =>
      failing && request.params.url?.endsWith('v000000000') ? { error: new GleanerError('NOT_FOUND', 'Gone (404).') } : undefined,
    );
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(3) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    const first = h.queue.jobs({ state: 'failed' })[0]!;
    expect(first.params.url).toMatch(/v000000000$/);
    failing = false;
    h.sim.advanceTo(h.sim.now() + 60_000);
    h.queue.retry({ jobId: first.id });
    await h.sim.runUntil(() => h.queue.jobs({ state: 'done' }).length === 3);
    // Its id is the oldest of the three; it finished last.
    expect(h.queue.jobs({ state: 'done' }).map((job) => job.id)[0]).toBe(first.id);
  });

  it.each([
    ['TOKEN_REJECTED', 'paste a new token'],
    ['SUBSCRIPTION_INACTIVE', 'subscription is not active'],
  ] as const)('pauses everything on %s, keeps every job, and resumes where it stopped', async (code, words) => {
    const h = createHarness();
    let broken = true;
    h.setScript((_r, call) => (broken && call === 5 ? { error: new GleanerError(code, code) } : undefined));
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(10) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().paused !== null);
    const paused = h.queue.status();
    expect(paused.paused?.reason).toBe(code);
    expect(paused.paused?.message.toLowerCase()).toContain(words.toLowerCase());
    expect(paused.counts.failed).toBe(0);
    const sentWhilePaused = h.calls.length;
    await h.sim.runUntil(() => false, { until: h.sim.now() + 10 * MINUTE_MS }).catch(() => undefined);
    expect(h.calls.length).toBe(sentWhilePaused);
    broken = false;
    if (code === 'TOKEN_REJECTED') h.queue.onTokenChanged();
    else h.queue.resume();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 10, failed: 0 });
  });

  it('follows pages from each response, up to the pages asked for and the item cap', async () => {
    const h = createHarness();
    h.setScript((request) => ({ nextPage: { continuationToken: `p${Number((request.params.continuationToken ?? 'p0').slice(1)) + 1}` } }));
    const three = h.queue.enqueue({
      kind: 'call',
      label: 'x',
      jobs: [{ operation: 'videosite/search', params: { query: 'floods' }, pages: 3 }],
    });
    const capped = h.queue.enqueue({
      kind: 'call',
      label: 'y',
      jobs: [{ operation: 'videosite/search', params: { query: 'storms' }, pages: 10, maxItems: 8 }],
    });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(three.batchId).finished && h.queue.batchProgress(capped.batchId).finished);
    expect(
      h.queue
        .jobs({ batchId: three.batchId })
        .map((j) => j.params.continuationToken ?? 'first')
        .reverse(),
    ).toEqual(['first', 'p1', 'p2']);
    expect(h.queue.batchProgress(capped.batchId).done).toBe(2);
  });

  it('sends an interactive call before the rest of a bulk import queued earlier', async () => {
    const h = createHarness({ limits: { perMinute: 1, perDay: 1000 } });
    h.setScript((request) =>
      request.operation.id === 'videosite/search' && !request.params.continuationToken
        ? { nextPage: { continuationToken: 'p1' } }
        : undefined,
    );
    const bulk = h.queue.enqueue({ kind: 'import', label: 'bulk', jobs: videoJobs(5) });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length === 1);
    const call = h.queue.enqueue({
      kind: 'call',
      label: 'search',
      jobs: [{ operation: 'videosite/search', params: { query: 'harbour' }, pages: 2 }],
    });
    await h.sim.runUntil(() => h.queue.batchProgress(call.batchId).finished);
    // Both of the call's pages went next, one a minute, ahead of the import's four others.
    expect(h.calls.map((c) => c.operation)).toEqual(['videosite/video', 'videosite/search', 'videosite/search']);
    await h.sim.runUntil(() => h.queue.batchProgress(bulk.batchId).finished);
    expect(h.calls).toHaveLength(7);
  });

  it('waits as long as a 503 asks before trying again', async () => {
    const h = createHarness();
    h.setScript((_request, call) =>
      call === 1 ? { error: new GleanerError('UPSTREAM_ERROR', '503', { details: { status: 503, retryAfterMs: 20_000 } }) } : undefined,
    );
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(1) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.calls[1]!.at - h.calls[0]!.at).toBeGreaterThanOrEqual(20_000);
  });

  it('keeps a job cancelled from another process cancelled: its answer is stored, no further page is asked for', async () => {
    const h = createHarness();
    h.setScript(() => ({ delayMs: 5_000, nextPage: { continuationToken: 'p1' } }));
    const { batchId, jobIds } = h.queue.enqueue({
      kind: 'call',
      label: 'x',
      jobs: [{ operation: 'videosite/search', params: { query: 'floods' }, pages: 3 }],
    });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length === 1);
    // Another process cancels it: only the database says so; this process's request goes on.
    h.db.prepare("UPDATE jobs SET state = 'cancelled' WHERE id = ?").run(jobIds[0]);
    await h.sim.runUntil(() => h.db.prepare('SELECT count(*) FROM responses').pluck().get() === 1);
    await h.sim.runUntil(() => false, { until: h.sim.now() + 5 * MINUTE_MS }).catch(() => undefined);
    expect(h.queue.jobs({ batchId }).map((job) => job.state)).toEqual(['cancelled']);
    expect(h.calls).toHaveLength(1);
  });

  it('stops sending once another process has taken the queue over (this one slept past its lease)', async () => {
    const h = createHarness({ limits: { perMinute: 1, perDay: 1000 } });
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(3) });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length === 1);
    // While this one waits for the next slot, another runner holds the lease.
    h.db
      .prepare("UPDATE queue_state SET value = ? WHERE key = 'runner'")
      .run(JSON.stringify({ owner: 'someone-else', expiresAt: h.sim.now() + DAY_MS }));
    await h.sim.runUntil(() => false, { until: h.sim.now() + 5 * MINUTE_MS }).catch(() => undefined);
    expect(h.calls).toHaveLength(1);
    expect(JSON.parse(h.db.prepare("SELECT value FROM queue_state WHERE key = 'runner'").pluck().get() as string)).toMatchObject({
      owner: 'someone-else',
    });
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 1, remaining: 2 });
    await h.queue.stop();
  });

  it('stopping with finishInFlight stores the answers already on their way, and sends nothing more', async () => {
    const h = createHarness({ concurrency: 3 });
    h.setScript(() => ({ delayMs: 5_000 }));
    const mine = h.queue.enqueue({ kind: 'call', label: 'mine', jobs: videoJobs(1, 'm') });
    const others = h.queue.enqueue({ kind: 'import', label: 'others', jobs: videoJobs(4, 'o') });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length === 3);
    let stopped = false;
    void h.queue.stop({ finishInFlight: true }).then(() => (stopped = true));
    await h.sim.runUntil(() => stopped);
    // All three answers are stored, none is sent again later, and the other two jobs wait untouched.
    expect(h.db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(3);
    expect(h.calls).toHaveLength(3);
    expect(h.queue.batchProgress(mine.batchId)).toMatchObject({ done: 1, finished: true });
    expect(h.queue.batchProgress(others.batchId)).toMatchObject({ done: 2, remaining: 2 });
  });

  it('stopping without finishInFlight abandons the requests on their way and puts their jobs back in line', async () => {
    const h = createHarness({ concurrency: 3 });
    h.setScript(() => ({ delayMs: 5_000 }));
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(3) });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length === 3);
    let stopped = false;
    void h.queue.stop().then(() => (stopped = true));
    await h.sim.runUntil(() => stopped);
    expect(h.db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(0);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 0, remaining: 3 });
  });

  it('waits for an unreachable service without using up attempts, trying it again one request at a time', async () => {
    const h = createHarness({ concurrency: 3 });
    const unreachable = () =>
      new GleanerError(
        'NETWORK',
        'Could not reach the service (connection refused). Check the base URL in Settings and your connection; nothing was stored.',
      );
    // Offline for the first three tries: the three sent at once, then two probes.
    h.setScript((_request, call) => (call <= 5 ? { error: unreachable() } : undefined));
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'train', jobs: videoJobs(6) });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length === 3 && h.queue.status().paused !== null);
    expect(h.queue.status().paused).toMatchObject({
      reason: 'NETWORK',
      message: expect.stringMatching(/connection refused.*Nothing is lost: the queue tries again at \d\d:\d\d:\d\d UTC/),
    });
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 6, failed: 0 });
    const at = h.calls.map((c) => c.at);
    // The three sent together are one episode: 15 s, then 30 s, then 60 s, each time one probe.
    expect(at[3]! - at[2]!).toBeGreaterThanOrEqual(15_000);
    expect(at[4]! - at[3]!).toBeGreaterThanOrEqual(30_000);
    expect(at[5]! - at[4]!).toBeGreaterThanOrEqual(60_000);
    expect(at[4]! - at[3]!).toBeLessThan(60_000);
    // No attempt was used up by the failures: every job succeeded on its first counted try.
    expect(h.db.prepare('SELECT max(attempts) FROM jobs').pluck().get()).toBe(1);
    expect(h.queue.status().paused).toBeNull();
  });

  it('waits out an outage (different requests failing in a row) instead of spending every job’s attempts and the budget on it', async () => {
    const h = createHarness({ concurrency: 2 });
    const failing = (status: number) =>
      new GleanerError(
        'UPSTREAM_ERROR',
        `The service had a problem answering videosite/video (${status}); trying again later usually works.`,
        { details: { status } },
      );
    // Down for the first eight requests: five different jobs fail, then two probes and the requests still on their way.
    h.setScript((_request, call) => (call <= 8 ? { error: failing(call % 2 ? 503 : 502) } : undefined));
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'outage', jobs: videoJobs(40) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().paused !== null);
    expect(h.queue.status().paused).toMatchObject({
      reason: 'UPSTREAM_ERROR',
      message: expect.stringMatching(
        /^The service failed [56] different requests in a row; the last: The service had a problem .*\(50\d\).* Nothing is lost .*tries again at \d\d:\d\d:\d\d UTC/,
      ),
    });
    const sentBeforePause = h.calls.length;
    expect(sentBeforePause).toBeLessThanOrEqual(6);
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    // Nothing failed for good, and the outage cost a handful of requests, not five per job.
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 40, failed: 0 });
    expect(h.calls.length).toBe(48);
    // After the pause, one probe at a time, 15 s then 30 s apart, before the rest follow.
    const probes = h.calls.slice(sentBeforePause).map((c) => c.at);
    expect(probes[1]! - probes[0]!).toBeGreaterThanOrEqual(30_000);
    expect(probes[0]! - h.calls[sentBeforePause - 1]!.at).toBeGreaterThanOrEqual(15_000);
    // Only the jobs that failed before the outage was seen used up an attempt.
    expect(h.db.prepare('SELECT count(*) FROM jobs WHERE attempts > 1').pluck().get()).toBeLessThanOrEqual(4);
    expect(h.db.prepare('SELECT max(attempts) FROM jobs').pluck().get()).toBe(2);
    expect(h.queue.status().paused).toBeNull();
  });

  it('one job failing over and over among answers that arrive never pauses the queue', async () => {
    const h = createHarness();
    h.setScript((request) =>
      request.params.url!.endsWith('v000000000')
        ? { error: new GleanerError('UPSTREAM_ERROR', 'The service had a problem (500).', { details: { status: 500 } }) }
        : undefined,
    );
    const { batchId, paused } = await runTwelveWatchingPauses(h);
    expect(paused).toBe(false);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 11, failed: 1 });
  });

  it('failures split by a plain answer from the service (a 404) are not an outage', async () => {
    const h = createHarness();
    const failing = new GleanerError('UPSTREAM_ERROR', 'The service had a problem (500).', { details: { status: 500 } });
    h.setScript((_request, call) => {
      if (call === 5) return { error: new GleanerError('NOT_FOUND', 'The service found nothing (404).', { details: { status: 404 } }) };
      return call <= 9 ? { error: failing } : undefined;
    });
    const { batchId, paused } = await runTwelveWatchingPauses(h);
    // Eight failures from more than five different jobs, but never five in a row.
    expect(new Set(h.calls.slice(0, 9).map((c) => c.params.url)).size).toBeGreaterThanOrEqual(6);
    expect(paused).toBe(false);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 11, failed: 1 });
  });

  const DISK_FULL = "CREATE TEMP TRIGGER disk_full BEFORE INSERT ON responses BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END";
  const count = (h: ReturnType<typeof createHarness>, sql: string): unknown => h.db.prepare(sql).pluck().get();

  it('a library that cannot be written pauses the queue with a sentence instead of ending the app', async () => {
    const h = createHarness();
    h.db.exec(DISK_FULL);
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(2) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().paused !== null);
    expect(h.queue.status().paused).toMatchObject({
      reason: 'STORAGE_ERROR',
      message: expect.stringContaining('database or disk is full'),
    });
    // Nothing is marked failed: the answers that came are held for their jobs.
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 0, failed: 0, remaining: 2 });
    const sentBeforePause = h.calls.length;
    expect(sentBeforePause).toBeGreaterThan(0);
    h.db.exec('DROP TRIGGER disk_full');
    h.queue.resume();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 2, failed: 0 });
    // The answers held were stored, not asked for again: each job was sent once, and the plan's
    // budget counts each request once, its outcome recorded.
    expect(h.calls).toHaveLength(2);
    expect(count(h, 'SELECT count(*) FROM send_log')).toBe(2);
    expect(count(h, "SELECT count(*) FROM send_log WHERE outcome = 'ok'")).toBe(2);
    expect(count(h, 'SELECT count(*) FROM responses')).toBe(2);
  });

  it('a resume while the disk is still full pauses again at once, sending nothing', async () => {
    const h = createHarness({ concurrency: 3 });
    h.db.exec(DISK_FULL);
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(5) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().paused !== null);
    const sent = h.calls.length;
    h.queue.resume();
    expect(h.queue.status().paused).toMatchObject({ reason: 'STORAGE_ERROR' });
    await h.sim.runUntil(() => false, { until: h.sim.now() + MINUTE_MS });
    expect(h.calls).toHaveLength(sent);
    h.db.exec('DROP TRIGGER disk_full');
    h.queue.resume();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 5 });
    expect(h.calls).toHaveLength(5);
  });

  it('held answers are stored on resume before any request and whatever the rate limits, even for a job cancelled meanwhile', async () => {
    const h = createHarness({ limits: { perMinute: 1, perDay: 1000 } });
    h.db.exec(DISK_FULL);
    const first = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(1) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().paused !== null);
    expect(h.calls).toHaveLength(1);
    expect(h.queue.cancel({ batchId: first.batchId })).toBe(1);
    const second = h.queue.enqueue({ kind: 'import', label: 'y', jobs: videoJobs(2).slice(1) });
    h.db.exec('DROP TRIGGER disk_full');
    h.queue.resume();
    // At once, though the minute's one request is spent: the evidence is kept, the job left cancelled.
    expect(count(h, 'SELECT count(*) FROM responses')).toBe(1);
    expect(h.queue.batchProgress(first.batchId)).toMatchObject({ cancelled: 1, done: 0 });
    expect(h.calls).toHaveLength(1);
    await h.sim.runUntil(() => h.queue.batchProgress(second.batchId).finished);
    expect(h.calls).toHaveLength(2);
  });

  it('a pause lifted by another process stores the held answers in the process that holds them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-held-'));
    try {
      const h = createHarness({ dbPath: join(dir, 'gleaner.sqlite3'), watchOthersMs: 1000 });
      h.db.exec(DISK_FULL);
      const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(1) });
      h.queue.start();
      await h.sim.runUntil(() => h.queue.status().paused !== null);
      h.db.exec('DROP TRIGGER disk_full');
      const cli = h.otherProcess();
      expect(cli.start()).toBe(false);
      cli.resume();
      await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
      expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 1 });
      expect(h.calls).toHaveLength(1);
      await cli.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a queue stopped with answers it still cannot store leaves their jobs in line', async () => {
    const h = createHarness();
    h.db.exec(DISK_FULL);
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(1) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().paused !== null);
    await h.queue.stop();
    expect(h.queue.batchProgress(batchId)).toMatchObject({ remaining: 1 });
    expect(count(h, 'SELECT state FROM jobs')).toBe('queued');
  });

  it('a library locked by another process is tried again shortly, and the queue carries on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-busy-'));
    try {
      const dbPath = join(dir, 'gleaner.sqlite3');
      const h = createHarness({ dbPath, limits: { perMinute: 1, perDay: 1000 } });
      h.db.pragma('busy_timeout = 20');
      const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(2) });
      h.queue.start();
      await h.sim.runUntil(() => h.queue.batchProgress(batchId).done === 1);
      // Another process holds the write lock while the next request is due (and the lease is tended).
      const other = openDatabase({ path: dbPath });
      other.exec('BEGIN IMMEDIATE');
      // Any error thrown by the queue's timers would surface here.
      await h.sim.runUntil(() => false, { until: h.sim.now() + 2 * MINUTE_MS });
      expect(h.queue.batchProgress(batchId).done).toBe(1);
      other.exec('COMMIT');
      other.close();
      await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
      expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 2, failed: 0 });
      expect(h.queue.status().paused).toBeNull();
      await h.queue.stop();
      h.db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts jobs interrupted by a crash back in line, and never stores a response twice', async () => {
    const h = createHarness();
    h.setScript(() => ({ delayMs: 5_000 }));
    h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(3) });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length === 3);
    // Simulate a crash: the old queue object is dropped without stopping; its lease expires.
    h.sim.advanceTo(h.sim.now() + 60_000);
    h.setScript(() => undefined);
    const queue = h.restart();
    expect(queue.status().counts.running).toBe(3);
    queue.start();
    await h.sim.runUntil(() => queue.status().counts.done === 3);
    expect(h.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(3);
    expect(h.db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(3);
  });

  it('refuses to run a queue another live process is running', async () => {
    const h = createHarness();
    h.queue.start();
    const other = h.restart();
    expect(other.start()).toBe(false);
  });

  it('runs at once the jobs another process queues or resumes, not only when something else wakes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-queue-'));
    try {
      const h = createHarness({ dbPath: join(dir, 'library.sqlite3'), watchOthersMs: 1000 });
      expect(h.queue.start()).toBe(true);
      // A CLI command while the app runs the queue: it may only write jobs into the library.
      const cli = h.otherProcess();
      expect(cli.start()).toBe(false);
      const queuedAt = h.sim.now();
      const first = cli.enqueue({ kind: 'call', label: 'x', jobs: videoJobs(1) });
      await h.sim.runUntil(() => h.queue.batchProgress(first.batchId).finished, { until: queuedAt + 5_000 });
      expect(h.calls.map((call) => call.at - queuedAt)).toEqual([1_000]);

      // Paused here, resumed there: the runner notices that too.
      h.queue.pause('user');
      const second = cli.enqueue({ kind: 'call', label: 'y', jobs: videoJobs(1, 'w') });
      await h.sim.runUntil(() => false, { until: h.sim.now() + 3_000 });
      expect(h.calls).toHaveLength(1);
      cli.resume();
      const resumedAt = h.sim.now();
      await h.sim.runUntil(() => h.queue.batchProgress(second.batchId).finished, { until: resumedAt + 5_000 });
      expect(h.calls).toHaveLength(2);
      expect(h.calls[1]!.at - resumedAt).toBeLessThanOrEqual(1_000);
      await cli.stop();
      await h.queue.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('frees a slot a minute after the answer came back, not after the request left', async () => {
    // The service counts a request when it arrives, somewhere between leaving and the answer.
    const h = createHarness({ limits: { perMinute: 2, perDay: 1000 } });
    h.setScript((_request, call) => (call <= 2 ? { delayMs: 5_000 } : undefined));
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(3) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.calls[1]!.at).toBe(h.calls[0]!.at);
    expect(h.calls[2]!.at - h.calls[0]!.at).toBe(5_000 + MINUTE_MS);
    expect(h.db.prepare('SELECT sent_at FROM send_log ORDER BY id').pluck().all()).toEqual([
      h.calls[0]!.at + 5_000,
      h.calls[0]!.at + 5_000,
      h.calls[2]!.at,
    ]);
  });

  it('lowers its share once for the 429s of requests already on their way together', async () => {
    const h = createHarness();
    h.setScript((_request, call) =>
      call <= 3
        ? { delayMs: 100, error: new GleanerError('RATE_LIMITED', '429', { details: { status: 429, retryAfterMs: 1_000 } }) }
        : undefined,
    );
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(3) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.calls.slice(0, 3).map((call) => call.at)).toEqual([h.calls[0]!.at, h.calls[0]!.at, h.calls[0]!.at]);
    expect(h.queue.status().gauge.share).toBe(0.75);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 3 });
  });

  it('gives the budget back for a request that never left, and pauses on a locked keychain instead of failing jobs', async () => {
    const h = createHarness();
    h.setScript((_request, call) =>
      call === 1 ? { error: markNotSent(new GleanerError('SECRET_STORE_UNAVAILABLE', 'The keychain is locked.')) as Error } : undefined,
    );
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(2) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().paused !== null);
    expect(h.queue.status().paused).toEqual({ reason: 'TOKEN_MISSING', message: 'The keychain is locked.' });
    expect(h.queue.batchProgress(batchId)).toMatchObject({ failed: 0 });
    expect(h.db.prepare('SELECT count(*) FROM send_log').pluck().get()).toBe(h.calls.length - 1);
    h.queue.resume();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 2, failed: 0 });
    expect(h.queue.status().gauge.usedToday).toBe(h.calls.length - 1);
  });

  it('counts the sends of the process it takes the queue over from', async () => {
    const h = createHarness({ limits: { perMinute: 2, perDay: 1000 } });
    const first = h.queue;
    // Made before the first one sends anything: what it read of send_log then is out of date.
    const second = h.restart();
    const { batchId } = first.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(2) });
    first.start();
    await h.sim.runUntil(() => first.batchProgress(batchId).finished);
    await first.stop();
    const next = second.enqueue({ kind: 'import', label: 'y', jobs: videoJobs(1, 'w') });
    second.start();
    await h.sim.runUntil(() => second.batchProgress(next.batchId).finished);
    expect(h.calls[2]!.at - h.calls[0]!.at).toBeGreaterThanOrEqual(MINUTE_MS);
    await second.stop();
  });

  it('lists the batches still running, with their kind and collection, for a window opened later', async () => {
    const h = createHarness({ limits: { perMinute: 1, perDay: 1000 } });
    const done = h.queue.enqueue({ kind: 'call', label: 'one call', jobs: videoJobs(1, 'c') });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(done.batchId).finished);
    const bulk = h.queue.enqueue({ kind: 'import', label: 'Import of 3 link(s)', collection: 'Harbour', jobs: videoJobs(3) });
    expect(h.queue.unfinishedBatches()).toEqual([
      {
        batchId: bulk.batchId,
        label: 'Import of 3 link(s)',
        kind: 'import',
        collection: 'Harbour',
        total: 3,
        done: 0,
        failed: 0,
        cancelled: 0,
        remaining: 3,
        finished: false,
      },
    ]);
    h.queue.cancel({ batchId: bulk.batchId });
    expect(h.queue.unfinishedBatches()).toEqual([]);
    await h.queue.stop();
  });

  it('cancels and retries one job, a batch, or all', async () => {
    const h = createHarness();
    h.queue.pause('user');
    const { batchId, jobIds } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(4) });
    h.queue.start();
    expect(h.queue.cancel({ jobId: jobIds[0]! })).toBe(1);
    expect(h.queue.cancel({ batchId })).toBe(3);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ cancelled: 4, finished: true });
    // Cancelling was the user's decision: retrying the whole queue or the batch leaves those jobs be.
    expect(h.queue.retry('all')).toBe(0);
    expect(h.queue.retry({ batchId })).toBe(0);
    for (const jobId of jobIds) expect(h.queue.retry({ jobId })).toBe(1);
    h.queue.resume();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId).done).toBe(4);
  });

  it('rejects bad parameters before anything is queued', () => {
    const h = createHarness();
    expect(() =>
      h.queue.enqueue({
        kind: 'call',
        label: 'x',
        jobs: [...videoJobs(2), { operation: 'forum/subreddit/search', params: { subreddit: 'r/news' } }],
      }),
    ).toThrow(/without r\//);
    expect(h.db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(0);
  });

  it('reports a live gauge', async () => {
    const h = createHarness({ limits: { perMinute: 10, perDay: 50 } });
    h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(12) });
    h.queue.start();
    await h.sim.runUntil(() => h.calls.length === 10);
    const { gauge } = h.queue.status();
    expect(gauge).toMatchObject({ usedThisMinute: 10, usedToday: 10, limits: { perMinute: 10, perDay: 50 } });
    expect(Date.parse(gauge.nextFreeSlot)).toBe(h.calls[0]!.at + MINUTE_MS);
  });
});
