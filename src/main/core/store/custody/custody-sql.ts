/**
 * The SQL that appends to the custody log, shared by the repository (named parameters) and the
 * triggers that record what people change (expressions over new/old rows). Entries made while a
 * colleague's changes are applied are left out: their own entries arrive through the hub.
 */
import { GENESIS_HASH } from '../../../../shared/custody';

const setting = (key: string) => `(SELECT json_extract(value, '$') FROM settings WHERE key = '${key}')`;

/** member@desk once this library has joined a team hub, else this library's own desk id. */
export const CUSTODY_ACTOR = `coalesce(
  ${setting('team.member')} || '@' || ${setting('team.desk-id')},
  (SELECT desk_id FROM custody_desk WHERE one = 1))`;

interface AppendExpressions {
  at: string;
  actor: string;
  kind: string;
  action: string;
  subject: string;
}

/** One INSERT … SELECT: seq, prevHash and hash are taken from the log's head under the caller's write lock. */
function appendSql(e: AppendExpressions): string {
  return `INSERT INTO custody_log (seq, at, actor, kind, action, subject, prev_hash, hash)
    SELECT n.seq, n.at, n.actor, n.kind, n.action, n.subject, n.prev,
           custody_hash(n.seq, n.at, n.actor, n.kind, n.action, n.subject, n.prev)
      FROM (SELECT coalesce((SELECT max(seq) FROM custody_log), 0) + 1 AS seq,
                   coalesce(${e.at}, custody_now()) AS at,
                   coalesce(${e.actor}, ${CUSTODY_ACTOR}) AS actor,
                   ${e.kind} AS kind, ${e.action} AS action, ${e.subject} AS subject,
                   coalesce((SELECT hash FROM custody_log ORDER BY seq DESC LIMIT 1), '${GENESIS_HASH}') AS prev) AS n`;
}

/** The repository's append: parameters @at, @actor (null: now, this desk), @kind, @action, @subject (JSON text). */
export const APPEND_CUSTODY_ENTRY = appendSql({ at: '@at', actor: '@actor', kind: '@kind', action: '@action', subject: '@subject' });

/** A random version-4 UUID, the form of the collections' global ids (migration 0020). */
const NEW_UUID = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
  || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;

const NOT_APPLYING = 'NOT EXISTS (SELECT 1 FROM team_sync_applying)';
const scopeExists = (column: string) => `(${column} = 0 OR EXISTS (SELECT 1 FROM collections WHERE id = ${column}))`;
/** The collection a note, tag or membership belongs to, as colleagues know it ('' for the whole library). */
const scopeFields = (column: string) =>
  `'collection', CASE WHEN ${column} = 0 THEN '' ELSE (SELECT global_id FROM collections WHERE id = ${column}) END,
   'collectionName', CASE WHEN ${column} = 0 THEN NULL ELSE (SELECT name FROM collections WHERE id = ${column}) END`;
const itemFields = (column: string) =>
  `'itemId', ${column},
   'platform', (SELECT platform FROM items WHERE id = ${column}),
   'nativeId', (SELECT native_id FROM items WHERE id = ${column}),
   'url', (SELECT url FROM items WHERE id = ${column})`;

const appendFromTrigger = (kind: string, action: string, subject: string) =>
  `${appendSql({ at: 'NULL', actor: 'NULL', kind: `'${kind}'`, action: `'${action}'`, subject: `json_object(${subject})` })};`;

/** The triggers that index entries and record collections, notes and tags, whichever path wrote them. */
export function custodyTriggers(): string {
  return `
    CREATE TRIGGER custody_log_refs AFTER INSERT ON custody_log BEGIN
      INSERT INTO custody_refs (ref, seq)
        SELECT 'item:' || json_extract(new.subject, '$.itemId'), new.seq WHERE json_type(new.subject, '$.itemId') = 'integer'
        UNION ALL
        SELECT 'sha256:' || json_extract(new.subject, '$.sha256'), new.seq WHERE json_type(new.subject, '$.sha256') = 'text'
        UNION ALL
        -- A fetch's items are found through its answer (item_sources), so only other entries list theirs here.
        SELECT DISTINCT 'item:' || value, new.seq FROM json_each(new.subject, '$.itemIds')
         WHERE new.kind <> 'fetch' AND json_type(new.subject, '$.itemIds') = 'array' AND type = 'integer';
    END;
    CREATE TRIGGER custody_imported_refs AFTER INSERT ON custody_imported BEGIN
      INSERT OR IGNORE INTO custody_imported_refs (ref, origin, seq)
        SELECT 'key:' || json_extract(new.subject, '$.platform') || '|' || json_extract(new.subject, '$.nativeId'), new.origin, new.seq
         WHERE json_type(new.subject, '$.platform') = 'text' AND json_type(new.subject, '$.nativeId') = 'text'
        UNION ALL
        SELECT 'url:' || json_extract(new.subject, '$.platform') || '|' || json_extract(new.subject, '$.url'), new.origin, new.seq
         WHERE json_type(new.subject, '$.platform') = 'text' AND json_type(new.subject, '$.url') = 'text'
        UNION ALL
        SELECT 'sha256:' || json_extract(new.subject, '$.sha256'), new.origin, new.seq WHERE json_type(new.subject, '$.sha256') = 'text';
    END;

    CREATE TRIGGER collections_custody_insert AFTER INSERT ON collections WHEN ${NOT_APPLYING} BEGIN
      -- This trigger may run before the team one that names a new collection: name it here, as that one would.
      UPDATE collections SET global_id = ${NEW_UUID} WHERE id = new.id AND global_id IS NULL;
      ${appendFromTrigger('collection', 'created', `'collection', (SELECT global_id FROM collections WHERE id = new.id), 'name', new.name`)}
    END;
    CREATE TRIGGER collections_custody_rename AFTER UPDATE OF name ON collections
    WHEN old.name IS NOT new.name AND ${NOT_APPLYING} BEGIN
      ${appendFromTrigger('collection', 'renamed', `'collection', new.global_id, 'name', new.name, 'before', old.name`)}
    END;
    CREATE TRIGGER collections_custody_delete AFTER DELETE ON collections WHEN ${NOT_APPLYING} BEGIN
      ${appendFromTrigger('collection', 'deleted', `'collection', old.global_id, 'name', old.name`)}
    END;

    CREATE TRIGGER collection_items_custody_insert AFTER INSERT ON collection_items WHEN ${NOT_APPLYING} BEGIN
      ${appendFromTrigger('collection', 'added', `${scopeFields('new.collection_id')}, ${itemFields('new.item_id')}`)}
    END;
    CREATE TRIGGER collection_items_custody_move AFTER UPDATE OF position ON collection_items
    WHEN old.position IS NOT new.position AND ${NOT_APPLYING} BEGIN
      ${appendFromTrigger('collection', 'moved', `${scopeFields('new.collection_id')}, ${itemFields('new.item_id')}, 'position', new.position`)}
    END;
    CREATE TRIGGER collection_items_custody_delete AFTER DELETE ON collection_items
    WHEN ${NOT_APPLYING} AND EXISTS (SELECT 1 FROM collections WHERE id = old.collection_id)
      AND EXISTS (SELECT 1 FROM items WHERE id = old.item_id) BEGIN
      ${appendFromTrigger('collection', 'removed', `${scopeFields('old.collection_id')}, ${itemFields('old.item_id')}`)}
    END;

    -- A note's text stays out of the log (it may be deleted for good reasons); its SHA-256 shows which text it was.
    CREATE TRIGGER notes_custody_insert AFTER INSERT ON notes WHEN ${NOT_APPLYING} BEGIN
      ${appendFromTrigger('note', 'set', `${scopeFields('new.collection_id')}, ${itemFields('new.item_id')}, 'bodySha256', custody_sha256(new.body)`)}
    END;
    CREATE TRIGGER notes_custody_update AFTER UPDATE OF body ON notes WHEN old.body IS NOT new.body AND ${NOT_APPLYING} BEGIN
      ${appendFromTrigger('note', 'set', `${scopeFields('new.collection_id')}, ${itemFields('new.item_id')}, 'bodySha256', custody_sha256(new.body)`)}
    END;
    CREATE TRIGGER notes_custody_delete AFTER DELETE ON notes
    WHEN ${NOT_APPLYING} AND ${scopeExists('old.collection_id')} AND EXISTS (SELECT 1 FROM items WHERE id = old.item_id) BEGIN
      ${appendFromTrigger('note', 'removed', `${scopeFields('old.collection_id')}, ${itemFields('old.item_id')}`)}
    END;

    CREATE TRIGGER tags_custody_insert AFTER INSERT ON tags WHEN ${NOT_APPLYING} BEGIN
      ${appendFromTrigger('tag', 'added', `${scopeFields('new.collection_id')}, ${itemFields('new.item_id')}, 'tag', new.tag`)}
    END;
    CREATE TRIGGER tags_custody_delete AFTER DELETE ON tags
    WHEN ${NOT_APPLYING} AND ${scopeExists('old.collection_id')} AND EXISTS (SELECT 1 FROM items WHERE id = old.item_id) BEGIN
      ${appendFromTrigger('tag', 'removed', `${scopeFields('old.collection_id')}, ${itemFields('old.item_id')}, 'tag', old.tag`)}
    END;`;
}
