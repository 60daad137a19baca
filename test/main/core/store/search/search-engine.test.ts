import { buildSearchSql } from '../../../../../src/main/core/store/search/query-builder';
import { rankedSearchIds, searchLibrary, searchResultIds } from '../../../../../src/main/core/store/search/search-engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionRepository } from '../../../../../src/main/core/library/collections';
import { createIngester } from '../../../../../src/main/core/library/ingest';
import { openDatabase, type Database } from '../../../../../src/main/core/store/database';
import { searchRequestSchema } from '../../../../../src/shared/contract';
import { parseOrThrow } from '../../../../../src/shared/validation';
import { fakeResponse, item, stubNormalise } from '../../../../helpers/library';

let db: Database;
let ingest: ReturnType<typeof createIngester>;
let collections: ReturnType<typeof createCollectionRepository>;

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  ingest = createIngester(db, stubNormalise);
  collections = createCollectionRepository(db, () => '2026-01-01T00:00:00.000Z');
});
afterEach(() => db.close());

const video = (nativeId: string, title: string, views: number | null = 100) =>
  item({
    nativeId,
    title,
    text: `about ${title}`,
    author: { name: 'Ana Reporter', handle: '@ana', id: 'UC1', url: null },
    metrics: { views, likes: 5, comments: 1, reposts: null, shares: null, followers: null },
  });

describe('search', () => {
  beforeEach(() => {
    ingest(
      fakeResponse('videosite/search', {
        items: [video('a1', 'Flood defences in Rotterdam'), video('a2', 'Drought maps of Spain'), video('a3', 'Café owners protest')],
      }),
    );
    ingest(
      fakeResponse('shortvideo/search', {
        items: [
          item({
            nativeId: '77',
            platform: 'shortvideo',
            kind: 'video',
            url: 'https://www.tiktok.com/@x/video/77',
            text: 'dance challenge flood',
          }),
        ],
      }),
    );
    ingest(
      fakeResponse('videosite/transcript', {
        transcripts: [
          {
            nativeId: 'a2',
            url: null,
            language: 'English',
            available: true,
            format: 'segments',
            fullText: null,
            segments: [
              { startMs: 0, endMs: 4000, text: 'welcome back' },
              { startMs: 65_000, endMs: 70_000, text: 'the reservoir is nearly empty' },
            ],
          },
        ],
      }),
    );
  });

  it('finds words in titles and texts, ranked, with highlighted snippets', () => {
    const result = searchLibrary(db, { query: 'flood' }, { start: '[', end: ']' });
    expect(result.total).toBe(2);
    expect(result.hits[0]!.title).toBe('Flood defences in Rotterdam');
    expect(result.hits[0]!.snippet).toContain('[Flood]');
  });

  it('marks only matches in a snippet, even when platform text holds the marker characters', () => {
    ingest(fakeResponse('videosite/search', { items: [video('m9', 'Harbour \uE000fake match\uE001 notice')] }));
    const [hit] = searchLibrary(db, { query: 'notice' }).hits;
    expect(hit!.snippet).toBe('Harbour fake match \uE000notice\uE001');
  });

  it('points a transcript hit at its segment and timestamp', () => {
    const [hit] = searchLibrary(db, { query: 'reservoir' }).hits;
    expect(hit).toMatchObject({ title: 'Drought maps of Spain', matchedIn: 'transcript', segmentStartMs: 65_000, segmentLanguage: 'en' });
  });

  it('names the transcript a hit is in, by its language, when an item has several', () => {
    ingest(
      fakeResponse('videosite/transcript', {
        transcripts: [
          {
            nativeId: 'a2',
            url: null,
            language: 'de',
            available: true,
            format: 'segments',
            fullText: null,
            segments: [{ startMs: 3_000, endMs: 4000, text: 'der Stausee ist fast leer' }],
          },
        ],
      }),
    );
    ingest(
      fakeResponse('videosite/transcript', {
        transcripts: [{ nativeId: 'a2', url: null, language: 'ja', available: false, format: 'none', fullText: null, segments: [] }],
      }),
    );
    expect(searchLibrary(db, { query: 'stausee' }).hits[0]).toMatchObject({
      title: 'Drought maps of Spain',
      segmentStartMs: 3_000,
      segmentLanguage: 'de',
    });
    expect(searchLibrary(db, { query: 'reservoir' }).hits[0]).toMatchObject({ segmentStartMs: 65_000, segmentLanguage: 'en' });
    // Browsing names no segment.
    expect(searchLibrary(db, {}).hits.every((h) => h.segmentLanguage === null && h.segmentStartMs === null)).toBe(true);
  });

  it('finds the words of a transcript given as one text, with a snippet and no moment, in every kind of search', () => {
    const untimed = (nativeId: string, fullText: string) =>
      ingest(
        fakeResponse('videosite/transcript', {
          transcripts: [{ nativeId, url: null, language: 'ar', available: true, format: 'text', fullText, segments: [] }],
        }),
      );
    untimed('a3', 'the harbour pilots walked out at dawn');
    const [hit] = searchLibrary(db, { query: 'pilots' }, { start: '[', end: ']' }).hits;
    expect(hit).toMatchObject({
      title: 'Café owners protest',
      matchedIn: 'transcript',
      segmentStartMs: null,
      segmentLanguage: 'ar',
      snippet: 'the harbour [pilots] walked out at dawn',
    });
    expect(searchLibrary(db, { query: 'pilots', sort: 'views' }).hits.map((h) => h.title)).toEqual(['Café owners protest']);
    expect(searchLibrary(db, { query: 'pilots', hasTranscript: true }).total).toBe(1);
    expect(rankedSearchIds(db, { query: 'pilots' })).toEqual([hit!.id]);
    // A refetch that brings timed segments replaces the text's index entry with the segments'.
    ingest(
      fakeResponse('videosite/transcript', {
        transcripts: [
          {
            nativeId: 'a3',
            url: null,
            language: 'ar',
            available: true,
            format: 'segments',
            fullText: 'the ferry sailed',
            segments: [{ startMs: 2_000, endMs: 3_000, text: 'the ferry sailed' }],
          },
        ],
      }),
    );
    expect(searchLibrary(db, { query: 'pilots' }).total).toBe(0);
    expect(searchLibrary(db, { query: 'ferry' }).hits[0]).toMatchObject({ segmentStartMs: 2_000 });
    // Timed and untimed hits never mix up their snippets, whichever ids they have.
    untimed('a1', 'welcome back to the harbour');
    const byTitle = new Map(searchLibrary(db, { query: 'welcome' }, { start: '[', end: ']' }).hits.map((h) => [h.title, h.snippet]));
    expect(byTitle.get('Flood defences in Rotterdam')).toBe('[welcome] back to the harbour');
    expect(byTitle.get('Drought maps of Spain')).toBe('[welcome] back');
  });

  it('keeps the transcript moment when the title matches better', () => {
    ingest(
      fakeResponse('videosite/transcript', {
        transcripts: [
          {
            nativeId: 'a1',
            url: null,
            language: 'English',
            available: true,
            format: 'segments',
            fullText: null,
            segments: [
              { startMs: 0, endMs: 1000, text: 'intro' },
              { startMs: 42_000, endMs: 45_000, text: 'the rotterdam barrier' },
            ],
          },
        ],
      }),
    );
    const [hit] = searchLibrary(db, { query: 'rotterdam' }).hits;
    expect(hit).toMatchObject({ title: 'Flood defences in Rotterdam', matchedIn: 'item', segmentStartMs: 42_000 });
  });

  it('supports phrases, prefixes, OR, NOT and diacritic-insensitive matching', () => {
    const titles = (query: string) =>
      searchLibrary(db, { query })
        .hits.map((h) => h.title ?? h.url)
        .sort();
    expect(titles('"flood defences"')).toEqual(['Flood defences in Rotterdam']);
    expect(titles('drou*')).toEqual(['Drought maps of Spain']);
    expect(titles('rotterdam OR spain')).toEqual(['Drought maps of Spain', 'Flood defences in Rotterdam']);
    expect(titles('flood -rotterdam')).toEqual(['https://www.tiktok.com/@x/video/77']);
    expect(titles('cafe')).toEqual(['Café owners protest']);
  });

  it('filters by platform, kind, collection, tag and transcript', () => {
    collections.create('Water');
    const [first] = searchLibrary(db, { query: 'flood', platform: 'videosite' }).hits;
    collections.add('Water', [first!.id]);
    collections.tag([first!.id], 'verified');
    expect(searchLibrary(db, { query: 'flood', platform: 'shortvideo' }).total).toBe(1);
    expect(searchLibrary(db, { query: 'flood', collection: 'Water' }).hits.map((h) => h.id)).toEqual([first!.id]);
    expect(searchLibrary(db, { query: 'flood', tag: 'verified' }).total).toBe(1);
    expect(searchLibrary(db, { hasTranscript: true }).hits.map((h) => h.title)).toEqual(['Drought maps of Spain']);
    expect(searchLibrary(db, {}).total).toBe(4);
  });

  it('within a collection counts library-wide tags and that collection’s own, not another collection’s', () => {
    const [rotterdam] = searchLibrary(db, { query: 'rotterdam' }).hits;
    collections.create('Water');
    collections.create('Dams');
    collections.add('Water', [rotterdam!.id]);
    collections.add('Dams', [rotterdam!.id]);
    collections.tag([rotterdam!.id], 'lead', 'Dams');
    collections.tag([rotterdam!.id], 'verified');
    const count = (request: { collection?: string; tag: string }) => [
      searchLibrary(db, { query: 'flood', ...request }).total,
      searchLibrary(db, request).total,
    ];
    expect(count({ collection: 'Water', tag: 'lead' })).toEqual([0, 0]);
    expect(count({ collection: 'Dams', tag: 'lead' })).toEqual([1, 1]);
    expect(count({ collection: 'dams', tag: 'lead' })).toEqual([1, 1]);
    expect(count({ collection: 'Water', tag: 'verified' })).toEqual([1, 1]);
    // Without a collection, a tag at any level counts.
    expect(count({ tag: 'lead' })).toEqual([1, 1]);
  });

  it('within a collection finds words in library-wide notes and that collection’s, not another collection’s', () => {
    const [rotterdam] = searchLibrary(db, { query: 'rotterdam' }).hits;
    const [spain] = searchLibrary(db, { query: 'spain' }).hits;
    collections.create('Water');
    collections.create('Dams');
    collections.add('Water', [rotterdam!.id, spain!.id]);
    collections.add('Dams', [rotterdam!.id]);
    collections.setNote(rotterdam!.id, 'Called the harbour master on Tuesday', 'Dams');
    collections.setNote(spain!.id, 'harbour photos checked by phone');
    const found = (request: { collection?: string; sort?: 'views' }) => {
      const result = searchLibrary(db, { query: 'harbour', ...request }, { start: '[', end: ']' });
      return { total: result.total, hits: result.hits.map((h) => [h.id, h.matchedIn, h.snippet]) };
    };
    const spainByNote = [spain!.id, 'note', '[harbour] photos checked by phone'];
    const rotterdamByNote = [rotterdam!.id, 'note', 'Called the [harbour] master on Tuesday'];
    expect(found({ collection: 'Water' })).toEqual({ total: 1, hits: [spainByNote] });
    expect(found({ collection: 'Water', sort: 'views' })).toEqual({ total: 1, hits: [spainByNote] });
    expect(found({ collection: 'Dams' })).toEqual({ total: 1, hits: [rotterdamByNote] });
    for (const request of [
      { query: 'harbour', collection: 'Water' },
      { query: 'harbour', collection: 'Water', sort: 'views' as const },
    ]) {
      expect(searchResultIds(db, request, 0, -1)).toEqual({ ids: [spain!.id], total: 1 });
    }
    expect(rankedSearchIds(db, { query: 'harbour', collection: 'Water' })).toEqual([spain!.id]);
    // Without a collection, a note at any level counts.
    expect(found({}).total).toBe(2);
    expect(found({ sort: 'views' }).total).toBe(2);
  });

  it('ends a range at a bare day with the whole of that day, however the request arrives', () => {
    const at = (nativeId: string, publishedAt: string) => item({ nativeId, title: `harbour ${nativeId}`, publishedAt });
    ingest(
      fakeResponse('videosite/search', {
        items: [
          at('d1', '2023-10-12T23:59:59.999Z'),
          at('d2', '2023-10-13T00:00:00.000Z'),
          at('d3', '2023-10-13T23:59:59.999Z'),
          at('d4', '2023-10-14T00:00:00.000Z'),
          at('d5', '9999-12-31T23:59:59.999Z'),
        ],
      }),
    );
    const titles = (range: Record<string, string>) => {
      // As the bridge hands it over: parsed by the contract's schema, the bare day left as it is.
      const request = parseOrThrow(searchRequestSchema, range);
      const listed = searchLibrary(db, request)
        .hits.map((h) => h.title)
        .sort();
      expect(
        searchLibrary(db, { ...request, query: 'harbour' })
          .hits.map((h) => h.title)
          .sort(),
      ).toEqual(listed);
      expect(
        searchLibrary(db, { ...request, query: 'harbour', sort: 'published' })
          .hits.map((h) => h.title)
          .sort(),
      ).toEqual(listed);
      return listed;
    };
    expect(titles({ publishedFrom: '2023-10-13', publishedTo: '2023-10-13' })).toEqual(['harbour d2', 'harbour d3']);
    expect(titles({ publishedTo: '2023-10-13' })).toEqual(['harbour d1', 'harbour d2', 'harbour d3']);
    expect(titles({ publishedFrom: '2023-10-14', publishedTo: '9999-12-31' })).toEqual(['harbour d4', 'harbour d5']);
    // A time is a bound to the millisecond, as before.
    expect(titles({ publishedFrom: '2023-10-13', publishedTo: '2023-10-13T23:59:59.998Z' })).toEqual(['harbour d2']);
    expect(titles({ publishedTo: '2023-10-13T23:59:59.999Z' })).toEqual(['harbour d1', 'harbour d2', 'harbour d3']);
  });

  it('finds words in notes', () => {
    const [hit] = searchLibrary(db, { query: 'rotterdam' }).hits;
    collections.setNote(hit!.id, 'Called the harbour master on Tuesday');
    expect(searchLibrary(db, { query: 'harbour' }).hits).toEqual([expect.objectContaining({ id: hit!.id, matchedIn: 'note' })]);
  });

  it('counts items found only through transcripts and notes', () => {
    expect(searchLibrary(db, { query: 'reservoir' }).total).toBe(1);
    expect(searchLibrary(db, { query: 'reservoir OR rotterdam' }).total).toBe(2);
    const [spain] = searchLibrary(db, { query: 'spain' }).hits;
    collections.setNote(spain!.id, 'the reservoir story');
    // Found in its title, its note and its transcript: still one item.
    expect(searchLibrary(db, { query: 'reservoir OR spain' }).total).toBe(1);
  });

  it('pages through ranked results without gaps or repeats, equal scores in a fixed order', () => {
    ingest(
      fakeResponse('videosite/search', {
        items: Array.from({ length: 23 }, (_, i) => video(`t${i}`, i % 3 === 0 ? 'storm storm warning' : 'storm warning')),
      }),
    );
    const all = searchLibrary(db, { query: 'storm', limit: 100 });
    expect(all.total).toBe(23);
    const paged = [0, 5, 10, 15, 20].flatMap((offset) => searchLibrary(db, { query: 'storm', limit: 5, offset }).hits.map((h) => h.id));
    expect(paged).toEqual(all.hits.map((h) => h.id));
    // Titles with the word twice rank first; equal scores list the newest item first.
    expect(all.hits.slice(0, 8).every((h) => h.title === 'storm storm warning')).toBe(true);
    expect(all.hits.slice(8).map((h) => h.id)).toEqual([...all.hits.slice(8).map((h) => h.id)].sort((a, b) => b - a));
  });

  it('lists every ranked match in one pass, in the order of the pages (what an export of a search needs)', () => {
    ingest(
      fakeResponse('videosite/search', {
        items: Array.from({ length: 23 }, (_, i) => video(`r${i}`, ['storm warning', 'storm storm', 'reservoir storm'][i % 3]!)),
      }),
    );
    const [spain] = searchLibrary(db, { query: 'spain' }).hits;
    collections.setNote(spain!.id, 'storm over the reservoir');
    collections.create('Water');
    collections.add(
      'Water',
      searchLibrary(db, { query: 'reservoir', limit: 100 })
        .hits.slice(0, 6)
        .map((h) => h.id),
    );
    const pagesOf = (request: { query: string; collection?: string; platform?: 'videosite' }) => {
      const ids: number[] = [];
      for (let offset = 0; ; offset += 4) {
        const page = searchLibrary(db, { ...request, limit: 4, offset }).hits.map((h) => h.id);
        ids.push(...page);
        if (page.length < 4) return ids;
      }
    };
    // Titles, a note, a transcript segment, ties, and filters.
    for (const request of [
      { query: 'storm' },
      { query: 'reservoir' },
      { query: 'storm OR reservoir OR flood' },
      { query: 'reservoir', collection: 'Water' },
      { query: 'storm', platform: 'videosite' as const },
    ]) {
      const paged = pagesOf(request);
      expect(paged.length).toBeGreaterThan(0);
      expect(rankedSearchIds(db, request), JSON.stringify(request)).toEqual(paged);
    }
    expect(rankedSearchIds(db, { query: 'reservoir' })).toContain(spain!.id);
    expect(() => rankedSearchIds(db, { query: '"unclosed' })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('gives the ids of any stretch of a result, in the order of its pages, with the total (a range or "select all")', () => {
    ingest(
      fakeResponse('videosite/search', {
        items: Array.from({ length: 17 }, (_, i) =>
          video(`s${i}`, ['storm warning', 'storm storm', 'calm sea'][i % 3]!, i % 4 === 0 ? null : i * 10),
        ),
      }),
    );
    const [spain] = searchLibrary(db, { query: 'spain' }).hits;
    collections.setNote(spain!.id, 'a storm note');
    const requests = [
      {},
      { sort: 'views' as const },
      { sort: 'title' as const, platform: 'videosite' as const },
      { query: 'storm' },
      { query: 'storm', sort: 'views' as const },
      { query: 'storm OR calm', sort: 'title' as const },
    ];
    for (const request of requests) {
      const { hits, total } = searchLibrary(db, { ...request, limit: 1000 });
      const every = hits.map((h) => h.id);
      expect(total, JSON.stringify(request)).toBeGreaterThan(3);
      expect(searchResultIds(db, request, 0, -1), JSON.stringify(request)).toEqual({ ids: every, total });
      expect(searchResultIds(db, request, 2, 3), JSON.stringify(request)).toEqual({ ids: every.slice(2, 5), total });
      // Past the end: no ids, the same total.
      expect(searchResultIds(db, request, total + 5, 10), JSON.stringify(request)).toEqual({ ids: [], total });
    }
    expect(() => searchResultIds(db, { query: '"unclosed' }, 0, 10)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('sorts matching items by a column, each still with its best hit', () => {
    ingest(fakeResponse('videosite/search', { items: [video('f1', 'Flood barrier', 5000), video('f2', 'Flood plain', null)] }));
    const result = searchLibrary(db, { query: 'flood OR reservoir', sort: 'views' }, { start: '[', end: ']' });
    expect(result.total).toBe(5);
    expect(result.hits.map((h) => h.views)).toEqual([5000, 100, 100, null, null]);
    expect(result.hits.find((h) => h.title === 'Drought maps of Spain')).toMatchObject({
      matchedIn: 'transcript',
      segmentStartMs: 65_000,
      snippet: expect.stringContaining('[reservoir]'),
    });
    expect(result.hits[0]).toMatchObject({ title: 'Flood barrier', matchedIn: 'item', snippet: expect.stringContaining('[Flood]') });
    expect(searchLibrary(db, { query: 'flood', sort: 'views', offset: 50 })).toEqual({ hits: [], total: 4 });
  });

  it('answers a malformed query with a clear INVALID_INPUT, never SQL', () => {
    expect(() => searchLibrary(db, { query: '"unclosed' })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringMatching(/quotation mark/) }),
    );
    for (const [query, message] of [
      ['flood NOT -rotterdam', /NOT and - both exclude/],
      ['-rotterdam NOT spain', /NOT needs a word to look for on its left/],
      [`${'(flood '.repeat(40)}x${')'.repeat(40)}`, /nested at most 10 deep/],
      ['"!!!"', /Type a word/],
    ] as const) {
      expect(() => searchLibrary(db, { query }), query).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringMatching(message) }),
      );
    }
  });

  it('ignores a phrase without letters or digits, as it ignores the same text unquoted', () => {
    expect(searchLibrary(db, { query: 'flood "!!!"' }).total).toBe(2);
    expect(searchLibrary(db, { query: '"🙂" flood "…"' }).total).toBe(2);
  });

  it('uses the FTS indexes (EXPLAIN QUERY PLAN)', () => {
    const plan = (sql: string, params: Record<string, unknown>) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ ...params, ids: '[]' }) as { detail: string }[]).map((r) => r.detail).join('\n');
    // Also within a collection, where only some levels of notes and tags count.
    for (const request of [
      { query: 'flood', platform: 'videosite' as const },
      { query: 'flood', collection: 'Water', tag: 'lead' },
    ]) {
      const { match, params } = buildSearchSql(request);
      // Each index is read through its full-text index, and the item of each hit found by its key.
      for (const [sql, index] of [
        [match!.itemPage, 'items_fts'],
        [match!.itemCount, 'items_fts'],
        [match!.noteBest, 'notes_fts'],
        [match!.segmentBest, 'segments_fts'],
        [match!.segmentBest, 'transcript_texts_fts'],
      ] as const) {
        const steps = plan(sql, params);
        expect(steps, JSON.stringify(request)).toMatch(new RegExp(`SCAN ${index} VIRTUAL TABLE INDEX \\d+:M`));
        expect(steps, JSON.stringify(request)).toMatch(/SEARCH i USING INTEGER PRIMARY KEY/);
      }
    }
    // Without filters the ranked page reads the items index alone.
    const unfiltered = buildSearchSql({ query: 'flood' });
    expect(plan(unfiltered.match!.itemPage, unfiltered.params)).toMatch(/^SCAN items_fts VIRTUAL TABLE INDEX \d+:M/);
  });
});
