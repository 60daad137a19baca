/**
 * A search sorted by relevance that matches more items than it ranks (RELEVANCE_RANK_LIMIT; a
 * lower limit here) lists them the most recently added first, says so, and finds the same items
 * with the same best hits as a ranked search would.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionRepository } from '../../../../../src/main/core/library/collections';
import { createIngester } from '../../../../../src/main/core/library/ingest';
import { openDatabase, type Database } from '../../../../../src/main/core/store/database';
import { buildSearchSql, DEFAULT_MARKERS } from '../../../../../src/main/core/store/search/query-builder';
import { rankedSearchIds, searchLibrary, searchResultIds } from '../../../../../src/main/core/store/search/search-engine';
import type { SearchRequest } from '../../../../../src/shared/library';
import { fakeResponse, item, stubNormalise } from '../../../../helpers/library';

let db: Database;
let ingest: ReturnType<typeof createIngester>;
let collections: ReturnType<typeof createCollectionRepository>;

const MARKERS = { start: '[', end: ']' };
/** Fewer than the 12 "storm" items below: a "storm" search is too broad to rank. */
const LOW_LIMIT = 5;

const video = (nativeId: string, title: string) =>
  item({ nativeId, title, text: `about ${title}`, author: { name: 'Ana Reporter', handle: '@ana', id: 'UC1', url: null } });

const descending = (ids: readonly number[]) => [...ids].sort((a, b) => b - a);

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  ingest = createIngester(db, stubNormalise);
  collections = createCollectionRepository(db, () => '2026-01-01T00:00:00.000Z');
  // The best matches (the word twice) were added first, so best match and newest first differ.
  ingest(
    fakeResponse('videosite/search', {
      items: Array.from({ length: 12 }, (_, i) => video(`s${i}`, i < 4 ? 'storm storm warning' : 'storm warning')),
    }),
  );
  ingest(fakeResponse('videosite/search', { items: [video('r1', 'Reservoir levels'), video('c1', 'Calm harbour')] }));
});
afterEach(() => db.close());

function idOf(title: string): number {
  return searchLibrary(db, { query: `"${title}"` }).hits.find((hit) => hit.title === title)!.id;
}

describe('a search too broad to rank', () => {
  it('lists the same items most recently added first, and says they are not ranked', () => {
    const ranked = searchLibrary(db, { query: 'storm', limit: 100 }, MARKERS, 20);
    const broad = searchLibrary(db, { query: 'storm', limit: 100 }, MARKERS, LOW_LIMIT);
    expect(ranked).toMatchObject({ total: 12, ranked: true });
    expect(ranked.hits.slice(0, 4).every((hit) => hit.title === 'storm storm warning')).toBe(true);
    expect(broad).toMatchObject({ total: 12, ranked: false });
    const ids = broad.hits.map((hit) => hit.id);
    expect(ids).toEqual(descending(ranked.hits.map((hit) => hit.id)));
    expect(broad.hits.every((hit) => hit.matchedIn === 'item' && hit.snippet?.includes('[storm]'))).toBe(true);
  });

  it('ranks a search at the limit, and only relevance searches say whether they are ranked', () => {
    expect(searchLibrary(db, { query: 'storm' }, DEFAULT_MARKERS, 12).ranked).toBe(true);
    expect(searchLibrary(db, { query: 'storm' }, DEFAULT_MARKERS, 11).ranked).toBe(false);
    expect(searchLibrary(db, { query: 'storm', sort: 'title' }, DEFAULT_MARKERS, LOW_LIMIT)).not.toHaveProperty('ranked');
    expect(searchLibrary(db, {}, DEFAULT_MARKERS, LOW_LIMIT)).not.toHaveProperty('ranked');
  });

  it('merges items found through notes and transcripts into the same order, each with its best hit', () => {
    const reservoir = idOf('Reservoir levels');
    const harbour = idOf('Calm harbour');
    collections.setNote(reservoir, 'storm damage to the dam');
    ingest(
      fakeResponse('videosite/transcript', {
        transcripts: [
          {
            nativeId: 'c1',
            url: null,
            language: 'en',
            available: true,
            format: 'segments',
            fullText: null,
            segments: [{ startMs: 9_000, endMs: 12_000, text: 'the storm reached the harbour' }],
          },
        ],
      }),
    );
    const broad = searchLibrary(db, { query: 'storm', limit: 100 }, MARKERS, LOW_LIMIT);
    expect(broad).toMatchObject({ total: 14, ranked: false });
    expect(broad.hits.map((hit) => hit.id)).toEqual(descending(broad.hits.map((hit) => hit.id)));
    expect(broad.hits.slice(0, 2)).toEqual([
      expect.objectContaining({ id: harbour, matchedIn: 'transcript', segmentStartMs: 9_000, snippet: 'the [storm] reached the harbour' }),
      expect.objectContaining({ id: reservoir, matchedIn: 'note', snippet: expect.stringContaining('[storm] damage') }),
    ]);
    // The page past those two: the items index's own newest matches, counted once.
    const secondPage = searchLibrary(db, { query: 'storm', limit: 5, offset: 5 }, MARKERS, LOW_LIMIT);
    expect(secondPage.hits.map((hit) => hit.id)).toEqual(broad.hits.slice(5, 10).map((hit) => hit.id));
    expect(secondPage.total).toBe(14);
  });

  it('pages, ids of a stretch and exports follow the order the pages show', () => {
    collections.setNote(idOf('Reservoir levels'), 'after the storm');
    collections.create('Watch');
    collections.add(
      'Watch',
      searchLibrary(db, { query: 'storm', limit: 100 })
        .hits.slice(0, 9)
        .map((hit) => hit.id),
    );
    const requests: SearchRequest[] = [
      { query: 'storm' },
      { query: 'storm OR reservoir' },
      { query: 'storm', platform: 'videosite' },
      { query: 'storm', collection: 'Watch' },
      { query: 'sto*' },
    ];
    for (const request of requests) {
      const label = JSON.stringify(request);
      const paged: number[] = [];
      for (let offset = 0; ; offset += 4) {
        const page = searchLibrary(db, { ...request, limit: 4, offset }, DEFAULT_MARKERS, LOW_LIMIT);
        expect(page.ranked, label).toBe(false);
        paged.push(...page.hits.map((hit) => hit.id));
        if (page.hits.length < 4) break;
      }
      expect(paged, label).toEqual(descending(paged));
      expect(new Set(paged), label).toEqual(new Set(rankedSearchIds(db, request)));
      expect(rankedSearchIds(db, request, LOW_LIMIT), label).toEqual(paged);
      expect(searchResultIds(db, request, 2, 3, LOW_LIMIT), label).toEqual({ ids: paged.slice(2, 5), total: paged.length });
    }
  });

  it('reads the items index newest first and stops, with no sort of its own (EXPLAIN QUERY PLAN)', () => {
    for (const request of [{ query: 'storm' }, { query: 'storm', platform: 'videosite' as const }]) {
      const { match, params } = buildSearchSql(request);
      for (const sql of [match!.itemNewest, match!.itemNewestPage]) {
        const steps = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((row) => row.detail).join('\n');
        expect(steps, JSON.stringify(request)).toMatch(/^SCAN items_fts VIRTUAL TABLE INDEX \d+:M/);
        expect(steps, JSON.stringify(request)).not.toMatch(/TEMP B-TREE/);
      }
    }
  });
});
