/**
 * jobs: one row per request the queue owes (a call, a link of an import, a listing's next
 * page), with its state, attempts and, once done, its stored response; job_collections: the
 * further collections its items go into.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { ErrorCode } from '../../../../shared/errors';
import type { JobState } from '../../../../shared/queue';
import type { ReadableDB, WritableDB } from '../database';
import { JOB_WAITING, statement } from './statements';

export interface JobRow {
  id: number;
  batch_id: number;
  operation: OperationId;
  params: string;
  collection: string | null;
  state: JobState;
  attempts: number;
  pages_left: number;
  max_items: number | null;
  items_so_far: number;
  priority: number;
  /** The page before, for a listing's later page: its page values came from that job's answer. */
  previous_job_id: number | null;
}

export interface JobListRow extends JobRow {
  error_code: ErrorCode | null;
  error_message: string | null;
  item_count: number | null;
  updated_at: string;
  /** JSON array of the further collections (job_collections). */
  also_into: string;
}

export interface NewJob {
  batchId: number;
  operation: OperationId;
  params: string;
  collection: string | null;
  pagesLeft: number;
  maxItems: number | null;
  itemsSoFar: number;
  previousJobId: number | null;
  now: string;
  priority: number;
}

/** Why a job failed: its error's code and sentence, and the facts a watch reads from them. */
export interface JobFailure {
  code: string;
  message: string;
  /** The service's HTTP status, when the service answered. */
  status: number | null;
  /** The request id the service's error answer carried. */
  requestId: string | null;
  /** The service's own words. */
  serviceWords: string | null;
}

/** A job, a batch's jobs, or all of them. */
export type JobTarget = { jobId: number } | { batchId: number } | 'all';

export interface JobListFilter {
  state?: JobState;
  batchId?: number;
  limit?: number;
  oldestFirst?: boolean;
}

export interface JobIdentity {
  id: number;
  operation: string;
  params: string;
}

export interface JobRepository {
  byId(db: ReadableDB, id: number): JobRow | undefined;
  /** The next job due at `now`: interactive calls (priority 1) first, each kind in the order queued. */
  nextDue(db: ReadableDB, now: number): JobRow | undefined;
  /** When the earliest queued job becomes due, or null if none waits. */
  earliestDue(db: ReadableDB): number | null;
  isWaiting(db: ReadableDB, id: number): boolean;
  waiting(db: ReadableDB): JobIdentity[];
  doneSince(db: ReadableDB, sinceIso: string): JobIdentity[];
  /** The collections a job's items go into, read when its answer is stored (they may have changed). */
  collectionsOf(db: ReadableDB, id: number): string[];
  ownCollection(db: ReadableDB, id: number): string | null;
  itemsOfDone(db: ReadableDB, id: number): number[];
  /** The jobs and every later page made from them, by id. */
  withLaterPages(db: ReadableDB, ids: readonly number[]): number[];
  countsByState(db: ReadableDB, batchId?: number): { state: JobState; n: number }[];
  waitingOf(db: ReadableDB, target: JobTarget): { id: number; batch_id: number }[];
  list(db: ReadableDB, filter: JobListFilter): JobListRow[];

  insert(tx: WritableDB, job: NewJob): number;
  copyCollections(tx: WritableDB, toJob: number, fromJob: number): void;
  /** Adds a further collection to a job, unless it is the job's own. */
  addCollection(tx: WritableDB, id: number, collection: string): void;
  /** Claims a queued job for one attempt; false if it is no longer queued. */
  markRunning(tx: WritableDB, id: number, now: string): boolean;
  /** Ends this attempt (`attempts`) of a running job as done; false if it is no longer that attempt. */
  markDone(tx: WritableDB, done: { id: number; attempts: number; responseId: number; itemCount: number; now: string }): boolean;
  /** Puts a running job back in line, `giveBack` attempts returned, due at `notBefore`. */
  requeue(tx: WritableDB, id: number, giveBack: number, notBefore: number, now: string): void;
  markFailed(tx: WritableDB, id: number, failure: JobFailure, now: string): void;
  /** Ends a queued job as failed before it is sent (nothing about it could be sent). */
  failUnsent(tx: WritableDB, id: number, failure: JobFailure, now: string): void;
  /**
   * Jobs left running by a process that stopped go back in line, except `keep` (their answers came
   * and wait on disk to be stored: sending them again would pay twice); returns how many.
   */
  requeueRunning(tx: WritableDB, now: string, keep?: readonly number[]): number;
  /** Queued jobs due after `latest` are due now; returns how many. */
  dueBy(tx: WritableDB, latest: number): number;
  /** Paused jobs go back in line (the pause lifted). */
  requeuePaused(tx: WritableDB, now: string): void;
  cancelWaiting(tx: WritableDB, target: JobTarget, now: string): void;
  /** Queues failed jobs (and cancelled ones, with `andCancelled`) again; returns how many. */
  retry(tx: WritableDB, target: JobTarget, andCancelled: boolean, now: string): number;
}

const whereTarget = (target: JobTarget): { where: string; id: number } =>
  target === 'all'
    ? { where: '1 = 1', id: 0 }
    : 'jobId' in target
      ? { where: 'id = @id', id: target.jobId }
      : { where: 'batch_id = @id', id: target.batchId };

export const jobRepository: JobRepository = {
  byId: (db, id) => statement<[number], JobRow>(db, 'SELECT * FROM jobs WHERE id = ?').get(id),
  nextDue: (db, now) =>
    statement<[number], JobRow>(
      db,
      "SELECT * FROM jobs INDEXED BY jobs_next WHERE state = 'queued' AND not_before <= ? ORDER BY priority DESC, id LIMIT 1",
    ).get(now),
  earliestDue: (db) =>
    statement<[], { t: number | null }>(db, "SELECT min(not_before) AS t FROM jobs WHERE state = 'queued'").get()?.t ?? null,
  isWaiting: (db, id) =>
    statement<[number], { id: number }>(db, `SELECT id FROM jobs WHERE id = ? AND ${JOB_WAITING}`).get(id) !== undefined,
  waiting: (db) => statement<[], JobIdentity>(db, `SELECT id, operation, params FROM jobs WHERE ${JOB_WAITING}`).all(),
  // Served by jobs_recent (state, updated_at, id).
  doneSince: (db, sinceIso) =>
    statement<[string], JobIdentity>(db, "SELECT id, operation, params FROM jobs WHERE state = 'done' AND updated_at >= ?").all(sinceIso),
  collectionsOf: (db, id) =>
    statement<[number, number], { collection: string }>(
      db,
      `SELECT collection FROM jobs WHERE id = ? AND collection IS NOT NULL
       UNION SELECT collection FROM job_collections WHERE job_id = ?`,
    )
      .all(id, id)
      .map((row) => row.collection),
  ownCollection: (db, id) =>
    statement<[number], { collection: string | null }>(db, 'SELECT collection FROM jobs WHERE id = ?').get(id)?.collection ?? null,
  itemsOfDone: (db, id) =>
    statement<[number], { itemId: number }>(
      db,
      "SELECT s.item_id AS itemId FROM jobs j JOIN item_sources s ON s.response_id = j.response_id WHERE j.id = ? AND j.state = 'done' ORDER BY s.position",
    )
      .all(id)
      .map((row) => row.itemId),
  withLaterPages: (db, ids) =>
    statement<[string], number>(
      db,
      `WITH RECURSIVE chain (id) AS (SELECT value FROM json_each(?) UNION SELECT j.id FROM jobs j JOIN chain ON j.previous_job_id = chain.id)
       SELECT id FROM chain ORDER BY id`,
    )
      .pluck()
      .all(JSON.stringify(ids)),
  countsByState: (db, batchId) =>
    batchId === undefined
      ? statement<[], { state: JobState; n: number }>(db, 'SELECT state, count(*) AS n FROM jobs GROUP BY state').all()
      : statement<[number], { state: JobState; n: number }>(
          db,
          'SELECT state, count(*) AS n FROM jobs WHERE batch_id = ? GROUP BY state',
        ).all(batchId),
  waitingOf: (db, target) => {
    const { where, id } = whereTarget(target);
    return statement<{ id: number }, { id: number; batch_id: number }>(
      db,
      `SELECT id, batch_id FROM jobs WHERE ${where} AND ${JOB_WAITING}`,
    ).all({
      id,
    });
  },
  list: (db, filter) =>
    statement<Record<string, unknown>, JobListRow>(
      db,
      `SELECT *, (SELECT json_group_array(collection) FROM job_collections WHERE job_id = jobs.id) AS also_into
         FROM jobs WHERE ${filter.state === undefined ? '1' : 'state = @state'} AND ${filter.batchId === undefined ? '1' : 'batch_id = @batchId'}
         ORDER BY ${filter.oldestFirst ? 'priority DESC, id ASC' : 'updated_at DESC, id DESC'} LIMIT @limit`,
    ).all({ state: filter.state ?? null, batchId: filter.batchId ?? null, limit: filter.limit ?? 200 }),

  insert: (tx, job) =>
    Number(
      statement<NewJob>(
        tx,
        `INSERT INTO jobs (batch_id, operation, params, collection, state, pages_left, max_items, items_so_far, previous_job_id, created_at, updated_at, priority)
         VALUES (@batchId, @operation, @params, @collection, 'queued', @pagesLeft, @maxItems, @itemsSoFar, @previousJobId, @now, @now, @priority)`,
      ).run(job).lastInsertRowid,
    ),
  copyCollections: (tx, toJob, fromJob) =>
    void statement<[number, number]>(
      tx,
      'INSERT OR IGNORE INTO job_collections (job_id, collection) SELECT ?, collection FROM job_collections WHERE job_id = ?',
    ).run(toJob, fromJob),
  addCollection: (tx, id, collection) =>
    void statement<{ id: number; collection: string }>(
      tx,
      `INSERT OR IGNORE INTO job_collections (job_id, collection)
       SELECT id, @collection FROM jobs WHERE id = @id AND (collection IS NULL OR collection <> @collection COLLATE NOCASE)`,
    ).run({ id, collection }),
  markRunning: (tx, id, now) =>
    statement(tx, "UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_at = ? WHERE id = ? AND state = 'queued'").run(
      now,
      id,
    ).changes > 0,
  // Only this attempt's own: a job cancelled from another process meanwhile stays cancelled, and
  // one another runner took over and sent again (attempts moved on) is that runner's to finish.
  markDone: (tx, d) =>
    statement(
      tx,
      "UPDATE jobs SET state = 'done', response_id = ?, item_count = ?, error_code = NULL, error_message = NULL, error_status = NULL, error_request_id = NULL, error_words = NULL, updated_at = ?, finished_at = ? WHERE id = ? AND state = 'running' AND attempts = ?",
    ).run(d.responseId, d.itemCount, d.now, d.now, d.id, d.attempts).changes > 0,
  requeue: (tx, id, giveBack, notBefore, now) =>
    void statement(
      tx,
      "UPDATE jobs SET state = 'queued', attempts = max(0, attempts - ?), not_before = ?, updated_at = ? WHERE id = ? AND state = 'running'",
    ).run(giveBack, notBefore, now, id),
  markFailed: (tx, id, failure, now) =>
    void statement(
      tx,
      "UPDATE jobs SET state = 'failed', error_code = ?, error_message = ?, error_status = ?, error_request_id = ?, error_words = ?, updated_at = ?, finished_at = ? WHERE id = ? AND state = 'running'",
    ).run(failure.code, failure.message, failure.status, failure.requestId, failure.serviceWords, now, now, id),
  failUnsent: (tx, id, failure, now) =>
    void statement(
      tx,
      "UPDATE jobs SET state = 'failed', error_code = ?, error_message = ?, error_status = ?, error_request_id = ?, error_words = ?, updated_at = ?, finished_at = ? WHERE id = ? AND state = 'queued'",
    ).run(failure.code, failure.message, failure.status, failure.requestId, failure.serviceWords, now, now, id),
  requeueRunning: (tx, now, keep = []) =>
    statement(
      tx,
      "UPDATE jobs SET state = 'queued', updated_at = ? WHERE state = 'running' AND id NOT IN (SELECT value FROM json_each(?))",
    ).run(now, JSON.stringify(keep)).changes,
  dueBy: (tx, latest) => statement(tx, "UPDATE jobs SET not_before = 0 WHERE state = 'queued' AND not_before > ?").run(latest).changes,
  requeuePaused: (tx, now) => void statement(tx, "UPDATE jobs SET state = 'queued', updated_at = ? WHERE state = 'paused'").run(now),
  cancelWaiting: (tx, target, now) => {
    const { where, id } = whereTarget(target);
    statement(tx, `UPDATE jobs SET state = 'cancelled', updated_at = @now, finished_at = @now WHERE ${where} AND ${JOB_WAITING}`).run({
      id,
      now,
    });
  },
  retry: (tx, target, andCancelled, now) => {
    const { where, id } = whereTarget(target);
    const states = andCancelled ? "('failed', 'cancelled')" : "('failed')";
    return statement(
      tx,
      `UPDATE jobs SET state = 'queued', attempts = 0, not_before = 0, error_code = NULL, error_message = NULL, error_status = NULL, error_request_id = NULL, error_words = NULL, finished_at = NULL, updated_at = @now WHERE ${where} AND state IN ${states}`,
    ).run({ id, now }).changes;
  },
};
