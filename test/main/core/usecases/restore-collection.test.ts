import { describe, expect, it } from 'vitest';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { normaliseResponse } from '../../../../src/main/core/platforms/normalise';
import { restoreCollection } from '../../../../src/main/core/usecases/restore-collection';
import { createHarness, videoJobs } from '../queue/harness';
import { videoAnswer } from '../store/queue/fixture';

/** A harness whose library has the collection "Floods" of two stored videos, and two links queued into it. */
function floods() {
  const h = createHarness();
  const collections = createCollectionRepository(h.db, () => new Date(h.sim.now()).toISOString());
  const ingest = createIngester(h.db, normaliseResponse);
  const stored = [ingest(videoAnswer('aaaaaaaaaaa')).itemIds[0]!, ingest(videoAnswer('bbbbbbbbbbb')).itemIds[0]!];
  collections.create('Floods');
  collections.add('Floods', [stored[1]!, stored[0]!]);
  const { batchId, jobIds } = h.queue.enqueue({ kind: 'import', label: 'floods', collection: 'Floods', jobs: videoJobs(2) });
  const ctx = { db: h.db, queue: h.queue, collections };
  return { h, ctx, collections, stored, batchId, jobIds };
}

describe('restoreCollection', () => {
  it('brings the collection back as it was, and its waiting jobs fill it again', async () => {
    const { h, ctx, collections, stored, batchId } = floods();
    const { contents } = collections.delete('Floods');
    expect(h.queue.jobs({ batchId }).map((job) => job.collections)).toEqual([[], []]);

    const restored = restoreCollection(ctx, contents);
    expect(restored).toMatchObject({ name: 'Floods', itemCount: 2 });
    expect(collections.items('Floods').items.map((item) => item.id)).toEqual([stored[1], stored[0]]);
    expect(h.queue.jobs({ batchId }).map((job) => job.collections)).toEqual([['Floods'], ['Floods']]);

    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(collections.items('Floods').total).toBe(4);
    await h.queue.stop();
  });

  it('adds at once the items of jobs that finished while it was gone', async () => {
    const { h, ctx, collections, batchId } = floods();
    const { contents } = collections.delete('Floods');
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    await h.queue.stop();
    // Fetched while the collection was gone: into the library only.
    expect(collections.list()).toEqual([]);

    expect(restoreCollection(ctx, contents)).toMatchObject({ name: 'Floods', itemCount: 4 });
    expect(collections.items('Floods').total).toBe(4);
  });

  it('brings back nothing when a step fails after the collection was made', async () => {
    const { h, ctx, collections, batchId } = floods();
    const { contents } = collections.delete('Floods');
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    await h.queue.stop();
    const failingAdd = {
      ...ctx,
      collections: {
        ...collections,
        add: () => {
          throw new Error('the disk is full');
        },
      },
    };
    expect(() => restoreCollection(failingAdd, contents)).toThrow('the disk is full');
    expect(collections.list()).toEqual([]);
  });

  it('refuses a name taken meanwhile, leaving the jobs where they were', () => {
    const { h, ctx, collections, batchId } = floods();
    const { contents } = collections.delete('Floods');
    collections.create('floods');
    expect(() => restoreCollection(ctx, contents)).toThrow(/already exists/);
    expect(h.queue.jobs({ batchId }).map((job) => job.collections)).toEqual([[], []]);
    expect(collections.items('floods').total).toBe(0);
  });
});
