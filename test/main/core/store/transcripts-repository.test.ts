import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createTranscriptsRepository } from '../../../../src/main/core/store/transcripts-repository';
import { writeTransaction, type ReadableDB } from '../../../../src/main/core/store/write-transaction';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: ReadableDB;
let itemId: number;
let responseId: number;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  const stored = createIngester(db, stubNormalise)(fakeResponse('videosite/search', { items: [item({ nativeId: 'a1' })] }));
  itemId = stored.itemIds[0]!;
  responseId = stored.responseId;
});
afterEach(() => db.close());

const base = { available: true, format: 'segments', fetchedAt: '2026-01-01T00:00:00.000Z' };

describe('transcripts repository', () => {
  it('stores a transcript with its segments and marks its item', () => {
    const transcripts = createTranscriptsRepository(db);
    writeTransaction(db, (tx) => {
      const id = transcripts.upsert(tx, { ...base, itemId, responseId, language: 'en', fullText: 'hello there' })!;
      transcripts.replaceSegments(tx, id, [
        [id, 0, 0, 1000, 'hello'],
        [id, 1, 1000, null, 'there'],
      ]);
      transcripts.markItem(tx, itemId);
    });
    const [stored] = transcripts.ofItem(itemId);
    expect(stored).toMatchObject({ language: 'en', available: true, fullText: 'hello there', operation: 'videosite/search' });
    expect(transcripts.segments(stored!.id)).toEqual([
      { startMs: 0, endMs: 1000, text: 'hello' },
      { startMs: 1000, endMs: null, text: 'there' },
    ]);
    expect(transcripts.hasSameTextWithLanguage(itemId, 'hello there')).toBe(true);
    expect(db.prepare('SELECT has_transcript FROM items WHERE id = ?').pluck().get(itemId)).toBe(1);
  });

  it('keeps the text it holds when a later answer says "none in that language"', () => {
    const transcripts = createTranscriptsRepository(db);
    const first = writeTransaction(db, (tx) => transcripts.upsert(tx, { ...base, itemId, responseId, language: 'en', fullText: 'text' }));
    const none = writeTransaction(db, (tx) =>
      transcripts.upsert(tx, { ...base, itemId, responseId, language: 'en', available: false, fullText: null }),
    );
    expect(first).toBeDefined();
    expect(none).toBeUndefined();
    expect(transcripts.ofItem(itemId)).toMatchObject([{ fullText: 'text', available: true }]);
  });

  it('drops the copy without a language once the same text comes with one', () => {
    const transcripts = createTranscriptsRepository(db);
    writeTransaction(db, (tx) => transcripts.upsert(tx, { ...base, itemId, responseId, language: '', fullText: 'same' }));
    writeTransaction(db, (tx) => transcripts.deleteSameTextWithoutLanguage(tx, itemId, 'same'));
    expect(transcripts.ofItem(itemId)).toEqual([]);
  });
});
