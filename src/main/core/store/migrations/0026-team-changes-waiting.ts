import type { Migration } from './types';

/**
 * A colleague's change about an item this library does not have yet (its answer had not reached
 * the hub when the change was pulled) used to be set aside for good, so a collection shared through
 * the hub could lack an item on one desk for ever. Such a change now waits here, whole, with its
 * subject, and is applied once the item arrives (unless a later change about the same subject was
 * pulled meanwhile, which makes it moot).
 */
export const migration0026: Migration = {
  version: 26,
  name: 'team-changes-waiting',
  up(db) {
    db.exec(`
      ALTER TABLE team_sync_aside ADD COLUMN subject TEXT;
      ALTER TABLE team_sync_aside ADD COLUMN change TEXT CHECK (change IS NULL OR json_valid(change));
      CREATE INDEX team_sync_aside_waiting ON team_sync_aside (subject) WHERE subject IS NOT NULL;
    `);
  },
};
