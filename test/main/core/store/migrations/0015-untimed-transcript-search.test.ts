import { describe, expect, it } from 'vitest';
import { migration0015 } from '../../../../../src/main/core/store/migrations/0015-untimed-transcript-search';
import { databaseAtVersion } from './at-version';

function atVersion14WithTranscripts() {
  const db = databaseAtVersion(14);
  db.prepare(
    "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES (1, 'tweetsite/transcript', '{}', 'u', 'req_1', 200, 't', 'h', '{}')",
  ).run();
  const item = db.prepare(
    "INSERT INTO items (id, platform, kind, native_id, first_fetched_at, last_fetched_at, last_response_id) VALUES (?, 'tweetsite', 'tweet', ?, 't', 't', 1)",
  );
  const transcript = db.prepare(
    "INSERT INTO transcripts (id, item_id, response_id, language, available, format, full_text, fetched_at) VALUES (?, ?, 1, '', ?, ?, ?, 't')",
  );
  // An untimed transcript, a timed one (its words are its segments'), and "none".
  for (const [id, format, available, text] of [
    [1, 'text', 1, 'the ferry strike ends tonight'],
    [2, 'segments', 1, 'the ferry timetable'],
    [3, 'none', 0, null],
  ] as const) {
    item.run(id, String(id));
    transcript.run(id, id, available, format, text);
  }
  return db;
}

const found = (db: ReturnType<typeof databaseAtVersion>, words: string) =>
  db.prepare('SELECT rowid FROM transcript_texts_fts WHERE transcript_texts_fts MATCH ? ORDER BY rowid').pluck().all(words);

describe('migration 0015-untimed-transcript-search', () => {
  it('indexes the untimed transcripts stored before, and keeps the index in step afterwards', () => {
    const db = atVersion14WithTranscripts();
    migration0015.up(db);
    expect(found(db, 'ferry')).toEqual([1]);
    // A refetch with other words, one that brings timings, and a deleted item.
    db.prepare("UPDATE transcripts SET full_text = 'the ferry strike goes on' WHERE id = 1").run();
    expect(found(db, 'ends')).toEqual([]);
    expect(found(db, '"goes on"')).toEqual([1]);
    db.prepare("UPDATE transcripts SET format = 'text' WHERE id = 2").run();
    expect(found(db, 'ferry')).toEqual([1, 2]);
    db.prepare("UPDATE transcripts SET format = 'segments' WHERE id = 1").run();
    db.prepare('DELETE FROM items WHERE id = 2').run();
    expect(found(db, 'ferry')).toEqual([]);
    expect(() => db.exec("INSERT INTO transcript_texts_fts (transcript_texts_fts) VALUES ('integrity-check')")).not.toThrow();
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
