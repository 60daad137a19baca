import type { Database } from '../store/database';
import type { PauseReason } from '../../../shared/queue';
import { writeTransaction } from '../store/database';

/** Pauses that wait for the token to change (a new one saved, or the saved one allowed where requests now go). */
export const TOKEN_PAUSES: readonly PauseReason[] = ['TOKEN_REJECTED', 'TOKEN_MISSING', 'TOKEN_ELSEWHERE'];

/** Lifts whatever pause the library records, and puts the jobs it held back in line (the queue's resume, and token set's). */
export function clearPause(db: Database, nowIso: string): void {
  db.prepare("DELETE FROM queue_state WHERE key = 'paused'").run();
  db.prepare("UPDATE jobs SET state = 'queued', updated_at = ? WHERE state = 'paused'").run(nowIso);
}

/**
 * Lifts a pause that waited for a new token, straight in the library: `gleaner token set` runs
 * in a process of its own, while the queue may be run by the app or `gleaner serve`, which
 * notice the change (their runner watches the database) and carry on. Says whether it lifted one.
 */
export function liftTokenPause(db: Database, now: () => string = () => new Date().toISOString()): boolean {
  return writeTransaction(db, () => {
    const row = db.prepare<[], { value: string }>("SELECT value FROM queue_state WHERE key = 'paused'").get();
    if (!row) return false;
    let reason: unknown;
    try {
      reason = (JSON.parse(row.value) as { reason?: unknown }).reason;
    } catch {
      return false;
    }
    if (!TOKEN_PAUSES.includes(reason as PauseReason)) return false;
    clearPause(db, now());
    return true;
  });
}
