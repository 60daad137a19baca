/**
 * SQL pieces of the team outbox shared by migration 20 (its triggers and first seed) and by a
 * desk moving to another hub, which seeds the outbox again with everything it holds. Migration
 * 20 runs these as they stand: a change here must still fit the schema of version 20.
 */

/** Library-wide notes and tags are collection 0 here and '' on the hub; local ids never leave a desk. */
export const scopeOf = (column: string) =>
  `CASE WHEN ${column} = 0 THEN '' ELSE (SELECT global_id FROM collections WHERE id = ${column}) END`;
export const itemKeyOf = (column: string) =>
  `(SELECT json_object('platform', platform, 'nativeId', native_id, 'url', url) FROM items WHERE id = ${column})`;
/** Pulled changes are being applied (inside that write transaction): the triggers stay quiet. */
export const NOT_APPLYING = 'NOT EXISTS (SELECT 1 FROM team_sync_applying)';
export const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** What this library holds that people wrote (collections, their items, notes, tags), as outbox rows. */
export const SEED_OUTBOX = `
      INSERT INTO team_outbox (entity, op, key, payload, at)
        SELECT 'collection', 'create', json_object('gid', global_id), json_object('name', name), created_at FROM collections ORDER BY id;
      INSERT INTO team_outbox (entity, op, key, payload, at)
        SELECT 'member', 'add', json_object('gid', ${scopeOf('collection_id')}, 'item', json(${itemKeyOf('item_id')})),
               json_object('position', position, 'addedAt', added_at), added_at
          FROM collection_items ORDER BY collection_id, position;
      INSERT INTO team_outbox (entity, op, key, payload, at)
        SELECT 'note', 'set', json_object('gid', ${scopeOf('collection_id')}, 'item', json(${itemKeyOf('item_id')})),
               json_object('body', body, 'base', NULL), updated_at
          FROM notes ORDER BY id;
      INSERT INTO team_outbox (entity, op, key, payload, at)
        SELECT 'tag', 'add', json_object('gid', ${scopeOf('collection_id')}, 'item', json(${itemKeyOf('item_id')}), 'tag', tag), '{}', ${NOW}
          FROM tags ORDER BY item_id, collection_id, tag;
`;
