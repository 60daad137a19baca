/**
 * watches and watch_runs: what is watched, when it is due, and each run's batch. A pass over what
 * is due reads the partial index watches_due, so its cost follows what is due, not the library.
 */
import type { WatchInterval } from '../../../../shared/watch';
import { JOB_WAITING, statement } from '../queue/statements';
import type { ReadableDB, WritableDB } from '../write-transaction';

export interface WatchRow {
  id: number;
  label: string;
  target_kind: 'item' | 'operation';
  item_id: number | null;
  target_operation: string | null;
  target_params: string;
  operation: string;
  params: string;
  pages: number;
  interval: WatchInterval;
  paused: number;
  created_at: string;
  last_run_at: string | null;
  next_due_at: string;
  last_error: string | null;
  member: string | null;
  /** What desks sharing a team hub know this watch by (migration 24). */
  global_id: string;
}

export interface NewWatch {
  label: string;
  targetKind: 'item' | 'operation';
  itemId: number | null;
  targetOperation: string | null;
  targetParams: string;
  operation: string;
  params: string;
  pages: number;
  interval: WatchInterval;
  createdAt: string;
  nextDueAt: string;
  member: string | null;
}

/** One job of a watch's run, with what it ended as (the error's facts when it failed). */
export interface RunJobRow {
  id: number;
  state: string;
  response_id: number | null;
  error_code: string | null;
  error_message: string | null;
  error_status: number | null;
  error_request_id: string | null;
  error_words: string | null;
}

export interface OpenRun {
  id: number;
  watch_id: number | null;
  batch_id: number;
  started_at: string;
  /** Jobs of its batch not yet ended. */
  waiting: number;
}

export const watchesRepository = {
  insert: (tx: WritableDB, watch: NewWatch): number =>
    Number(
      statement(
        tx,
        `INSERT INTO watches (label, target_kind, item_id, target_operation, target_params, operation, params, pages, interval, created_at, next_due_at, member)
         VALUES (@label, @targetKind, @itemId, @targetOperation, @targetParams, @operation, @params, @pages, @interval, @createdAt, @nextDueAt, @member)`,
      ).run(watch).lastInsertRowid,
    ),
  byId: (db: ReadableDB, id: number): WatchRow | undefined =>
    statement<[number], WatchRow>(db, 'SELECT * FROM watches WHERE id = ?').get(id),
  all: (db: ReadableDB): WatchRow[] => statement<[], WatchRow>(db, 'SELECT * FROM watches ORDER BY id').all(),
  /** Requests a day of every active watch but `exceptId`, from each one's runs a day and pages. */
  activeCosts: (db: ReadableDB, exceptId = 0): { interval: WatchInterval; pages: number; n: number }[] =>
    statement<[number], { interval: WatchInterval; pages: number; n: number }>(
      db,
      'SELECT interval, pages, count(*) AS n FROM watches WHERE paused = 0 AND id != ? GROUP BY interval, pages',
    ).all(exceptId),
  /**
   * Active watches due at `nowIso`, earliest first, served by watches_due. The limit is written
   * into the statement (one per limit, a constant of the caller's): bound as a parameter, SQLite
   * took some twenty times longer over an empty answer, and the pass runs every minute.
   */
  due: (db: ReadableDB, nowIso: string, limit: number): WatchRow[] =>
    statement<[string], WatchRow>(
      db,
      `SELECT * FROM watches INDEXED BY watches_due WHERE paused = 0 AND next_due_at <= ? ORDER BY next_due_at LIMIT ${Math.max(1, Math.trunc(limit))}`,
    ).all(nowIso),
  active: (db: ReadableDB): WatchRow[] => statement<[], WatchRow>(db, 'SELECT * FROM watches WHERE paused = 0 ORDER BY id').all(),
  earliestDue: (db: ReadableDB): string | null =>
    statement<[], { at: string | null }>(db, 'SELECT min(next_due_at) AS at FROM watches WHERE paused = 0').get()?.at ?? null,
  setPaused: (tx: WritableDB, id: number, paused: boolean, nextDueAt: string): boolean =>
    statement(tx, 'UPDATE watches SET paused = ?, next_due_at = ? WHERE id = ?').run(paused ? 1 : 0, nextDueAt, id).changes > 0,
  remove: (tx: WritableDB, id: number): boolean => statement(tx, 'DELETE FROM watches WHERE id = ?').run(id).changes > 0,
  markQueued: (tx: WritableDB, id: number, at: string, nextDueAt: string): void => {
    statement(tx, 'UPDATE watches SET last_run_at = ?, next_due_at = ? WHERE id = ?').run(at, nextDueAt, id);
  },
  setLastError: (tx: WritableDB, id: number, error: string | null): void => {
    statement(tx, 'UPDATE watches SET last_error = ? WHERE id = ?').run(error, id);
  },

  addRun: (tx: WritableDB, watchId: number, batchId: number, startedAt: string): number =>
    Number(
      statement(tx, 'INSERT INTO watch_runs (watch_id, batch_id, started_at) VALUES (?, ?, ?)').run(watchId, batchId, startedAt)
        .lastInsertRowid,
    ),
  /** Requests of the runs queued since `sinceIso` (each run its watch's pages; a removed watch's one). */
  requestsSince: (db: ReadableDB, sinceIso: string): number =>
    statement<[string], { n: number | null }>(
      db,
      `SELECT sum(coalesce(w.pages, 1)) AS n FROM watch_runs r INDEXED BY watch_runs_started
         LEFT JOIN watches w ON w.id = r.watch_id WHERE r.started_at > ?`,
    ).get(sinceIso)?.n ?? 0,
  /** Runs not yet examined, with how many of their jobs still wait. */
  openRuns: (db: ReadableDB): OpenRun[] =>
    statement<[], OpenRun>(
      db,
      `SELECT r.id, r.watch_id, r.batch_id, r.started_at,
              (SELECT count(*) FROM jobs j WHERE j.batch_id = r.batch_id AND j.${JOB_WAITING}) AS waiting
         FROM watch_runs r INDEXED BY watch_runs_open WHERE r.examined_at IS NULL ORDER BY r.id`,
    ).all(),
  /** The run of a batch if it is not yet examined (one run per batch, watch_runs_batch). */
  openRunOfBatch: (db: ReadableDB, batchId: number): OpenRun | undefined =>
    statement<[number], OpenRun>(
      db,
      `SELECT r.id, r.watch_id, r.batch_id, r.started_at,
              (SELECT count(*) FROM jobs j WHERE j.batch_id = r.batch_id AND j.${JOB_WAITING}) AS waiting
         FROM watch_runs r INDEXED BY watch_runs_batch WHERE r.batch_id = ? AND r.examined_at IS NULL`,
    ).get(batchId),
  /** Watches with a run still open: not queued again until it ends. */
  hasOpenRun: (db: ReadableDB, watchId: number): boolean =>
    statement<[number], { id: number }>(db, 'SELECT id FROM watch_runs WHERE watch_id = ? AND examined_at IS NULL LIMIT 1').get(watchId) !==
    undefined,
  markExamined: (tx: WritableDB, runId: number, at: string): boolean =>
    statement(tx, 'UPDATE watch_runs SET examined_at = ? WHERE id = ? AND examined_at IS NULL').run(at, runId).changes > 0,
  /** A run's jobs in the order they were sent (a listing's pages in order), with what each ended as. */
  runJobs: (db: ReadableDB, batchId: number): RunJobRow[] =>
    statement<[number], RunJobRow>(
      db,
      'SELECT id, state, response_id, error_code, error_message, error_status, error_request_id, error_words FROM jobs WHERE batch_id = ? ORDER BY id',
    ).all(batchId),
};
