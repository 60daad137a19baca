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
  if (!failingForTests.has(db)) return run(fn) as R;
  return run((tx) => {
    fn(tx);
    // Thrown inside the transaction, so what fn wrote is rolled back, as SQLite does when a commit cannot be written.
    throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  }) as R;
}

/** Connections whose every write fails as on a disk with no room left at all (tests only: see fillDiskForTests). */
const failingForTests = new WeakSet<Database>();

/** Tests only (no setting, variable or argument reaches it): every write transaction on `db` fails with SQLITE_FULL, or again succeeds. */
export function failEveryWriteForTests(db: Database, failing: boolean): void {
  if (failing) failingForTests.add(db);
  else failingForTests.delete(db);
}

/** One transaction function per connection, made once: ingest writes a transaction per answer. */
const runners = new WeakMap<Database, (fn: (tx: WritableDB) => unknown) => unknown>();
