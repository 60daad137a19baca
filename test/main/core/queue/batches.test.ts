import { describe, expect, it } from 'vitest';
import { countStates, createBatchTracker, progressOf, toJobSummary } from '../../../../src/main/core/queue/batches';
import { createEventHub } from '../../../../src/main/core/events';
import { jobRepository as jobs } from '../../../../src/main/core/store/queue/jobs';
import type { BatchProgress } from '../../../../src/shared/queue';
import { NOW, addBatch, openLibrary } from '../store/queue/fixture';

describe('countStates and progressOf', () => {
  it('counts every state, zero for absent ones, and a batch ends when nothing waits', () => {
    const counts = countStates([
      { state: 'done', n: 2 },
      { state: 'queued', n: 1 },
    ]);
    expect(counts).toEqual({ queued: 1, running: 0, paused: 0, done: 2, failed: 0, cancelled: 0 });
    const batch = { label: 'Import', kind: 'import' as const, collection: null };
    expect(progressOf(7, batch, counts)).toMatchObject({ batchId: 7, total: 3, done: 2, remaining: 1, finished: false });
    expect(progressOf(7, batch, countStates([{ state: 'failed', n: 1 }]))).toMatchObject({ total: 1, failed: 1, finished: true });
  });
});

describe('toJobSummary', () => {
  it('lists the job’s own collection first, then the further ones', () => {
    const { db, write } = openLibrary();
    const id = addBatch(write, [{}], { collection: 'Harbour' }).jobIds[0]!;
    write((tx) => jobs.addCollection(tx, id, 'Docks'));
    expect(toJobSummary(jobs.list(db, {})[0]!)).toMatchObject({
      id,
      state: 'queued',
      collection: 'Harbour',
      collections: ['Harbour', 'Docks'],
    });
  });
});

describe('createBatchTracker', () => {
  it('reports progress as an event, and resolves those waiting once the batch has ended', async () => {
    const { db, write } = openLibrary();
    const events = createEventHub();
    const seen: BatchProgress[] = [];
    events.subscribe((event, payload) => {
      if (event === 'queue.batch') seen.push(payload as BatchProgress);
    });
    const tracker = createBatchTracker({ db, events });
    const { batchId, jobIds } = addBatch(write, [{}, {}]);
    const ended = tracker.whenDone(batchId);
    tracker.announce(batchId);
    write((tx) => jobs.cancelWaiting(tx, 'all', NOW));
    tracker.announce(batchId);
    await expect(ended).resolves.toMatchObject({ batchId, cancelled: jobIds.length, finished: true });
    expect(seen.map((p) => p.finished)).toEqual([false, true]);
    await expect(tracker.whenDone(batchId)).resolves.toMatchObject({ finished: true });
    expect(tracker.unfinished()).toEqual([]);
  });

  it('says there is no such batch', () => {
    const { db } = openLibrary();
    expect(() => createBatchTracker({ db, events: createEventHub() }).progress(42)).toThrow('There is no batch 42.');
  });
});
