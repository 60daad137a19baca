import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { makeDataFolder } from '../make-folder';
import { GleanerError } from '../../../shared/errors';
import { assertNotTooNew, migrate } from './migrate';
import { migrations } from './migrations';

export type { Database };
export { writeTransaction, type ReadableDB, type WritableDB } from './write-transaction';
import type { ReadableDB } from './write-transaction';

export interface OpenDatabaseOptions {
  /** Path to the database file, or ':memory:' in tests. */
  path: string;
  /** Electron builds better-sqlite3 for its own ABI; it passes that binary here. */
  nativeBinding?: string;
}

/**
 * SQLite's refusals, in words a user can act on (they name the file, never its contents). Any
 * other error passes through unchanged.
 */
export function storageError(error: unknown, path: string): unknown {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return error;
  const say = (message: string) => new GleanerError('STORAGE_ERROR', message, { cause: error });
  if (code.startsWith('SQLITE_CANTOPEN'))
    return say(`Gleaner cannot open its library at ${path}: check that the folder exists and that you may read and write it.`);
  if (code.startsWith('SQLITE_READONLY'))
    return say(`The library at ${path} is read-only (the file, its folder or the disk): Gleaner needs to write to it, even to search it.`);
  if (code === 'SQLITE_NOTADB')
    return say(
      `${path} is not a Gleaner library (it is not an SQLite database). Point --data-dir (or GLEANER_DATA_DIR) at the right folder.`,
    );
  if (code.startsWith('SQLITE_CORRUPT'))
    return say(`The library at ${path} is damaged. Restore it from a backup; sqlite3's .recover command may save what is left.`);
  if (code === 'SQLITE_FULL')
    return say(`The disk holding ${path} is full: free some space, then try again. Nothing stored so far is lost.`);
  if (code.startsWith('SQLITE_IOERR'))
    return say(`Gleaner could not read or write ${path} (${(error as Error).message}); the disk may be failing or gone.`);
  return error;
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
    db = new BetterSqlite3(path, nativeBinding ? { nativeBinding } : {});
  } catch (error) {
    throw storageError(error, path);
  }
  try {
    // A library from a newer Gleaner is refused before anything is set on it (WAL would
    // change its file even so).
    assertNotTooNew(db, migrations.length);
    // WAL lets the UI read while the queue writes; FULL sync because this is evidence:
    // a committed response must survive a power cut, not only a crash.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, migrations);
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
