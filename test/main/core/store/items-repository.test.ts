import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createItemsRepository, type ItemValues } from '../../../../src/main/core/store/items-repository';
import { writeTransaction, type ReadableDB } from '../../../../src/main/core/store/write-transaction';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: ReadableDB;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
});
afterEach(() => db.close());

const values = (id: number, nativeId: string | null, url: string | null, title: string | null, responseId: number): ItemValues => [
  id,
  'videosite',
  'video',
  nativeId,
  url,
  title,
  null,
  null,
  null,
  null,
  null,
  null,
  null,
  null,
  null,
  10,
  null,
  null,
  null,
  null,
  null,
  '2026-01-01T00:00:00.000Z',
  '2026-01-01T00:00:00.000Z',
  responseId,
  null,
  0,
];

describe('items repository', () => {
  it('finds stored items by native id and by URL, one at a time and for a whole response', () => {
    const { responseId } = createIngester(db, stubNormalise)(fakeResponse('videosite/search', { items: [] }));
    const items = createItemsRepository(db);
    writeTransaction(db, (tx) =>
      items.insertMany(tx, [values(1, 'a1', 'https://v/1', 'One', responseId), values(2, null, 'https://v/1', 'Two', responseId)]),
    );
    expect(items.lastId()).toBe(2);
    expect(items.byNativeId('videosite', 'a1')).toEqual({ id: 1, nativeId: 'a1', url: 'https://v/1' });
    expect(items.byNativeId('shortvideo', 'a1')).toBeUndefined();
    // The lowest id for a URL, in the single lookup and in the one for many.
    expect(items.byUrl('videosite', 'https://v/1')?.id).toBe(1);
    expect(items.allByUrls('videosite', ['https://v/1', 'https://v/9']).map((row) => row.id)).toEqual([1, 2]);
    expect(items.allByNativeIds('videosite', ['a1', 'zz']).map((row) => row.id)).toEqual([1]);
    expect([...items.existing([2, 7, 1])].sort()).toEqual([1, 2]);
    expect(items.existing([]).size).toBe(0);
  });

  it('looks each listed value up once, however often it is listed', () => {
    const { responseId } = createIngester(db, stubNormalise)(fakeResponse('videosite/search', { items: [] }));
    const items = createItemsRepository(db);
    writeTransaction(db, (tx) => items.insertMany(tx, [values(1, 'a1', 'https://v/1', 'One', responseId)]));
    expect(items.allByNativeIds('videosite', ['a1', 'a1', 'zz']).map((row) => row.id)).toEqual([1]);
    expect(items.allByUrls('videosite', ['https://v/1', 'https://v/1']).map((row) => row.id)).toEqual([1]);
  });

  it('inserts new items unless one carries a stored native id, and then none of them, however many', () => {
    const { responseId } = createIngester(db, stubNormalise)(fakeResponse('videosite/search', { items: [] }));
    const items = createItemsRepository(db);
    writeTransaction(db, (tx) => items.insertMany(tx, [values(1, 'a1', 'https://v/1', 'Flood', responseId)]));
    // More rows than one INSERT takes, the stored id last: the rows of the statements before it go too.
    const many = Array.from({ length: 450 }, (_, n) => values(n + 2, n === 449 ? 'a1' : `n${n}`, null, 'Harbour', responseId));
    for (const rows of [[values(2, 'a1', 'https://v/2', 'Council', responseId)], many]) {
      expect(writeTransaction(db, (tx) => items.insertManyUnlessStored(tx, rows))).toBe(false);
      expect(items.lastId()).toBe(1);
    }
    expect(writeTransaction(db, (tx) => items.insertManyUnlessStored(tx, many.slice(0, 449)))).toBe(true);
    expect(items.lastId()).toBe(450);
    // The full-text index followed the rows in and out.
    db.prepare("INSERT INTO items_fts (items_fts) VALUES ('integrity-check')").run();
    expect(db.prepare("SELECT count(*) AS n FROM items_fts WHERE items_fts MATCH 'council'").get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT count(*) AS n FROM items_fts WHERE items_fts MATCH 'harbour'").get()).toEqual({ n: 449 });
  });

  it('merges a later sighting without erasing what a fuller one stored', () => {
    const { responseId } = createIngester(db, stubNormalise)(fakeResponse('videosite/search', { items: [] }));
    const items = createItemsRepository(db);
    writeTransaction(db, (tx) => items.insertMany(tx, [values(1, 'a1', 'https://v/1', 'Full title', responseId)]));
    writeTransaction(db, (tx) => items.update(tx, 1, values(1, null, null, null, responseId), '2026-02-01T00:00:00.000Z', responseId));
    expect(items.record(1)).toMatchObject({ title: 'Full title', nativeId: 'a1', views: 10, lastFetchedAt: '2026-02-01T00:00:00.000Z' });
    expect(items.record(99)).toBeUndefined();
  });

  it('reads an item’s citation, metrics history and provenance as ingest stored them', () => {
    const stored = createIngester(
      db,
      stubNormalise,
    )(
      fakeResponse('videosite/search', {
        items: [
          item({
            nativeId: 'a1',
            title: 'Flood',
            metrics: { views: 5, likes: null, comments: null, reposts: null, shares: null, followers: null },
          }),
        ],
      }),
    );
    const items = createItemsRepository(db);
    const id = stored.itemIds[0]!;
    expect(items.citedResponse(id)?.operation).toBe('videosite/search');
    expect(items.metricsHistory(id).map((m) => m.views)).toEqual([5]);
    expect(items.provenance(id)).toMatchObject([{ responseId: stored.responseId, params: { query: 'test' }, sourcePath: 'videos[0]' }]);
  });
});
