/**
 * Held answers outlive their process: an answer that came while the library could not be written
 * is kept (here in a stand-in for the files beside the library), its job left running, and the
 * next queue to start stores it instead of sending the job again.
 */
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../../src/main/core/queue/answers';
import type { HeldAnswerStore } from '../../../../src/main/core/queue/held-answer-files';
import { createHarness, videoJobs } from './harness';

// SQLite refuses every new response, as on a disk with no room for the answer's rows.
const DISK_FULL = "CREATE TEMP TRIGGER disk_full BEFORE INSERT ON responses BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END";

/** The files beside the library, kept in memory: what one queue saved, the next one finds. */
function heldAnswerShelf(options: { refuse?: boolean } = {}): HeldAnswerStore & { shelf: Map<number, Answer> } {
  const shelf = new Map<number, Answer>();
  return {
    shelf,
    save: (answer) => (options.refuse ? false : (shelf.set(answer.job.id, structuredClone(answer)), true)),
    loadAll: () => [...shelf.values()].map((answer) => structuredClone(answer)),
    remove: (jobId) => void shelf.delete(jobId),
    topUpReserve: () => undefined,
  };
}

describe('held answers across processes', () => {
  it('an answer held when its queue stopped is stored by the next one, without sending the job again', async () => {
    const files = heldAnswerShelf();
    const h = createHarness({ heldAnswerFiles: files });
    h.db.exec(DISK_FULL);
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(2) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().paused !== null && h.queue.inFlightCount() === 0);
    await h.queue.stop();
    expect(h.calls).toHaveLength(2);
    expect([...files.shelf.keys()].sort()).toEqual(
      h.queue
        .jobs({ batchId })
        .map((job) => job.id)
        .sort(),
    );
    expect(h.queue.jobs({ batchId }).map((job) => job.state)).toEqual(['running', 'running']);

    h.db.exec('DROP TRIGGER disk_full');
    const next = h.restart();
    next.resume();
    next.start();
    await h.sim.runUntil(() => next.batchProgress(batchId).finished);
    expect(next.batchProgress(batchId)).toMatchObject({ done: 2, failed: 0 });
    expect(h.calls).toHaveLength(2);
    expect(files.shelf.size).toBe(0);
    await next.stop();
  });

  it('an answer that could not be kept on disk either goes back in line when its queue stops, to be sent again', async () => {
    const h = createHarness({ heldAnswerFiles: heldAnswerShelf({ refuse: true }) });
    h.db.exec(DISK_FULL);
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'x', jobs: videoJobs(1) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.status().paused !== null && h.queue.inFlightCount() === 0);
    await h.queue.stop();
    expect(h.queue.jobs({ batchId }).map((job) => job.state)).toEqual(['queued']);
  });
});
