/**
 * Zero-width padding (U+200B, as real caption tracks carry it) inside a word: search finds the
 * word typed plainly, and a query pasted with the padding finds it too; the stored text and the
 * raw answer keep their bytes. A library made before this version is re-indexed by its migration.
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngester } from '../../../../../src/main/core/library/ingest';
import { openDatabase, type Database } from '../../../../../src/main/core/store/database';
import { installCustodyFunctions } from '../../../../../src/main/core/store/custody/custody-functions';
import { migrate } from '../../../../../src/main/core/store/migrate';
import { migrations } from '../../../../../src/main/core/store/migrations';
import { searchLibrary } from '../../../../../src/main/core/store/search/search-engine';
import { fakeResponse, item, stubNormalise } from '../../../../helpers/library';

let db: Database;

const TITLE = 'Fl\u200Bood warning for the \u202Eharbour';
const CAPTION = 'the reser\u200Bvoir is nearly empty';

function ingestPadded(target: Database) {
  const ingest = createIngester(target, stubNormalise);
  const response = fakeResponse('videosite/search', {
    items: [
      item({ nativeId: 'z1', title: TITLE, text: 'pad\u2060ded text', author: { name: 'A\u200Bna', handle: null, id: null, url: null } }),
    ],
  });
  ingest(response);
  ingest(
    fakeResponse('videosite/transcript', {
      transcripts: [
        {
          nativeId: 'z1',
          url: null,
          language: 'en',
          available: true,
          format: 'segments',
          fullText: null,
          segments: [{ startMs: 5000, endMs: 6000, text: CAPTION }],
        },
      ],
    }),
  );
  ingest(
    fakeResponse('shortvideo/video', {
      items: [item({ nativeId: 's1', platform: 'shortvideo', kind: 'video', url: 'https://www.tiktok.com/@a/video/1', title: 'Short' })],
      transcripts: [
        { nativeId: 's1', url: null, language: 'en', available: true, format: 'text', fullText: 'untimed cap\u200Btion', segments: [] },
      ],
    }),
  );
  return response;
}

const found = (target: Database, query: string) => searchLibrary(target, { query }).hits.map((hit) => hit.matchedIn);

describe('search through zero-width padding', () => {
  beforeEach(() => {
    db = openDatabase({ path: ':memory:' });
  });
  afterEach(() => db.close());

  it('finds a padded word typed plainly or pasted with its padding, in titles, authors, segments and untimed transcripts', () => {
    const response = ingestPadded(db);
    expect(found(db, 'flood')).toEqual(['item']);
    expect(found(db, 'fl\u200Bood')).toEqual(['item']);
    expect(found(db, 'padded')).toEqual(['item']);
    expect(found(db, 'ana')).toEqual(['item']);
    expect(found(db, 'reservoir')).toEqual(['transcript']);
    expect(found(db, 'caption')).toEqual(['transcript']);
    const [hit] = searchLibrary(db, { query: 'reservoir' }, { start: '[', end: ']' }).hits;
    expect(hit!.snippet).toContain('[reservoir]');
    // The item keeps its characters, and the raw answer its bytes.
    expect(db.prepare("SELECT title FROM items WHERE native_id = 'z1'").pluck().get()).toBe(TITLE);
    expect(db.prepare('SELECT text FROM transcript_segments').pluck().get()).toBe(CAPTION);
    const bodies = db.prepare('SELECT body FROM responses WHERE request_id = ?').pluck().all(response.requestId) as (string | Buffer)[];
    expect(bodies.map((body) => body.toString())).toEqual([response.body]);
  });

  it('keeps the index in step when padded text changes or goes', () => {
    ingestPadded(db);
    db.prepare("UPDATE items SET title = 'Dro\u200Bught' WHERE native_id = 'z1'").run();
    expect(found(db, 'flood')).toEqual([]);
    expect(found(db, 'drought')).toEqual(['item']);
    db.prepare('DELETE FROM transcript_segments').run();
    expect(found(db, 'reservoir')).toEqual([]);
    db.exec(
      "INSERT INTO items_fts (items_fts) VALUES ('integrity-check'); INSERT INTO segments_fts (segments_fts) VALUES ('integrity-check')",
    );
  });

  it('re-indexes a library made before: the migration finds padded words stored earlier', () => {
    // A library at the version before, as the Gleaner before this one left it.
    const before = new BetterSqlite3(':memory:');
    before.pragma('foreign_keys = ON');
    installCustodyFunctions(before);
    migrate(before, migrations.slice(0, 27));
    try {
      ingestPadded(before);
      migrate(before, migrations);
      expect(found(before, 'flood')).toEqual(['item']);
      expect(found(before, 'reservoir')).toEqual(['transcript']);
      expect(found(before, 'caption')).toEqual(['transcript']);
      before.exec(
        "INSERT INTO items_fts (items_fts) VALUES ('integrity-check'); INSERT INTO segments_fts (segments_fts) VALUES ('integrity-check')",
      );
    } finally {
      before.close();
    }
  });
});
