/** The local side of shared watches: the log this desk pushes, and applying colleagues' watches by global id. */
import { statement } from '../queue/statements';
import { SEED_WATCH_LOG } from '../team/watch-log-sql';
import type { ReadableDB, WritableDB } from '../write-transaction';
import type { NewChange } from './watch-changes-repository';
import type { NewWatch, WatchRow } from './watches-repository';

/** A pulled watch, checked, with its item already found here. */
export interface SharedWatch extends Omit<NewWatch, 'interval'> {
  gid: string;
  /** As the hub's row gave it (checked before it is taken up). */
  interval: string;
  paused: number;
  nextDueAt: string;
  member: string | null;
}

export const teamWatchesRepository = {
  /** Log entries after `afterSeq`, oldest first (entry still serialised). */
  logAfter: (db: ReadableDB, afterSeq: number, limit: number): { seq: number; entry: string }[] =>
    statement<[number, number], { seq: number; entry: string }>(
      db,
      'SELECT seq, entry FROM team_watch_log WHERE seq > ? ORDER BY seq LIMIT ?',
    ).all(afterSeq, limit),
  /** How many log entries come after `afterSeq` (what waits to be pushed). */
  countAfter: (db: ReadableDB, afterSeq: number): number =>
    statement<[number], number>(db, 'SELECT count(*) FROM team_watch_log WHERE seq > ?').pluck().get(afterSeq)!,
  /**
   * Logs every watch this library holds and every change noticed, colleagues' included, for a hub
   * that has none of them; returns the seq before those entries (what was logged for the old hub).
   */
  logEverything: (tx: WritableDB): number => {
    const before = statement<[], number>(tx, 'SELECT coalesce(max(seq), 0) FROM team_watch_log').pluck().get()!;
    tx.exec(SEED_WATCH_LOG);
    return before;
  },
  /** The same change is here already (a colleague's desk shared it again after moving hub). */
  hasChange: (db: ReadableDB, change: NewChange): boolean =>
    statement<NewChange, number>(
      db,
      `SELECT 1 FROM watch_changes WHERE watch_id IS @watchId AND item_id IS @itemId AND change = @change AND field IS @field
          AND before IS @before AND after IS @after AND request_id IS @requestId AND sha256 IS @sha256 AND at = @at AND words IS @words`,
    )
      .pluck()
      .get(change) !== undefined,
  byGid: (db: ReadableDB, gid: string): WatchRow | undefined =>
    statement<[string], WatchRow>(db, 'SELECT * FROM watches WHERE global_id = ?').get(gid),
  /** A colleague's watch, added or brought up to its pause state and due time (paused changes nothing else). */
  upsert: (tx: WritableDB, watch: SharedWatch): void => {
    statement(
      tx,
      `INSERT INTO watches (global_id, label, target_kind, item_id, target_operation, target_params, operation, params, pages, interval,
                            paused, created_at, next_due_at, member)
       VALUES (@gid, @label, @targetKind, @itemId, @targetOperation, @targetParams, @operation, @params, @pages, @interval,
               @paused, @createdAt, @nextDueAt, @member)
       ON CONFLICT (global_id) DO UPDATE SET paused = excluded.paused, next_due_at = excluded.next_due_at`,
    ).run(watch);
  },
  /** This library's copy of a colleague's answer, by the service's request id. */
  responseByRequestId: (db: ReadableDB, requestId: string): number | undefined =>
    statement<[string], { id: number }>(db, 'SELECT id FROM responses WHERE request_id = ?').get(requestId)?.id,
  removeByGid: (tx: WritableDB, gid: string): void => {
    statement(tx, 'DELETE FROM watches WHERE global_id = ?').run(gid);
  },
  /** A due slot another desk ran: this desk moves on to the next without a run of its own. */
  skipSlot: (tx: WritableDB, id: number, dueAt: string, nextDueAt: string): void => {
    statement(tx, 'UPDATE watches SET next_due_at = ? WHERE id = ? AND next_due_at = ?').run(nextDueAt, id, dueAt);
  },
};
