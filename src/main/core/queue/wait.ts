import type { BatchProgress, PauseReason } from '../../../shared/queue';
import type { EventHub } from '../events';
import type { FetchQueue } from './fetch-queue';

export type BatchOutcome =
  { kind: 'finished'; progress: BatchProgress } | { kind: 'paused'; reason: PauseReason; message: string; progress: BatchProgress };

/**
 * Waits until a batch has ended, or the queue pauses (a rejected token, an inactive
 * subscription, the user) with the batch unfinished. Polls as well as listening, because
 * another process may be the one running the queue.
 */
export function waitForBatch(
  queue: FetchQueue,
  events: EventHub,
  batchId: number,
  onProgress?: (progress: BatchProgress) => void,
  pollMs = 1000,
): Promise<BatchOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const check = (): void => {
      if (settled) return;
      const progress = queue.batchProgress(batchId);
      onProgress?.(progress);
      if (progress.finished) return finish({ kind: 'finished', progress });
      const paused = queue.status().paused;
      if (paused) finish({ kind: 'paused', reason: paused.reason, message: paused.message, progress });
    };
    const unsubscribe = events.subscribe((event, payload) => {
      if (event === 'queue.status' || (event === 'queue.batch' && (payload as BatchProgress).batchId === batchId)) check();
    });
    const timer = setInterval(check, pollMs);
    timer.unref?.();
    function finish(outcome: BatchOutcome): void {
      settled = true;
      clearInterval(timer);
      unsubscribe();
      resolve(outcome);
    }
    check();
  });
}
