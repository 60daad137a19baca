/**
 * The hub's schema, migrated like the local library's: numbered migrations applied in order in
 * one transaction, under an advisory lock so two desks connecting at once do not both migrate,
 * and a hub written by a newer Gleaner is refused rather than guessed at.
 */
import { GleanerError } from '../../../../shared/errors';
import type { HubDB, HubQueryable } from './hub-db';
import { HUB_MIGRATIONS, type HubMigration } from './migrations';

/** A constant key for pg_advisory_xact_lock: "gleaner hub migrate". */
const MIGRATE_LOCK = 0x676c6e72;

export interface HubMigrationResult {
  from: number;
  to: number;
}

async function appliedVersions(tx: HubQueryable): Promise<{ version: number; name: string }[]> {
  await tx.rows(`CREATE TABLE IF NOT EXISTS gleaner_hub_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  return tx.rows<{ version: number; name: string }>('SELECT version, name FROM gleaner_hub_migrations ORDER BY version');
}

export async function migrateHub(db: HubDB, list: readonly HubMigration[] = HUB_MIGRATIONS): Promise<HubMigrationResult> {
  list.forEach((m, index) => {
    if (m.version !== index + 1) throw new Error(`Hub migration list is out of order at ${m.name}: expected version ${index + 1}.`);
  });
  return db.transaction(async (tx) => {
    await tx.rows('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK]);
    const applied = await appliedVersions(tx);
    const from = applied.length;
    if (from > list.length) {
      throw new GleanerError(
        'DATABASE_TOO_NEW',
        `This team hub was set up by a newer version of Gleaner (hub schema ${from}; this version knows up to ${list.length}). Update Gleaner to connect; nothing was changed.`,
      );
    }
    const mismatch = applied.find((row, i) => row.version !== list[i]?.version || row.name !== list[i]?.name);
    if (mismatch) {
      throw new GleanerError(
        'DATABASE_TOO_NEW',
        'This team hub’s schema history does not match this version of Gleaner, so it was not used; nothing was changed.',
      );
    }
    for (const m of list.slice(from)) {
      await tx.rows(m.sql);
      await tx.rows('INSERT INTO gleaner_hub_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
    }
    return { from, to: list.length };
  });
}
