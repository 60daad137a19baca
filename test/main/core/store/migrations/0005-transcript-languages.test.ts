import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0005 } from '../../../../../src/main/core/store/migrations/0005-transcript-languages';
import { databaseAtVersion } from './at-version';

function atVersion4() {
  const db = databaseAtVersion(4);
  db.prepare(
    "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES (1, 'videosite/transcript', '{}', 'u', 'req_1', 200, 't', 'h', '{}')",
  ).run();
  const item = db.prepare(
    "INSERT INTO items (id, platform, kind, native_id, first_fetched_at, last_fetched_at, last_response_id, has_transcript) VALUES (?, 'videosite', 'video', ?, 't', 't', 1, ?)",
  );
  item.run(1, 'v1', 1);
  item.run(2, 'v2', 1);
  item.run(3, 'v3', 1);
  return db;
}

function addTranscript(
  db: BetterSqlite3.Database,
  id: number,
  itemId: number,
  language: string,
  available: boolean,
  fetchedAt: string,
  words?: string,
) {
  db.prepare(
    "INSERT INTO transcripts (id, item_id, response_id, language, available, format, full_text, fetched_at) VALUES (?, ?, 1, ?, ?, 'segments', ?, ?)",
  ).run(id, itemId, language, available ? 1 : 0, words ?? null, fetchedAt);
  if (words)
    db.prepare('INSERT INTO transcript_segments (transcript_id, seq, start_ms, end_ms, text) VALUES (?, 0, 0, 1000, ?)').run(id, words);
}

const transcripts = (db: BetterSqlite3.Database) =>
  db.prepare('SELECT id, item_id AS itemId, language, available FROM transcripts ORDER BY id').all();
const segmentHits = (db: BetterSqlite3.Database, word: string) =>
  db.prepare('SELECT count(*) FROM segments_fts WHERE segments_fts MATCH ?').pluck().get(word);

describe('migration 0005-transcript-languages', () => {
  it('spells each language one way, keeping one transcript per item and language', () => {
    const db = atVersion4();
    // Item 1: asked in "en" and found none, later fetched as "English" with words.
    addTranscript(db, 1, 1, 'en', false, '2026-01-01T00:00:00Z');
    addTranscript(db, 2, 1, 'English', true, '2026-01-02T00:00:00Z', 'harbour');
    // Item 2: the same language twice with words; the later fetch stays, as a refetch would leave it.
    addTranscript(db, 3, 2, 'German', true, '2026-01-03T00:00:00Z', 'hafen');
    addTranscript(db, 4, 2, 'de', true, '2026-01-01T00:00:00Z', 'altstadt');
    // Item 2 also: a language not stated, and one the library cannot place, each left as it is.
    addTranscript(db, 5, 2, '', true, '2026-01-01T00:00:00Z', 'quay');
    addTranscript(db, 6, 2, 'English (auto-generated)', true, '2026-01-01T00:00:00Z', 'pier');
    // Item 3: "none in that language" is all it has, and stays a fact.
    addTranscript(db, 7, 3, 'French', false, '2026-01-01T00:00:00Z');

    migration0005.up(db);

    expect(transcripts(db)).toEqual([
      { id: 2, itemId: 1, language: 'en', available: 1 },
      { id: 3, itemId: 2, language: 'de', available: 1 },
      { id: 5, itemId: 2, language: '', available: 1 },
      { id: 6, itemId: 2, language: 'English (auto-generated)', available: 1 },
      { id: 7, itemId: 3, language: 'fr', available: 0 },
    ]);
    // The dropped transcript's words leave the search index with it; the kept ones stay findable.
    expect(segmentHits(db, 'altstadt')).toBe(0);
    expect(segmentHits(db, 'hafen')).toBe(1);
    expect(segmentHits(db, 'harbour')).toBe(1);
    expect(() => db.prepare("INSERT INTO segments_fts (segments_fts) VALUES ('integrity-check')").run()).not.toThrow();
    expect(db.prepare('SELECT count(*) FROM transcript_segments WHERE transcript_id = 4').pluck().get()).toBe(0);
    expect(db.prepare('SELECT id, has_transcript AS has FROM items ORDER BY id').all()).toEqual([
      { id: 1, has: 1 },
      { id: 2, has: 1 },
      { id: 3, has: 1 },
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('marks an item it merges by what the item holds afterwards', () => {
    const db = atVersion4();
    // Item 3 starts marked as having a transcript; once its two spellings are one, "none" is all it holds.
    addTranscript(db, 1, 3, 'es', false, '2026-01-02T00:00:00Z');
    addTranscript(db, 2, 3, 'Spanish', false, '2026-01-01T00:00:00Z');
    migration0005.up(db);
    expect(transcripts(db)).toEqual([{ id: 1, itemId: 3, language: 'es', available: 0 }]);
    expect(db.prepare('SELECT has_transcript FROM items WHERE id = 3').pluck().get()).toBe(0);
  });

  it('changes nothing when run on a library whose languages are already one spelling', () => {
    const db = atVersion4();
    addTranscript(db, 1, 1, 'en', true, '2026-01-01T00:00:00Z', 'harbour');
    addTranscript(db, 2, 1, 'pt-BR', true, '2026-01-01T00:00:00Z', 'porto');
    const before = transcripts(db);
    migration0005.up(db);
    expect(transcripts(db)).toEqual(before);
  });
});
