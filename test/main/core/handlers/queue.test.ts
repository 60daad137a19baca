/**
 * The queue's and the import's bridge methods, called as the core registers them: each checks
 * what it must and hands the work to the queue or an import use case.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../../src/main/core/context';
import { createQueueHandlers } from '../../../../src/main/core/handlers/queue';
import { createTestCore, type TestCore } from '../../../helpers/core';

const LINKS = ['dQw4w9WgXcQ', 'kJQP7kiw5Fk', '9bZkp7q19f0'].map((id) => `https://www.youtube.com/watch?v=${id}`);

let testCore: TestCore;
let ctx: CoreContext;
let handlers: ReturnType<typeof createQueueHandlers>;
beforeEach(() => {
  testCore = createTestCore();
  ctx = testCore.core.context;
  handlers = createQueueHandlers(ctx);
  // Nothing is sent: the test core has no network, and the queue holds what is queued.
  ctx.queue.pause('user');
});
afterEach(() => testCore.dispose());

/** Two calls of one request each, and an import of three links; all waiting. */
function queueSome() {
  const call = (query: string) =>
    ctx.queue.enqueue({ kind: 'call', label: 'videosite/search', jobs: [{ operation: 'videosite/search', params: { query } }] });
  const first = call('harbour');
  const second = call('flood');
  const imported = ctx.queue.enqueue({
    kind: 'import',
    label: 'sheet',
    collection: 'Desk',
    jobs: LINKS.map((url) => ({ operation: 'videosite/video' as const, params: { url } })),
  });
  return { first, second, imported };
}

describe('queue.status / queue.pause / queue.resume', () => {
  it('pauses and resumes the queue, answering each with the status that follows', async () => {
    await handlers['queue.resume']({});
    expect((await handlers['queue.status']({})).paused).toBeNull();
    expect(await handlers['queue.pause']({})).toMatchObject({ paused: { reason: 'user' } });
    expect(ctx.queue.status().paused).toMatchObject({ reason: 'user' });
    const resumed = await handlers['queue.resume']({});
    expect(resumed.paused).toBeNull();
    expect(resumed).toEqual(ctx.queue.status());
  });

  it('counts what waits', async () => {
    queueSome();
    expect((await handlers['queue.status']({})).counts).toMatchObject({ queued: 5, done: 0 });
  });
});

describe('queue.jobs / queue.job', () => {
  it('lists jobs by batch and state, and gives one job’s batch and state, or null', async () => {
    const { imported, first } = queueSome();
    const jobs = await handlers['queue.jobs']({ batchId: imported.batchId, oldestFirst: true });
    expect(jobs.map((job) => [job.id, job.params.url, job.collection])).toEqual(imported.jobIds.map((id, n) => [id, LINKS[n], 'Desk']));
    expect(await handlers['queue.jobs']({ state: 'cancelled' })).toEqual([]);
    ctx.queue.cancel({ jobId: first.jobIds[0]! });
    expect(await handlers['queue.job']({ jobId: first.jobIds[0]! })).toMatchObject({ state: 'cancelled' });
    expect(await handlers['queue.job']({ jobId: imported.jobIds[1]! })).toEqual({
      id: imported.jobIds[1],
      batchId: imported.batchId,
      state: 'queued',
    });
    expect(await handlers['queue.job']({ jobId: 999_999 })).toBeNull();
  });
});

describe('queue.cancel / queue.retry', () => {
  it('cancels one job, a batch or everything, saying how many', async () => {
    const { first, imported } = queueSome();
    expect(await handlers['queue.cancel']({ jobId: first.jobIds[0]! })).toEqual({ cancelled: 1 });
    expect(await handlers['queue.cancel']({ batchId: imported.batchId })).toEqual({ cancelled: 3 });
    // Only what still waits counts.
    expect(await handlers['queue.cancel']({ all: true })).toEqual({ cancelled: 1 });
    expect(ctx.queue.status().counts).toMatchObject({ queued: 0, cancelled: 5 });
  });

  it('queues a cancelled job again only when it is named by its id', async () => {
    const { first, imported } = queueSome();
    await handlers['queue.cancel']({ all: true });
    expect(await handlers['queue.retry']({ batchId: imported.batchId })).toEqual({ retried: 0 });
    expect(await handlers['queue.retry']({ all: true })).toEqual({ retried: 0 });
    expect(await handlers['queue.retry']({ jobId: first.jobIds[0]! })).toEqual({ retried: 1 });
    expect(ctx.queue.job(first.jobIds[0]!)?.state).toBe('queued');
  });
});

describe('queue.batch / queue.batches', () => {
  it('gives a batch’s progress, and lists the batches with work still waiting', async () => {
    const { first, second, imported } = queueSome();
    expect(await handlers['queue.batch']({ batchId: imported.batchId })).toMatchObject({
      batchId: imported.batchId,
      kind: 'import',
      collection: 'Desk',
      total: 3,
      remaining: 3,
      finished: false,
    });
    ctx.queue.cancel({ batchId: second.batchId });
    expect((await handlers['queue.batch']({ batchId: second.batchId })).finished).toBe(true);
    expect((await handlers['queue.batches']({})).map((batch) => batch.batchId).sort()).toEqual([first.batchId, imported.batchId].sort());
  });
});

describe('import.plan / import.start / import.queue', () => {
  it('plans an import without queueing anything', async () => {
    const plan = await handlers['import.plan']({ text: [...LINKS, 'not a link'].join('\n'), transcripts: true });
    expect(plan.counts).toMatchObject({ fetch: 3, rejected: 1 });
    expect(plan.quota.requests).toBe(6);
    expect(ctx.queue.status().counts.queued).toBe(0);
  });

  it('refuses to create a collection it is not given a name for, queueing nothing', () => {
    expect(() => handlers['import.start']({ text: LINKS.join('\n'), createCollection: true })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'Name the collection to create.' }),
    );
    expect(ctx.queue.status().counts.queued).toBe(0);
    expect(ctx.collections.list()).toEqual([]);
  });

  it('starts an import into a collection it creates', async () => {
    const started = await handlers['import.start']({ text: LINKS.join('\n'), collection: 'Harbour tips', createCollection: true });
    expect(started).toMatchObject({ batchId: expect.any(Number), plan: { counts: { fetch: 3 } }, collected: 0, queuedInto: 0 });
    expect(ctx.collections.list().map((collection) => collection.name)).toEqual(['Harbour tips']);
    expect(ctx.queue.batchProgress(started.batchId!)).toMatchObject({ collection: 'Harbour tips', total: 3 });
  });

  it('queues an import the caller already decided on, saying how many requests it made', async () => {
    const queued = await handlers['import.queue']({ text: LINKS.join('\n'), collection: 'Desk' });
    expect(queued).toMatchObject({ batchId: expect.any(Number), jobs: 3, joined: [] });
    expect(ctx.queue.status().counts.queued).toBe(3);
  });
});

describe('through the core’s dispatcher', () => {
  it('refuses input the contract does not allow before any handler runs', async () => {
    queueSome();
    expect(await testCore.core.dispatch('queue.cancel', {})).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await testCore.core.dispatch('queue.cancel', { all: false })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await testCore.core.dispatch('queue.job', { jobId: -1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(ctx.queue.status().counts.queued).toBe(5);
  });
});
