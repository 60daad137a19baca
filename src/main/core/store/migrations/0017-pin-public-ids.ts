import type { Database } from 'better-sqlite3';
import { pinNumberOfGraphId, pinUrl } from '../../platforms/pinboard/pin-id';
import type { Migration } from './types';

interface StoredPin {
  id: number;
  nativeId: string;
  lastFetchedAt: string;
}

/**
 * Columns the merge does not take from the later fetch: the identity, set after it; the fetch times
 * and response, combined on their own; has_transcript, recomputed last. Every other column the
 * table has at this version (read, not listed, so this migration never follows a later schema)
 * is one a later fetch overwrites where it has a value, as ingest's update does.
 */
const NOT_FROM_LATER_FETCH = new Set([
  'id',
  'platform',
  'native_id',
  'url',
  'first_fetched_at',
  'last_fetched_at',
  'last_response_id',
  'has_transcript',
]);

function fieldsFromLaterFetch(db: Database): string[] {
  return db
    .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('items') ORDER BY cid")
    .all()
    .map((column) => column.name)
    .filter((name) => !NOT_FROM_LATER_FETCH.has(name));
}

/**
 * A pin fetched through a GraphQL answer was stored under its opaque id (the base 64 of
 * `Pin:<number>`) with a link built from it that opens nothing; fetched by its link, the same pin
 * was another item. Each such pin now has its public number as id and `/pin/<number>` as link
 * (pinboard/pin-id.ts, as the normaliser now gives them). Where the library also holds the pin
 * under its number, the two become one item: the lower id is kept (it is the one notes and
 * exports have cited longest), with the fields of the later fetch, and every sighting (so every
 * response), transcript, note, tag, collection place and remembered link of the other. Two notes
 * in one place are joined, never dropped; of two transcripts in one language the one a refetch
 * would have kept stays, the other's answer staying in the provenance.
 */
export const migration0017: Migration = {
  version: 17,
  name: 'pin-public-ids',
  up(db) {
    const pins = db
      .prepare<[], StoredPin>(
        `SELECT id, native_id AS nativeId, last_fetched_at AS lastFetchedAt FROM items
          WHERE platform = 'pinboard' AND native_id IS NOT NULL AND native_id GLOB '*[^0-9]*' ORDER BY id`,
      )
      .all();
    const byNumber = db.prepare<[string], StoredPin>(
      "SELECT id, native_id AS nativeId, last_fetched_at AS lastFetchedAt FROM items WHERE platform = 'pinboard' AND native_id = ?",
    );
    const setIdentity = db.prepare<[string, string, number]>('UPDATE items SET native_id = ?, url = ? WHERE id = ?');
    for (const pin of pins) {
      const number = pinNumberOfGraphId(pin.nativeId);
      if (number === null) continue;
      const twin = byNumber.get(number);
      if (twin === undefined) {
        setIdentity.run(number, pinUrl(number), pin.id);
        continue;
      }
      const [kept, dropped] = pin.id < twin.id ? [pin, twin] : [twin, pin];
      mergeItems(db, kept, dropped);
      setIdentity.run(number, pinUrl(number), kept.id);
    }
  },
};

/** Moves everything of `dropped` onto `kept`, then deletes `dropped`. */
function mergeItems(db: Database, kept: StoredPin, dropped: StoredPin): void {
  const run = (sql: string, ...params: unknown[]): void => void db.prepare(sql).run(...params);
  const [k, d] = [kept.id, dropped.id];
  // The later fetch's fields, as a refetch would have left them; the first sighting's time.
  const [later, earlier] = dropped.lastFetchedAt > kept.lastFetchedAt ? [d, k] : [k, d];
  const latestOf = (field: string): string =>
    `coalesce((SELECT ${field} FROM items WHERE id = @later), (SELECT ${field} FROM items WHERE id = @earlier))`;
  run(
    `UPDATE items SET ${fieldsFromLaterFetch(db)
      .map((field) => `${field} = ${latestOf(field)}`)
      .join(', ')},
       first_fetched_at = min(first_fetched_at, (SELECT first_fetched_at FROM items WHERE id = @d)),
       last_fetched_at = max(last_fetched_at, (SELECT last_fetched_at FROM items WHERE id = @d)),
       last_response_id = (SELECT last_response_id FROM items WHERE id = @later)
     WHERE id = @k`,
    { later, earlier, d, k },
  );
  run('UPDATE OR IGNORE item_sources SET item_id = ? WHERE item_id = ?', k, d);
  // Of two transcripts in one language, the one with words, then the later, as ingest keeps them.
  run(
    `DELETE FROM transcripts WHERE item_id = @k AND EXISTS (
       SELECT 1 FROM transcripts other WHERE other.item_id = @d AND other.language = transcripts.language
          AND (other.available > transcripts.available OR (other.available = transcripts.available AND other.fetched_at > transcripts.fetched_at)))`,
    { k, d },
  );
  run('UPDATE OR IGNORE transcripts SET item_id = ? WHERE item_id = ?', k, d);
  run(
    `UPDATE notes SET body = body || char(10) || char(10) || (SELECT other.body FROM notes other WHERE other.item_id = @d AND other.collection_id = notes.collection_id)
      WHERE item_id = @k AND collection_id IN (SELECT collection_id FROM notes WHERE item_id = @d)`,
    { k, d },
  );
  run('UPDATE OR IGNORE notes SET item_id = ? WHERE item_id = ?', k, d);
  run('INSERT OR IGNORE INTO tags (item_id, collection_id, tag) SELECT ?, collection_id, tag FROM tags WHERE item_id = ?', k, d);
  run(
    'INSERT OR IGNORE INTO collection_items (collection_id, item_id, position, added_at) SELECT collection_id, ?, position, added_at FROM collection_items WHERE item_id = ?',
    k,
    d,
  );
  run('UPDATE resolved_links SET item_id = ? WHERE item_id = ?', k, d);
  // What is left of the dropped item (a sighting in a response both were in, a note already joined) goes with it.
  run('DELETE FROM items WHERE id = ?', d);
  run('UPDATE items SET has_transcript = EXISTS (SELECT 1 FROM transcripts WHERE item_id = ? AND available = 1) WHERE id = ?', k, k);
}
