import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { makeDataFolder } from '../make-folder';
import { migrate } from './migrate';
import { migrations } from './migrations';

export type { Database };

export interface OpenDatabaseOptions {
  /** Path to the database file, or ':memory:' in tests. */
  path: string;
  /** Electron builds better-sqlite3 for its own ABI; it passes that binary here. */
  nativeBinding?: string;
}

/** Opens (creating if needed) and migrates the library database. */
export function openDatabase({ path, nativeBinding }: OpenDatabaseOptions): Database {
  if (path !== ':memory:') makeDataFolder(dirname(path));
  const db = new BetterSqlite3(path, nativeBinding ? { nativeBinding } : {});
  try {
    // WAL lets the UI read while the queue writes; FULL sync because this is evidence:
    // a committed response must survive a power cut, not only a crash.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function sqliteVersion(db: Database): string {
  return (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}
