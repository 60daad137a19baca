import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { getItemDetail } from '../../../../src/main/core/library/items';
import { openDatabase } from '../../../../src/main/core/store/database';
import { searchLibrary } from '../../../../src/main/core/store/search/search-engine';
import type { ReadableDB } from '../../../../src/main/core/store/write-transaction';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: ReadableDB;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
});
afterEach(() => db.close());

const FETCHED = '2026-11-27T08:00:00.000Z';
const EXACT = '2024-03-04T10:00:00.000Z';
const ingestItems = (items: ReturnType<typeof item>[], fetchedAt = FETCHED) =>
  createIngester(db, stubNormalise)(fakeResponse('videosite/search', { items }, { fetchedAt }));

describe('items that carry only relative wording ("1 year ago")', () => {
  it('get an approximate date from the fetch time, flagged, which a "published from" filter and the date sort include', () => {
    ingestItems([item({ nativeId: 'a', title: 'Relative', publishedText: '1 year ago' }), item({ nativeId: 'b', title: 'Undated' })]);
    const [relative] = searchLibrary(db, { publishedFrom: '2025-06-01' }).hits;
    expect(relative).toMatchObject({ title: 'Relative', publishedAt: '2025-11-27T00:00:00.000Z', publishedApproximate: true });
    expect(searchLibrary(db, { sort: 'published' }).hits.map((hit) => hit.title)).toEqual(['Relative', 'Undated']);
    const detail = getItemDetail(db, relative!.id);
    expect(detail.item.publishedApproximate).toBe(true);
    expect(detail.citation).toMatchObject({ publishedAt: '2025-11-27T00:00:00.000Z', publishedApproximate: true });
  });

  it('take an exact date from a later answer (the details operation), and an approximate one never replaces it', () => {
    ingestItems([item({ nativeId: 'a', publishedText: '1 year ago' })]);
    ingestItems([item({ nativeId: 'a', publishedAt: EXACT, publishedText: 'Mar 4, 2024' })], '2026-11-27T09:00:00.000Z');
    const exact = searchLibrary(db, {}).hits[0]!;
    expect(exact).toMatchObject({ publishedAt: EXACT, publishedApproximate: false });
    ingestItems([item({ nativeId: 'a', publishedText: '2 years ago' })], '2026-12-01T00:00:00.000Z');
    expect(searchLibrary(db, {}).hits[0]).toMatchObject({ publishedAt: EXACT, publishedApproximate: false, publishedText: '2 years ago' });
  });

  it('keep the first approximate date: later wording is coarser ("2 days ago" becomes "1 month ago")', () => {
    ingestItems([item({ nativeId: 'a', publishedText: '2 days ago' })]);
    ingestItems([item({ nativeId: 'a', publishedText: '1 month ago' })], '2026-12-28T00:00:00.000Z');
    expect(searchLibrary(db, {}).hits[0]).toMatchObject({ publishedAt: '2026-11-25T00:00:00.000Z', publishedApproximate: true });
  });

  it('within one answer, an exact date of a record wins over the approximate one of its repeat, either way round', () => {
    ingestItems([
      item({ nativeId: 'a', publishedAt: EXACT, sourcePath: 'videos[0]' }),
      item({ nativeId: 'a', publishedText: '1 year ago', sourcePath: 'shorts[0]' }),
      item({ nativeId: 'b', publishedText: '1 year ago', sourcePath: 'videos[1]' }),
      item({ nativeId: 'b', publishedAt: EXACT, sourcePath: 'shorts[1]' }),
    ]);
    expect(searchLibrary(db, {}).hits.map(({ publishedAt, publishedApproximate }) => ({ publishedAt, publishedApproximate }))).toEqual([
      { publishedAt: EXACT, publishedApproximate: false },
      { publishedAt: EXACT, publishedApproximate: false },
    ]);
  });
});
