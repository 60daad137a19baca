import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../../src/main/core/context';
import { setConfig } from '../../../../src/main/core/settings/service-settings';
import { queueImport } from '../../../../src/main/core/usecases/queue-import';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { videoAnswer } from '../store/queue/fixture';

const [KNOWN, FIRST, SECOND] = ['dQw4w9WgXcQ', 'kJQP7kiw5Fk', '9bZkp7q19f0'];
const link = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

let testCore: TestCore;
let ctx: CoreContext;
beforeEach(() => {
  testCore = createTestCore();
  ctx = testCore.core.context;
  // Nothing is sent: what is queued stays in the queue to be looked at.
  ctx.queue.pause('user');
});
afterEach(() => testCore.dispose());

const collectionIds = (name: string) => ctx.collections.items(name).items.map((item) => item.id);

describe('queueImport', () => {
  it('queues one batch for the links it must fetch, into the collection named', () => {
    const queued = queueImport(ctx, { text: [link(FIRST), link(SECOND)].join('\n'), collection: 'Desk' });
    expect(queued).toMatchObject({ batchId: expect.any(Number), jobs: 2, joined: [], collected: 0, queuedInto: 0 });
    expect(queued.plan.counts.fetch).toBe(2);
    const jobs = ctx.queue.jobs({ batchId: queued.batchId!, oldestFirst: true });
    expect(jobs.map((job) => [job.operation, job.collection, job.state])).toEqual([
      ['videosite/video', 'Desk', 'queued'],
      ['videosite/video', 'Desk', 'queued'],
    ]);
    expect(ctx.queue.unfinishedBatches()).toEqual([expect.objectContaining({ batchId: queued.batchId, label: 'Import of 2 link(s)' })]);
  });

  it('queues past the day’s budget: the caller showed the plan and decided', () => {
    setConfig(ctx.settings, 'limits.per-day', '1');
    const queued = queueImport(ctx, { text: [link(FIRST), link(SECOND)].join('\n') });
    expect(queued.plan.quota.fitsToday).toBe(false);
    expect(queued.jobs).toBe(2);
    expect(ctx.queue.status().counts.queued).toBe(2);
  });

  it('puts a link the library has straight into the collection and fetches only the rest', () => {
    const known = ctx.ingest(videoAnswer(KNOWN)).itemIds[0]!;
    const queued = queueImport(ctx, { text: [link(KNOWN), link(FIRST)].join('\n'), collection: 'Desk' });
    expect(queued).toMatchObject({ jobs: 1, collected: 1 });
    expect(collectionIds('Desk')).toEqual([known]);
    expect(ctx.queue.jobs({ batchId: queued.batchId! }).map((job) => job.params.url)).toEqual([link(FIRST)]);
  });

  it('queues nothing when everything is known, and fetches it again when a refresh is asked for', () => {
    ctx.ingest(videoAnswer(KNOWN));
    expect(queueImport(ctx, { text: link(KNOWN), collection: 'Desk' })).toMatchObject({ batchId: null, jobs: 0, collected: 1 });
    expect(ctx.queue.status().counts.queued).toBe(0);
    const refreshed = queueImport(ctx, { text: link(KNOWN), refresh: true });
    expect(refreshed).toMatchObject({ batchId: expect.any(Number), jobs: 1 });
  });

  it('joins links another import queued between the plan and the queueing, sending their items into this collection too', () => {
    let other: { batchId: number; jobIds: number[] } | undefined;
    // Another import queues the same links just before this one does.
    const racing: CoreContext = {
      ...ctx,
      queue: {
        ...ctx.queue,
        enqueue: (spec) => {
          other = ctx.queue.enqueue({ kind: 'import', label: 'the other import', jobs: spec.jobs });
          return ctx.queue.enqueue(spec);
        },
      },
    };
    const queued = queueImport(racing, { text: [link(FIRST), link(SECOND)].join('\n'), collection: 'Desk' });
    expect([...queued.joined].sort()).toEqual([...other!.jobIds].sort());
    expect(ctx.queue.status().counts.queued).toBe(2);
    expect(ctx.queue.jobs({ batchId: other!.batchId }).every((job) => job.collections.includes('Desk'))).toBe(true);
  });
});
