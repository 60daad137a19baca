import type { Database } from 'better-sqlite3';
import { GleanerError } from '../../../shared/errors';
import type { Migration } from './migrations/types';
import { writeTransaction } from './write-transaction';

export interface MigrationResult {
  from: number;
  to: number;
}

/** The database's schema version, refused when a newer Gleaner wrote it. */
export function assertNotTooNew(db: Database, latest: number): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latest) {
    throw new GleanerError(
      'DATABASE_TOO_NEW',
      `This library was written by a newer version of Gleaner (schema ${current}; this version knows up to ${latest}). Update Gleaner to open it; nothing was changed.`,
    );
  }
  return current;
}

/**
 * Brings a database up to the newest schema. All pending migrations run inside one
 * transaction, so a crash leaves the database at its old version, never half-migrated.
 * A database written by a newer Gleaner is refused rather than guessed at.
 */
export function migrate(db: Database, list: readonly Migration[], now: () => Date = () => new Date()): MigrationResult {
  list.forEach((m, index) => {
    if (m.version !== index + 1) throw new Error(`Migration list is out of order at ${m.name}: expected version ${index + 1}.`);
  });
  const latest = list.length;
  const current = assertNotTooNew(db, latest);
  if (current > 0) assertHistoryMatches(db, list.slice(0, current));
  if (current === latest) return { from: current, to: current };

  let from = current;
  writeTransaction(db, () => {
    // Another process may have opened the library at the same moment and migrated it first:
    // read again under the write lock, and do only what is still to do.
    from = assertNotTooNew(db, latest);
    for (const m of list.slice(from)) {
      m.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, now().toISOString());
    }
    db.pragma(`user_version = ${latest}`);
  });
  return { from, to: latest };
}

function assertHistoryMatches(db: Database, applied: readonly Migration[]): void {
  const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as { version: number; name: string }[];
  const mismatch = applied.find((m, i) => rows[i]?.version !== m.version || rows[i]?.name !== m.name);
  if (mismatch || rows.length !== applied.length) {
    throw new GleanerError(
      'DATABASE_TOO_NEW',
      'This library’s schema history does not match this version of Gleaner, so it was not opened; nothing was changed.',
    );
  }
}
