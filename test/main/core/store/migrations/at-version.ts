import BetterSqlite3 from 'better-sqlite3';
import { migrations } from '../../../../../src/main/core/store/migrations';

/** An in-memory library as a given version left it (foreign keys on), for the next migration's test. */
export function databaseAtVersion(version: number): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  db.pragma('foreign_keys = ON');
  for (const migration of migrations.slice(0, version)) migration.up(db);
  return db;
}
