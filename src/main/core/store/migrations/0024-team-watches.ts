import { NOT_APPLYING } from '../team/outbox-sql';
import { changeEntry, SEED_WATCH_LOG, WATCH_ENTRY } from '../team/watch-log-sql';
import type { Migration } from './types';

/** A random version-4 UUID in SQL, so a watch has its global id the moment it is made. */
const NEW_UUID = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
  || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;

/**
 * Watches shared through a team hub (issue 30.6). Each watch gets a global id desks agree on, and
 * every add, pause, resume and removal made here, and every change a run here noticed, lands in team_watch_log, which sync pushes in
 * seq order (like the custody log: AUTOINCREMENT, so a seq is never used twice). Watches pulled
 * from colleagues are written while team_sync_applying holds a row, so they are not logged back.
 * A desk moving hub logs every watch and change it holds again and pushes those (team-watches-repository).
 */
export const migration0024: Migration = {
  version: 24,
  name: 'team-watches',
  up(db) {
    db.exec(`
      ALTER TABLE watches ADD COLUMN global_id TEXT;
      UPDATE watches SET global_id = ${NEW_UUID};
      CREATE UNIQUE INDEX watches_global_id ON watches (global_id);

      CREATE TABLE team_watch_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        entry TEXT NOT NULL CHECK (json_valid(entry))
      ) STRICT;
      ${SEED_WATCH_LOG}

      CREATE TRIGGER watches_team_insert AFTER INSERT ON watches BEGIN
        UPDATE watches SET global_id = ${NEW_UUID} WHERE id = new.id AND global_id IS NULL;
        INSERT INTO team_watch_log (entry) SELECT ${WATCH_ENTRY} FROM watches WHERE id = new.id AND ${NOT_APPLYING};
      END;
      CREATE TRIGGER watches_team_pause AFTER UPDATE OF paused ON watches WHEN ${NOT_APPLYING} BEGIN
        INSERT INTO team_watch_log (entry) SELECT ${WATCH_ENTRY} FROM watches WHERE id = new.id;
      END;
      CREATE TRIGGER watches_team_remove AFTER DELETE ON watches WHEN ${NOT_APPLYING} BEGIN
        INSERT INTO team_watch_log (entry) VALUES (json_object('gid', old.global_id, 'removed', 1));
      END;
      CREATE TRIGGER watch_changes_team_insert AFTER INSERT ON watch_changes WHEN ${NOT_APPLYING} BEGIN
        INSERT INTO team_watch_log (entry) VALUES (${changeEntry('new.')});
      END;
    `);
  },
};
