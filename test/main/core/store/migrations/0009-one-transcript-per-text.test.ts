import { describe, expect, it } from 'vitest';
import { migration0009 } from '../../../../../src/main/core/store/migrations/0009-one-transcript-per-text';
import { databaseAtVersion } from './at-version';

function atVersion8WithTranscripts() {
  const db = databaseAtVersion(8);
  db.prepare(
    "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES (1, 'videosite/video', '{}', 'u', 'req_1', 200, 't', 'h', '{}')",
  ).run();
  const item = db.prepare(
    "INSERT INTO items (id, platform, kind, native_id, first_fetched_at, last_fetched_at, last_response_id) VALUES (?, 'videosite', 'video', ?, 't', 't', 1)",
  );
  item.run(1, 'a1');
  item.run(2, 'b2');
  const transcript = db.prepare(
    "INSERT INTO transcripts (id, item_id, response_id, language, available, format, full_text, fetched_at) VALUES (?, ?, 1, ?, ?, 'segments', ?, 't')",
  );
  const segment = db.prepare('INSERT INTO transcript_segments (transcript_id, seq, start_ms, text) VALUES (?, 0, 0, ?)');
  // Item 1: the same words with and without a language; item 2: different words, and words alone.
  for (const [id, itemId, language, available, text] of [
    [1, 1, '', 1, 'the tide gauge'],
    [2, 1, 'en', 1, 'the tide gauge'],
    [3, 2, '', 1, 'another reading'],
    [4, 2, 'en', 1, 'a third reading'],
    [5, 2, 'de', 0, null],
  ] as const) {
    transcript.run(id, itemId, language, available, text);
    if (text) segment.run(id, text);
  }
  return db;
}

describe('migration 0009-one-transcript-per-text', () => {
  it('drops a language-less transcript whose words the item also holds under a language, with its segments and index entries', () => {
    const db = atVersion8WithTranscripts();
    migration0009.up(db);
    expect(db.prepare('SELECT id FROM transcripts ORDER BY id').pluck().all()).toEqual([2, 3, 4, 5]);
    expect(db.prepare('SELECT transcript_id FROM transcript_segments ORDER BY transcript_id').pluck().all()).toEqual([2, 3, 4]);
    expect(db.prepare("SELECT count(*) FROM segments_fts WHERE segments_fts MATCH 'gauge'").pluck().get()).toBe(1);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(() => db.exec("INSERT INTO segments_fts (segments_fts) VALUES ('integrity-check')")).not.toThrow();
  });
});
