/** Batch progress: counts per state, the event that reports it, and those waiting for a batch to end. */
import { GleanerError } from '../../../shared/errors';
import { JOB_STATES, type BatchProgress, type JobState, type JobSummary } from '../../../shared/queue';
import type { EventHub } from '../events';
import type { ReadableDB } from '../store/database';
import { batchRepository as batches, type BatchRow } from '../store/queue/batches';
import { jobRepository as jobs, type JobListRow } from '../store/queue/jobs';

/** Every state's count, zero for those no job is in. */
export function countStates(rows: readonly { state: JobState; n: number }[]): Record<JobState, number> {
  const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

export function progressOf(batchId: number, batch: BatchRow, counts: Record<JobState, number>): BatchProgress {
  const total = JOB_STATES.reduce((sum, s) => sum + counts[s], 0);
  const remaining = counts.queued + counts.running + counts.paused;
  return {
    batchId,
    label: batch.label,
    kind: batch.kind,
    collection: batch.collection,
    total,
    done: counts.done,
    failed: counts.failed,
    cancelled: counts.cancelled,
    remaining,
    finished: remaining === 0,
  };
}

export function toJobSummary(row: JobListRow): JobSummary {
  return {
    id: row.id,
    batchId: row.batch_id,
    operation: row.operation,
    params: JSON.parse(row.params) as Record<string, string>,
    state: row.state,
    attempts: row.attempts,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    itemCount: row.item_count,
    collection: row.collection,
    collections: [...(row.collection === null ? [] : [row.collection]), ...(JSON.parse(row.also_into) as string[])],
    updatedAt: row.updated_at,
  };
}

export function createBatchTracker(deps: { db: ReadableDB; events: EventHub }) {
  const { db } = deps;
  const waiters = new Map<number, ((progress: BatchProgress) => void)[]>();

  function progress(batchId: number): BatchProgress {
    const batch = batches.get(db, batchId);
    if (!batch) throw new GleanerError('NOT_FOUND', `There is no batch ${batchId}.`);
    return progressOf(batchId, batch, countStates(jobs.countsByState(db, batchId)));
  }

  return {
    progress,
    /** The batches with jobs still waiting, oldest first: what a reopened window shows as running. */
    unfinished: (limit = 50): BatchProgress[] => batches.unfinishedIds(db, limit).map(progress),
    /** Tells the batch's progress, and those waiting for it when it has ended. */
    announce(batchId: number): void {
      const current = progress(batchId);
      deps.events.emit('queue.batch', current);
      if (current.finished) {
        const waiting = waiters.get(batchId) ?? [];
        waiters.delete(batchId);
        waiting.forEach((resolve) => resolve(current));
      }
    },
    /** Resolves when every job of the batch has ended (done, failed or cancelled). */
    whenDone(batchId: number): Promise<BatchProgress> {
      const current = progress(batchId);
      if (current.finished) return Promise.resolve(current);
      return new Promise((resolve) => waiters.set(batchId, [...(waiters.get(batchId) ?? []), resolve]));
    },
  };
}
