import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase, type Database } from '../../../../src/main/core/store/database';
import { createExportQueries } from '../../../../src/main/core/store/export-records';
import { createScopeTable } from '../../../../src/main/core/store/export-scope';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: Database;
let ids: number[];
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  const ingest = createIngester(db, stubNormalise);
  ids = ingest(
    fakeResponse('videosite/search', { items: [item({ nativeId: 'a1', title: 'One' }), item({ nativeId: 'a2', title: 'Two' })] }),
  ).itemIds;
  ingest(
    fakeResponse('videosite/transcript', {
      transcripts: [
        {
          nativeId: 'a2',
          url: null,
          language: 'en',
          available: true,
          format: 'segments',
          fullText: null,
          segments: [
            { startMs: 0, endMs: 1000, text: 'hello' },
            { startMs: 1000, endMs: 2000, text: 'there' },
          ],
        },
      ],
    }),
  );
  const collections = createCollectionRepository(db, () => '2026-01-01T00:00:00.000Z');
  collections.tag([ids[0]!], 'flood');
  collections.setNote(ids[0]!, 'Check it');
});
afterEach(() => db.close());

describe('export records', () => {
  it('reads the scope’s items in order with their tags, notes and citation', () => {
    const queries = createExportQueries(db, createScopeTable(db, { kind: 'all' }).name);
    const items = [...queries.items({ withTranscriptsOnly: false })];
    expect(items.map((i) => i.id)).toEqual(ids);
    expect(items[0]).toMatchObject({ title: 'One', tags: ['flood'], notes: [{ collection: null, body: 'Check it' }] });
    expect(items[0]!.citation.operation).toBe('videosite/search');
    expect(queries.countItems({ withTranscriptsOnly: false })).toBe(2);
    expect(queries.countItems({ withTranscriptsOnly: true })).toBe(1);
    expect(queries.item(ids[1]!).hasTranscript).toBe(true);
  });

  it('reads transcripts segment by segment, with every item in its place when asked', () => {
    const queries = createExportQueries(db, createScopeTable(db, { kind: 'all' }).name);
    const rows = [...queries.segmentRows()];
    expect(rows.map((row) => row[5])).toEqual(['hello', 'there']);
    expect(queries.transcript(rows[0]![1]!)).toMatchObject({ language: 'en', timed: true, operation: 'videosite/transcript' });
    expect(queries.countTimedSegments()).toBe(2);
    expect(queries.countSegmentRows({ everyItem: true })).toBe(3);
    expect(queries.transcriptLanguages()).toEqual(['en']);
  });

  it('keeps to one language when given one', () => {
    const queries = createExportQueries(db, createScopeTable(db, { kind: 'all' }).name, 'fr');
    expect(queries.countItems({ withTranscriptsOnly: true })).toBe(0);
    expect([...queries.segmentRows()]).toEqual([]);
  });
});
