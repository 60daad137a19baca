/**
 * `import.queue` and `queue.job`: what a host that runs the queue itself (the CLI's `import`)
 * asks of the core once it has shown the plan and the person went ahead.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';

const LINKS = ['dQw4w9WgXcQ', 'kJQP7kiw5Fk', '9bZkp7q19f0'].map((id) => `https://www.youtube.com/watch?v=${id}`).join('\n');

let testCore: TestCore;

beforeEach(async () => {
  testCore = createTestCore();
  // Nothing is sent: the test core has no network, and the queue holds what is queued.
  await testCore.core.client.call('queue.pause', {});
});
afterEach(() => testCore.dispose());

describe('import.queue', () => {
  it('queues past the day’s budget (the caller decided), and says how many requests it made', async () => {
    const { client } = testCore.core;
    await client.call('settings.set', { key: 'limits.per-day', value: '2' });
    const queued = await client.call('import.queue', { text: LINKS, collection: 'Harbour tips' });
    expect(queued).toMatchObject({ batchId: expect.any(Number), jobs: 3, joined: [], plan: { counts: { fetch: 3 } } });
    const jobs = await client.call('queue.jobs', { batchId: queued.batchId! });
    expect(jobs).toHaveLength(3);
    expect(await client.call('queue.job', { jobId: jobs[0]!.id })).toEqual({ id: jobs[0]!.id, batchId: queued.batchId, state: 'queued' });
    expect(await client.call('queue.job', { jobId: 999_999 })).toBeNull();
  });

  it('joins links another import queued meanwhile, fetching them once, and sends their items into this collection too', async () => {
    const { client } = testCore.core;
    const earlier = await client.call('import.queue', { text: LINKS });
    // The second plan sees them waiting; queued again, they are joined rather than doubled.
    const again = await client.call('import.queue', { text: LINKS, collection: 'Desk' });
    expect(again.batchId).toBeNull();
    expect(again.queuedInto).toBe(3);
    const waiting = await client.call('queue.jobs', { batchId: earlier.batchId! });
    expect(waiting.every((job) => job.collections.includes('Desk'))).toBe(true);
    expect((await client.call('queue.status', {})).counts.queued).toBe(3);
  });
});
