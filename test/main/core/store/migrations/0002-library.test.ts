import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0001 } from '../../../../../src/main/core/store/migrations/0001-settings';
import { migration0002 } from '../../../../../src/main/core/store/migrations/0002-library';

function migrated() {
  const db = new BetterSqlite3(':memory:');
  db.pragma('foreign_keys = ON');
  migration0001.up(db);
  migration0002.up(db);
  return db;
}

const insertResponse = (db: BetterSqlite3.Database, requestId = 'req_1') =>
  Number(
    db
      .prepare(
        "INSERT INTO responses (operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES ('videosite/search', '{}', 'u', ?, 200, '2026-01-01T00:00:00Z', 'h', '{}')",
      )
      .run(requestId).lastInsertRowid,
  );

const insertItem = (db: BetterSqlite3.Database, responseId: number, title: string, nativeId = 'v1') =>
  Number(
    db
      .prepare(
        "INSERT INTO items (platform, kind, native_id, title, author_name, first_fetched_at, last_fetched_at, last_response_id) VALUES ('videosite', 'video', ?, ?, 'Zoë Author', 't', 't', ?)",
      )
      .run(nativeId, title, responseId).lastInsertRowid,
  );

describe('migration 0002-library', () => {
  it('refuses a second response with the same request id', () => {
    const db = migrated();
    insertResponse(db);
    expect(() => insertResponse(db)).toThrow(/UNIQUE/);
  });

  it('refuses two items with the same platform and native id', () => {
    const db = migrated();
    const r = insertResponse(db);
    insertItem(db, r, 'a');
    expect(() => insertItem(db, r, 'b')).toThrow(/UNIQUE/);
  });

  it('keeps the item index in step on insert, update and delete, without diacritics', () => {
    const db = migrated();
    const id = insertItem(db, insertResponse(db), 'Café culture');
    const match = (q: string) => db.prepare('SELECT rowid FROM items_fts WHERE items_fts MATCH ?').all(q);
    expect(match('cafe')).toEqual([{ rowid: id }]);
    expect(match('zoe')).toEqual([{ rowid: id }]);
    db.prepare("UPDATE items SET title = 'Tea rooms' WHERE id = ?").run(id);
    expect(match('cafe')).toEqual([]);
    expect(match('tea')).toEqual([{ rowid: id }]);
    db.prepare('DELETE FROM items WHERE id = ?').run(id);
    expect(match('tea')).toEqual([]);
    expect(db.prepare("INSERT INTO items_fts (items_fts) VALUES ('integrity-check')").run().changes).toBeGreaterThanOrEqual(0);
  });

  it('indexes transcript segments and notes, and drops them with their item', () => {
    const db = migrated();
    const r = insertResponse(db);
    const id = insertItem(db, r, 'x');
    const t = Number(
      db
        .prepare(
          "INSERT INTO transcripts (item_id, response_id, language, available, format, fetched_at) VALUES (?, ?, 'English', 1, 'segments', 't')",
        )
        .run(id, r).lastInsertRowid,
    );
    db.prepare(
      "INSERT INTO transcript_segments (transcript_id, seq, start_ms, end_ms, text) VALUES (?, 0, 1500, 3000, 'rising sea levels')",
    ).run(t);
    db.prepare("INSERT INTO notes (item_id, collection_id, body, updated_at) VALUES (?, 0, 'check with the source', 't')").run(id);
    expect(db.prepare("SELECT rowid FROM segments_fts WHERE segments_fts MATCH 'sea'").all()).toHaveLength(1);
    expect(db.prepare("SELECT rowid FROM notes_fts WHERE notes_fts MATCH 'source'").all()).toHaveLength(1);
    db.prepare('DELETE FROM items WHERE id = ?').run(id);
    expect(db.prepare("SELECT rowid FROM segments_fts WHERE segments_fts MATCH 'sea'").all()).toHaveLength(0);
    expect(db.prepare("SELECT rowid FROM notes_fts WHERE notes_fts MATCH 'source'").all()).toHaveLength(0);
  });

  it('re-indexes an item only when its indexed text changes', () => {
    const db = migrated();
    const id = insertItem(db, insertResponse(db), 'Harbour walls');
    const dataRows = () => db.prepare('SELECT count(*) AS n FROM items_fts_data').get();
    const before = dataRows();
    db.prepare("UPDATE items SET title = 'Harbour walls', views = 5 WHERE id = ?").run(id);
    expect(dataRows()).toEqual(before);
    db.prepare("UPDATE items SET title = 'Harbour gates' WHERE id = ?").run(id);
    expect(db.prepare("SELECT rowid FROM items_fts WHERE items_fts MATCH 'gates'").all()).toEqual([{ rowid: id }]);
    expect(db.prepare("SELECT rowid FROM items_fts WHERE items_fts MATCH 'walls'").all()).toEqual([]);
  });

  it('keeps one metrics snapshot per item and response: the sighting that carries counts', () => {
    const db = migrated();
    const r = insertResponse(db);
    const id = insertItem(db, r, 'x');
    const sighting = db.prepare('INSERT INTO item_sources (item_id, response_id, source_path, position, views) VALUES (?, ?, ?, ?, ?)');
    sighting.run(id, r, 'videos[0]', 0, null);
    sighting.run(id, r, 'shorts[0]', 1, 42);
    expect(db.prepare('SELECT item_id, response_id, fetched_at, views FROM metric_snapshots').all()).toEqual([
      { item_id: id, response_id: r, fetched_at: '2026-01-01T00:00:00Z', views: 42 },
    ]);
    expect(() => sighting.run(id, r, 'videos[0]', 2, 1)).toThrow(/UNIQUE|PRIMARY KEY/);
  });

  it('keeps items when a collection is deleted', () => {
    const db = migrated();
    const id = insertItem(db, insertResponse(db), 'x');
    const c = Number(db.prepare("INSERT INTO collections (name, created_at, updated_at) VALUES ('Story', 't', 't')").run().lastInsertRowid);
    db.prepare("INSERT INTO collection_items (collection_id, item_id, position, added_at) VALUES (?, ?, 1, 't')").run(c, id);
    db.prepare('DELETE FROM collections WHERE id = ?').run(c);
    expect(db.prepare('SELECT count(*) AS n FROM items').get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT count(*) AS n FROM collection_items').get()).toEqual({ n: 0 });
  });

  it('treats collection names case-insensitively', () => {
    const db = migrated();
    db.prepare("INSERT INTO collections (name, created_at, updated_at) VALUES ('Story', 't', 't')").run();
    expect(() => db.prepare("INSERT INTO collections (name, created_at, updated_at) VALUES ('story', 't', 't')").run()).toThrow(/UNIQUE/);
  });
});
