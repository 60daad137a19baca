import { describe, expect, it } from 'vitest';
import { migration0017 } from '../../../../../src/main/core/store/migrations/0017-pin-public-ids';
import { databaseAtVersion } from './at-version';

const graphId = (number: string) => Buffer.from(`Pin:${number}`).toString('base64');
const OPAQUE = graphId('123456789012345678');
const LONE = graphId('555');

/**
 * Pin 123456789012345678 twice: item 1 under its opaque GraphQL id (fetched later, with a
 * transcript, a note, tags and a collection place), item 2 under its number (fetched first, with
 * its own note in the same place, a tag and another collection). Item 3: a pin only ever seen
 * under its opaque id. Item 4: a pin with a number already.
 */
function atVersion16WithPins() {
  const db = databaseAtVersion(16);
  const response = db.prepare(
    "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES (?, 'pinboard/pin', '{}', 'u', ?, 200, ?, 'h', '{}')",
  );
  response.run(1, 'req_1', '2026-01-02T00:00:00Z');
  response.run(2, 'req_2', '2026-01-01T00:00:00Z');
  response.run(3, 'req_3', '2026-01-03T00:00:00Z');
  const item = db.prepare(
    `INSERT INTO items (id, platform, kind, native_id, url, title, views, first_fetched_at, last_fetched_at, last_response_id)
     VALUES (?, 'pinboard', 'pin', ?, ?, ?, ?, ?, ?, ?)`,
  );
  item.run(1, OPAQUE, `https://www.pinterest.com/pin/${OPAQUE}`, null, 40, '2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z', 1);
  item.run(
    2,
    '123456789012345678',
    'https://www.pinterest.com/pin/123456789012345678',
    'Weeknight ramen',
    10,
    '2026-01-01T00:00:00Z',
    '2026-01-01T00:00:00Z',
    2,
  );
  item.run(3, LONE, `https://www.pinterest.com/pin/${LONE}`, 'Lone pin', null, '2026-01-03T00:00:00Z', '2026-01-03T00:00:00Z', 3);
  item.run(4, '777', 'https://www.pinterest.com/pin/777', 'Numbered pin', null, '2026-01-03T00:00:00Z', '2026-01-03T00:00:00Z', 3);
  const source = db.prepare("INSERT INTO item_sources (item_id, response_id, source_path, position) VALUES (?, ?, '', 0)");
  source.run(1, 1);
  source.run(2, 2);
  source.run(3, 3);
  db.prepare(
    "INSERT INTO transcripts (item_id, response_id, language, available, format, full_text, fetched_at) VALUES (1, 1, '', 1, 'text', 'the broth simmers', 't')",
  ).run();
  db.prepare('UPDATE items SET has_transcript = 1 WHERE id = 1').run();
  db.exec(`
    INSERT INTO collections (id, name, created_at, updated_at) VALUES (1, 'Food', 't', 't'), (2, 'Later', 't', 't');
    INSERT INTO collection_items (collection_id, item_id, position, added_at) VALUES (1, 1, 1, 't'), (1, 2, 2, 't'), (2, 2, 1, 't');
    INSERT INTO notes (item_id, collection_id, body, updated_at) VALUES (1, 1, 'seen on the board', 't'), (2, 1, 'check the recipe', 't'), (2, 0, 'library-wide', 't');
    INSERT INTO tags (item_id, collection_id, tag) VALUES (1, 0, 'ramen'), (1, 1, 'lead'), (2, 0, 'ramen'), (2, 0, 'verified');
    INSERT INTO resolved_links (platform, link, item_id, response_id) VALUES ('pinboard', 'https://pin.it/AbCdEf12', 2, 2);
  `);
  return db;
}

describe('migration 0017-pin-public-ids', () => {
  it('gives pins their public number and link, and makes one item of a pin stored both ways, losing nothing', () => {
    const db = atVersion16WithPins();
    migration0017.up(db);
    const items = db
      .prepare(
        'SELECT id, native_id AS nativeId, url, title, views, first_fetched_at AS first, last_fetched_at AS last, last_response_id AS lastResponse, has_transcript AS hasTranscript FROM items ORDER BY id',
      )
      .all();
    expect(items).toEqual([
      {
        id: 1,
        nativeId: '123456789012345678',
        url: 'https://www.pinterest.com/pin/123456789012345678/',
        // The later fetch's counts, the earlier's title where the later had none.
        title: 'Weeknight ramen',
        views: 40,
        first: '2026-01-01T00:00:00Z',
        last: '2026-01-02T00:00:00Z',
        lastResponse: 1,
        hasTranscript: 1,
      },
      expect.objectContaining({ id: 3, nativeId: '555', url: 'https://www.pinterest.com/pin/555/' }),
      expect.objectContaining({ id: 4, nativeId: '777', url: 'https://www.pinterest.com/pin/777' }),
    ]);
    // Every response is still the pin's, and so is every transcript, note, tag, collection place and link.
    expect(db.prepare('SELECT response_id FROM item_sources WHERE item_id = 1 ORDER BY response_id').pluck().all()).toEqual([1, 2]);
    expect(db.prepare('SELECT full_text FROM transcripts WHERE item_id = 1').pluck().all()).toEqual(['the broth simmers']);
    expect(db.prepare('SELECT collection_id, body FROM notes WHERE item_id = 1 ORDER BY collection_id').all()).toEqual([
      { collection_id: 0, body: 'library-wide' },
      { collection_id: 1, body: 'seen on the board\n\ncheck the recipe' },
    ]);
    expect(db.prepare("SELECT collection_id || ':' || tag FROM tags WHERE item_id = 1 ORDER BY 1").pluck().all()).toEqual([
      '0:ramen',
      '0:verified',
      '1:lead',
    ]);
    expect(db.prepare('SELECT collection_id FROM collection_items WHERE item_id = 1 ORDER BY 1').pluck().all()).toEqual([1, 2]);
    expect(db.prepare('SELECT item_id FROM resolved_links').pluck().all()).toEqual([1]);
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(3);
    // The indexes still agree with their tables.
    expect(db.prepare("SELECT rowid FROM notes_fts WHERE notes_fts MATCH 'recipe'").pluck().all()).toHaveLength(1);
    expect(db.prepare("SELECT rowid FROM transcript_texts_fts WHERE transcript_texts_fts MATCH 'broth'").pluck().all()).toHaveLength(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
