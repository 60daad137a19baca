import type { Database } from 'better-sqlite3';

// The handle types and the one way to write live apart from database.ts, which opens and migrates:
// the migration runner writes through writeTransaction too, and must not import the opener back.

declare const readableBrand: unique symbol;
declare const writableBrand: unique symbol;

/**
 * The library as repositories see it. Anything may read through a ReadableDB; only code running
 * inside writeTransaction holds a WritableDB, so "this must run in a write transaction" is a type
 * rule, not a comment: a repository function that writes takes a WritableDB.
 */
export type ReadableDB = Database & { readonly [readableBrand]: true };
export type WritableDB = ReadableDB & { readonly [writableBrand]: true };

/**
 * Runs fn in a transaction that takes the write lock when it begins (BEGIN IMMEDIATE), waiting for
 * it as long as the busy timeout allows, and returns what fn returns. The library is shared by
 * processes (the app, the CLI, browser mode): a deferred transaction that reads and then writes
 * fails at once with "database is locked" when another process wrote in between, however long the
 * busy timeout. Every write goes through here. Called inside another, it is a savepoint of that one.
 */
export function writeTransaction<R>(db: Database, fn: (tx: WritableDB) => R): R {
  let run = runners.get(db);
  if (!run) {
    const writable = db as WritableDB;
    run = db.transaction((inner: (tx: WritableDB) => unknown) => inner(writable)).immediate;
    runners.set(db, run);
  }
  return run(fn) as R;
}

/** One transaction function per connection, made once: ingest writes a transaction per answer. */
const runners = new WeakMap<Database, (fn: (tx: WritableDB) => unknown) => unknown>();
