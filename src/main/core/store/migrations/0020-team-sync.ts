import { itemKeyOf, NOT_APPLYING, NOW, scopeOf, SEED_OUTBOX } from '../team/outbox-sql';
import type { Migration } from './types';

/** A random version-4 UUID in SQL, so triggers can name a collection the moment it is made. */
const NEW_UUID = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
  || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;

/** A note or tag whose collection is going away is dropped with it, which the collection's delete says once. */
const scopeExists = (column: string) => `(${column} = 0 OR EXISTS (SELECT 1 FROM collections WHERE id = ${column}))`;

/**
 * The team library's local side (issue 29): what people write is captured by triggers into an
 * outbox, whichever path wrote it (window, CLI, restore, bulk actions), except while pulled
 * changes are being applied (a row in team_sync_applying, inside that write transaction only).
 * Collections get the global id desks know them by; the rest is sync state: watermarks, who
 * fetched each answer, each note's author, the hub's last word per note, member and collection
 * (so every desk merges the same log the same way), conflicts kept, and what was set aside.
 *
 * Everything written before this migration is seeded into the outbox, so a first sync shares it.
 */
export const migration0020: Migration = {
  version: 20,
  name: 'team-sync',
  up(db) {
    db.exec(`
      ALTER TABLE collections ADD COLUMN global_id TEXT;
      UPDATE collections SET global_id = ${NEW_UUID};
      CREATE UNIQUE INDEX collections_global_id ON collections (global_id);

      CREATE TABLE team_sync_applying (one INTEGER PRIMARY KEY CHECK (one = 1)) STRICT;

      -- AUTOINCREMENT: the hub keeps (desk, id) unique, so an id must never be used twice.
      CREATE TABLE team_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity TEXT NOT NULL,
        op TEXT NOT NULL,
        key TEXT NOT NULL CHECK (json_valid(key)),
        payload TEXT NOT NULL CHECK (json_valid(payload)),
        at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE team_sync_state (name TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;

      -- Who fetched each answer; pulled = 1 when it came from a colleague through the hub.
      CREATE TABLE team_response_members (
        response_id INTEGER PRIMARY KEY REFERENCES responses (id) ON DELETE CASCADE,
        desk_id TEXT NOT NULL,
        member TEXT NOT NULL,
        pulled INTEGER NOT NULL
      ) STRICT;

      -- A note's last writer when it was a colleague; no row means it was written on this desk.
      CREATE TABLE team_note_authors (
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        collection_id INTEGER NOT NULL,
        desk_id TEXT NOT NULL,
        member TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (item_id, collection_id)
      ) STRICT;

      -- The hub's last word per thing, as every desk reads the log in the same order.
      CREATE TABLE team_heads (
        key TEXT PRIMARY KEY,
        value TEXT CHECK (value IS NULL OR json_valid(value)),
        seq INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE team_note_conflicts (
        id INTEGER PRIMARY KEY,
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        collection_id INTEGER NOT NULL,
        first_body TEXT,
        first_member TEXT NOT NULL,
        first_at TEXT NOT NULL,
        second_body TEXT,
        second_member TEXT NOT NULL,
        second_at TEXT NOT NULL,
        seq INTEGER NOT NULL UNIQUE
      ) STRICT;
      CREATE INDEX team_note_conflicts_item ON team_note_conflicts (item_id, collection_id);

      CREATE TABLE team_sync_aside (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        hub_seq INTEGER NOT NULL,
        reason TEXT NOT NULL,
        at TEXT NOT NULL
      ) STRICT;

      CREATE TRIGGER collections_team_insert AFTER INSERT ON collections BEGIN
        UPDATE collections SET global_id = ${NEW_UUID} WHERE id = new.id AND global_id IS NULL;
        INSERT INTO team_outbox (entity, op, key, payload, at)
          SELECT 'collection', 'create', json_object('gid', global_id), json_object('name', name), new.created_at
            FROM collections WHERE id = new.id AND ${NOT_APPLYING};
      END;
      CREATE TRIGGER collections_team_rename AFTER UPDATE OF name ON collections
      WHEN old.name IS NOT new.name AND ${NOT_APPLYING} BEGIN
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('collection', 'rename', json_object('gid', new.global_id), json_object('name', new.name), new.updated_at);
      END;
      CREATE TRIGGER collections_team_delete AFTER DELETE ON collections WHEN ${NOT_APPLYING} BEGIN
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('collection', 'delete', json_object('gid', old.global_id), '{}', ${NOW});
      END;

      CREATE TRIGGER collection_items_team_insert AFTER INSERT ON collection_items WHEN ${NOT_APPLYING} BEGIN
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('member', 'add', json_object('gid', ${scopeOf('new.collection_id')}, 'item', json(${itemKeyOf('new.item_id')})),
          json_object('position', new.position, 'addedAt', new.added_at), ${NOW});
      END;
      CREATE TRIGGER collection_items_team_move AFTER UPDATE OF position ON collection_items
      WHEN old.position IS NOT new.position AND ${NOT_APPLYING} BEGIN
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('member', 'move', json_object('gid', ${scopeOf('new.collection_id')}, 'item', json(${itemKeyOf('new.item_id')})),
          json_object('position', new.position), ${NOW});
      END;
      CREATE TRIGGER collection_items_team_delete AFTER DELETE ON collection_items
      WHEN ${NOT_APPLYING} AND EXISTS (SELECT 1 FROM collections WHERE id = old.collection_id)
        AND EXISTS (SELECT 1 FROM items WHERE id = old.item_id) BEGIN
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('member', 'remove', json_object('gid', ${scopeOf('old.collection_id')}, 'item', json(${itemKeyOf('old.item_id')})), '{}', ${NOW});
      END;

      CREATE TRIGGER notes_team_insert AFTER INSERT ON notes WHEN ${NOT_APPLYING} BEGIN
        DELETE FROM team_note_authors WHERE item_id = new.item_id AND collection_id = new.collection_id;
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('note', 'set', json_object('gid', ${scopeOf('new.collection_id')}, 'item', json(${itemKeyOf('new.item_id')})),
          json_object('body', new.body, 'base', NULL), new.updated_at);
      END;
      CREATE TRIGGER notes_team_update AFTER UPDATE OF body ON notes WHEN old.body IS NOT new.body AND ${NOT_APPLYING} BEGIN
        DELETE FROM team_note_authors WHERE item_id = new.item_id AND collection_id = new.collection_id;
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('note', 'set', json_object('gid', ${scopeOf('new.collection_id')}, 'item', json(${itemKeyOf('new.item_id')})),
          json_object('body', new.body, 'base', old.body), new.updated_at);
      END;
      CREATE TRIGGER notes_team_delete AFTER DELETE ON notes
      WHEN ${NOT_APPLYING} AND ${scopeExists('old.collection_id')} AND EXISTS (SELECT 1 FROM items WHERE id = old.item_id) BEGIN
        DELETE FROM team_note_authors WHERE item_id = old.item_id AND collection_id = old.collection_id;
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('note', 'delete', json_object('gid', ${scopeOf('old.collection_id')}, 'item', json(${itemKeyOf('old.item_id')})),
          json_object('body', NULL, 'base', old.body), ${NOW});
      END;

      CREATE TRIGGER tags_team_insert AFTER INSERT ON tags WHEN ${NOT_APPLYING} BEGIN
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('tag', 'add', json_object('gid', ${scopeOf('new.collection_id')}, 'item', json(${itemKeyOf('new.item_id')}), 'tag', new.tag), '{}', ${NOW});
      END;
      CREATE TRIGGER tags_team_delete AFTER DELETE ON tags
      WHEN ${NOT_APPLYING} AND ${scopeExists('old.collection_id')} AND EXISTS (SELECT 1 FROM items WHERE id = old.item_id) BEGIN
        INSERT INTO team_outbox (entity, op, key, payload, at)
        VALUES ('tag', 'remove', json_object('gid', ${scopeOf('old.collection_id')}, 'item', json(${itemKeyOf('old.item_id')}), 'tag', old.tag), '{}', ${NOW});
      END;

      -- What this library held before: shared on the first sync like anything written later.
      ${SEED_OUTBOX}
    `);
  },
};
