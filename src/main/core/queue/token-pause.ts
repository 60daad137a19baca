import type { PauseReason } from '../../../shared/queue';
import { writeTransaction, type Database, type ReadableDB } from '../store/database';
import { jobRepository as jobs } from '../store/queue/jobs';
import { queueStateRepository as queueState } from '../store/queue/queue-state';

/** Pauses that wait for the token to change (a new one saved, or the saved one allowed where requests now go). */
export const TOKEN_PAUSES: readonly PauseReason[] = ['TOKEN_REJECTED', 'TOKEN_MISSING', 'TOKEN_ELSEWHERE'];

/** Lifts whatever pause the library records, and puts the jobs it held back in line (the queue's resume, and token set's). */
export function clearPause(db: Database, nowIso: string): void {
  writeTransaction(db, (tx) => {
    queueState.clearPause(tx);
    jobs.requeuePaused(tx, nowIso);
  });
}

/**
 * Lifts a pause that waited for a new token, straight in the library: `gleaner token set` runs
 * in a process of its own, while the queue may be run by the app or `gleaner serve`, which
 * notice the change (their runner watches the database) and carry on. Says whether it lifted one.
 */
export function liftTokenPause(db: Database, now: () => string = () => new Date().toISOString()): boolean {
  return writeTransaction(db, (tx) => {
    let reason: unknown;
    try {
      reason = queueState.read<{ reason?: unknown } | null>(tx as ReadableDB, 'paused', null)?.reason;
    } catch {
      return false;
    }
    if (reason === undefined || !TOKEN_PAUSES.includes(reason as PauseReason)) return false;
    clearPause(tx, now());
    return true;
  });
}
