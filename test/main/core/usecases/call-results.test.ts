import { describe, expect, it } from 'vitest';
import { callOutcome, callResult } from '../../../../src/main/core/usecases/call-results';
import { GleanerError } from '../../../../src/shared/errors';
import { createHarness, videoJobs } from '../queue/harness';

const PAUSE = { code: 'TOKEN_MISSING', message: 'Save a token to go on.' };

/** One call of one video request, queued on a fresh harness (not started). */
function queuedCall() {
  const h = createHarness();
  const { batchId, jobIds } = h.queue.enqueue({ kind: 'call', label: 'videosite/video', jobs: videoJobs(1) });
  return { h, batchId, jobId: jobIds[0]! };
}

describe('callResult', () => {
  it('reads a done call back from its job and the response it stored', async () => {
    const { h, batchId, jobId } = queuedCall();
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    const result = callResult(h, batchId, jobId, PAUSE);
    expect(result).toMatchObject({
      batchId,
      state: 'done',
      error: null,
      operation: 'videosite/video',
      params: videoJobs(1)[0]!.params,
      responseId: expect.any(Number),
      requestId: expect.stringMatching(/^req_sim_/),
      status: 200,
      nextPage: null,
      warnings: [],
      spent: false,
    });
    expect(result.fetchedAt).toBe(new Date(h.calls[0]!.at).toISOString());
    expect(result.itemIds).toHaveLength(1);
    await h.queue.stop();
  });

  it('gives a failed call its own error and no response', async () => {
    const { h, batchId, jobId } = queuedCall();
    h.setScript(() => ({ error: new GleanerError('NOT_FOUND', 'No such video.') }));
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(callResult(h, batchId, jobId, PAUSE)).toMatchObject({
      state: 'failed',
      error: { code: 'NOT_FOUND', message: 'No such video.' },
      responseId: null,
      requestId: '',
      status: 0,
      itemIds: [],
      warnings: [],
    });
    await h.queue.stop();
  });

  it('calls a call still waiting paused, with the pause’s error when one is given', () => {
    const { h, batchId, jobId } = queuedCall();
    expect(callResult(h, batchId, jobId, PAUSE)).toMatchObject({ state: 'paused', error: PAUSE, responseId: null });
    expect(callResult(h, batchId, jobId, null)).toMatchObject({ state: 'paused', error: null });
  });

  it('says a cancelled call spent its request only when the request had left', async () => {
    const waiting = queuedCall();
    waiting.h.queue.cancel({ jobId: waiting.jobId });
    expect(callResult(waiting.h, waiting.batchId, waiting.jobId, null)).toMatchObject({ state: 'cancelled', spent: false });

    const sent = queuedCall();
    // The answer takes a minute: the call is cancelled while its request is out.
    sent.h.setScript(() => ({ delayMs: 60_000 }));
    sent.h.queue.start();
    await sent.h.sim.runUntil(() => sent.h.queue.inFlightCount() === 1);
    sent.h.queue.cancel({ jobId: sent.jobId });
    await sent.h.sim.runUntil(() => sent.h.queue.batchProgress(sent.batchId).finished);
    expect(callResult(sent.h, sent.batchId, sent.jobId, null)).toMatchObject({ state: 'cancelled', spent: true, itemIds: [] });
    await sent.h.queue.stop();
  });
});

describe('callOutcome', () => {
  it('has every page’s request, first first, and the items they brought, each once', async () => {
    const h = createHarness();
    // The second page repeats the first (the same continuation), so both bring the same five videos.
    h.setScript((request) => (request.params.continuationToken ? undefined : { nextPage: { continuationToken: 'p0' } }));
    const { batchId } = h.queue.enqueue({
      kind: 'call',
      label: 'videosite/search',
      jobs: [{ operation: 'videosite/search', params: { query: 'harbour' }, pages: 2 }],
    });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    const outcome = callOutcome(h, batchId);
    expect(outcome.results.map((result) => [result.state, result.params.continuationToken])).toEqual([
      ['done', undefined],
      ['done', 'p0'],
    ]);
    expect(outcome.results[0]!.nextPage).toEqual({ continuationToken: 'p0' });
    expect(outcome.results[1]!.itemIds).toEqual(outcome.results[0]!.itemIds);
    expect(outcome.items.map((item) => item.id)).toEqual(outcome.results[0]!.itemIds);
    expect(outcome.items[0]).toEqual({
      id: outcome.results[0]!.itemIds[0],
      platform: 'videosite',
      kind: 'video',
      nativeId: expect.any(String),
      url: expect.any(String),
      title: 'Result 0',
      label: 'Result 0',
    });
    await h.queue.stop();
  });

  it('has no results for a batch the queue does not know', () => {
    const h = createHarness();
    expect(callOutcome(h, 404)).toEqual({ results: [], items: [] });
  });
});
