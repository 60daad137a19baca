/**
 * The service's bridge methods, called as the core registers them, on the built-in demo service
 * (the default base URL, reached over the loopback): a call runs through the queue and is read
 * back from what it stored.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../../src/main/core/context';
import { createServiceHandlers } from '../../../../src/main/core/handlers/service';
import { callOutcome } from '../../../../src/main/core/usecases/call-results';
import { createTestCore, type TestCore } from '../../../helpers/core';

const VIDEO = { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };

let testCore: TestCore;
let ctx: CoreContext;
let handlers: ReturnType<typeof createServiceHandlers>;
beforeEach(() => {
  testCore = createTestCore({ fetch: globalThis.fetch.bind(globalThis) });
  ctx = testCore.core.context;
  handlers = createServiceHandlers(ctx);
});
afterEach(() => testCore.dispose());

const waitForBatch = (batchId: number) => expect.poll(() => ctx.queue.batchProgress(batchId).finished).toBe(true);
const queuedJobs = () => ctx.queue.status().counts.queued;

describe('service.call', () => {
  it('runs the operation through the queue and answers with what it stored, items in the collection named', async () => {
    const result = await handlers['service.call']({ operation: 'videosite/video', params: VIDEO, collection: 'Clips' });
    expect(result).toMatchObject({ state: 'done', error: null, operation: 'videosite/video', params: VIDEO, status: 200, spent: false });
    expect(result.itemIds).toHaveLength(1);
    expect(ctx.collections.items('Clips').items.map((item) => item.id)).toEqual(result.itemIds);
    // The same outcome service.results reads for its batch.
    expect(callOutcome(ctx, result.batchId).results).toEqual([result]);
  });

  it('refuses a collection name it cannot make before anything is queued', async () => {
    await expect(handlers['service.call']({ operation: 'videosite/video', params: VIDEO, collection: '   ' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(ctx.queue.unfinishedBatches()).toEqual([]);
    expect(ctx.queue.jobs({})).toEqual([]);
  });

  it('refuses a ticket another call was made with, queueing nothing more', async () => {
    const first = await handlers['service.call']({ operation: 'videosite/video', params: VIDEO, ticket: 'ticket-0001' });
    expect(first.state).toBe('done');
    await expect(handlers['service.call']({ operation: 'videosite/trending', params: {}, ticket: 'ticket-0001' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(ctx.queue.jobs({})).toHaveLength(1);
  });

  it('stops waiting when the queue pauses, says why, and takes its request out of the queue', async () => {
    ctx.queue.pause('user');
    const result = await handlers['service.call']({ operation: 'videosite/video', params: VIDEO });
    const pause = ctx.queue.status().paused!;
    expect(result).toMatchObject({ state: 'paused', error: { code: pause.reason, message: pause.message }, spent: false, itemIds: [] });
    expect(ctx.queue.jobs({ batchId: result.batchId }).map((job) => job.state)).toEqual(['cancelled']);
    expect(queuedJobs()).toBe(0);
  });

  it('follows pages up to the number asked for', async () => {
    const first = await handlers['service.call']({ operation: 'videosite/search', params: { query: 'harbour' }, pages: 2 });
    expect(first.nextPage).not.toBeNull();
    await waitForBatch(first.batchId);
    expect((await handlers['service.results']({ batchId: first.batchId })).results).toHaveLength(2);
  });
});

describe('service.start / service.results', () => {
  it('queues the call without waiting for it; its results are read by its batch', async () => {
    const { batchId } = await handlers['service.start']({
      operation: 'videosite/search',
      params: { query: 'flood' },
      collection: 'Floods',
      pages: 3,
      maxItems: 1,
    });
    expect(ctx.queue.batchProgress(batchId)).toMatchObject({ kind: 'call', label: 'videosite/search', collection: 'Floods' });
    await waitForBatch(batchId);
    // One page brought more than one item: the pages asked for stop there.
    const outcome = await handlers['service.results']({ batchId });
    expect(outcome.results.map((result) => result.state)).toEqual(['done']);
    expect(outcome.items.map((item) => item.id)).toEqual(outcome.results[0]!.itemIds);
    expect(ctx.collections.items('Floods').total).toBe(outcome.items.length);
  });

  it('refuses bad parameters before anything is queued', () => {
    expect(() => handlers['service.start']({ operation: 'videosite/video', params: { nonsense: 'x' } })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
    expect(ctx.queue.jobs({})).toEqual([]);
  });
});

describe('service.cancel / service.follow', () => {
  it('cancels a call waiting in a paused queue by its ticket, and follow it to its end', async () => {
    ctx.queue.pause('user');
    const { batchId, jobIds } = ctx.queue.enqueue({
      kind: 'call',
      label: 'videosite/video',
      ticket: 'ticket-0002',
      jobs: [{ operation: 'videosite/video', params: VIDEO }],
    });
    expect(await handlers['service.cancel']({ ticket: 'ticket-0002' })).toEqual({ cancelled: 1 });
    expect(ctx.queue.job(jobIds[0]!)?.state).toBe('cancelled');
    expect(await handlers['service.follow']({ ticket: 'ticket-0002' })).toMatchObject({ batchId, state: 'cancelled', spent: false });
    // Ended: nothing more to cancel.
    expect(await handlers['service.cancel']({ ticket: 'ticket-0002' })).toEqual({ cancelled: 0 });
  });

  it('knows no call by a ticket none was made with', async () => {
    expect(await handlers['service.cancel']({ ticket: 'ticket-never-used' })).toEqual({ cancelled: 0 });
    expect(await handlers['service.follow']({ ticket: 'ticket-never-used' })).toBeNull();
  });
});
