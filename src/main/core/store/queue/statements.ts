import type { Database, Statement } from 'better-sqlite3';

const cache = new WeakMap<Database, Map<string, Statement>>();

/**
 * The connection's prepared statement for `sql`, prepared once: the queue runs the same few
 * statements for every request, and preparing is most of a small statement's cost.
 */
export function statement<P extends unknown[] | object = unknown[], R = unknown>(
  db: Database,
  sql: string,
): Statement<P extends unknown[] ? P : [P], R> {
  let byText = cache.get(db);
  if (!byText) cache.set(db, (byText = new Map()));
  let prepared = byText.get(sql);
  if (!prepared) byText.set(sql, (prepared = db.prepare(sql)));
  return prepared as unknown as Statement<P extends unknown[] ? P : [P], R>;
}

/** SQL condition on `jobs`: the job has not ended (it waits, runs, or is paused) — one definition for every query. */
export const JOB_WAITING = "state IN ('queued', 'running', 'paused')";
