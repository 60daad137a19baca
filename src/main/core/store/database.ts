import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { makeDataFolder } from '../make-folder';
import { GleanerError } from '../../../shared/errors';
import { assertNotTooNew, migrate } from './migrate';
import { storageError } from './storage-error';
import { migrations } from './migrations';
import { installCustodyFunctions } from './custody/custody-functions';
import { installedSqliteAddon } from './sqlite-addon';
import { markAsLibrary, recogniseLibrary } from './recognise-library';

export type { Database };
export { writeTransaction, type ReadableDB, type WritableDB } from './write-transaction';
export { freeBytesAt, isDiskFull, isStorageFailure, storageError } from './storage-error';
import { failEveryWriteForTests, type ReadableDB } from './write-transaction';

export interface OpenDatabaseOptions {
  /** Path to the database file, or ':memory:' in tests. */
  path: string;
  /** Electron builds better-sqlite3 for its own ABI; it passes that binary here. */
  nativeBinding?: string;
}

/** The size of the file at `path` in bytes, or null when there is none yet. */
function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Opens (creating if needed) and migrates the library database. */
export function openDatabase({ path, nativeBinding }: OpenDatabaseOptions): ReadableDB {
  if (path !== ':memory:') {
    makeDataFolder(dirname(path));
    // SQLite takes a 0-byte file for an empty database and would start a new library in it. Gleaner
    // writes its schema the moment it creates the file, so an empty one lost its contents (a failed
    // copy or sync): say so, and leave it for the user to restore.
    if (fileSize(path) === 0) {
      throw new GleanerError(
        'STORAGE_ERROR',
        `The library at ${path} is empty (0 bytes): it was damaged, by an interrupted copy or sync perhaps. Gleaner left it as it is; restore it from a backup, or move it away to start a new library.`,
      );
    }
  }
  let db: Database;
  try {
    const addon = nativeBinding ?? installedSqliteAddon();
    db = new BetterSqlite3(path, addon ? { nativeBinding: addon } : {});
  } catch (error) {
    throw storageError(error, path);
  }
  try {
    // Another program's database, a library whose version number was lost, and a library from
    // a newer Gleaner are refused before anything is set on them (WAL would change the file even so).
    recogniseLibrary(db, path, migrations);
    assertNotTooNew(db, migrations.length);
    // WAL lets the UI read while the queue writes; FULL sync because this is evidence:
    // a committed response must survive a power cut, not only a crash.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // The custody log's triggers hash in SQL; every connection that may write needs the functions.
    installCustodyFunctions(db);
    migrate(db, migrations);
    markAsLibrary(db);
    return db as ReadableDB;
  } catch (error) {
    db.close();
    throw storageError(error, path);
  }
}

export function sqliteVersion(db: Database): string {
  return (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Tests only (no setting, variable or argument reaches it): the library's disk is full from now
 * on, as far as this connection can tell. SQLite refuses to grow the file past the pages it has
 * (PRAGMA max_page_count: a real SQLITE_FULL, for writes that need room); with `everyWrite`, every
 * write transaction fails too, as on a disk where not even the write-ahead log can grow.
 */
export function fillDiskForTests(db: Database, options: { everyWrite?: boolean } = {}): void {
  const pages = db.pragma('page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${pages}`);
  if (options.everyWrite) failEveryWriteForTests(db, true);
}

/** Tests only: the disk has room again. */
export function freeDiskForTests(db: Database): void {
  db.pragma('max_page_count = 4294967294');
  failEveryWriteForTests(db, false);
}
