import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { getItemDetail } from '../../../../src/main/core/library/items';
import { buildSearchSql, rankedSearchIds, searchLibrary, searchResultIds } from '../../../../src/main/core/library/search';
import { openDatabase, type Database } from '../../../../src/main/core/store/database';
import { normaliseResponse } from '../../../../src/main/core/platforms/normalise';
import { searchRequestSchema } from '../../../../src/shared/contract';
import { parseOrThrow } from '../../../../src/shared/validation';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

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

describe('ingest', () => {
  it('stores the response as received with its hash and provenance, and links items to it', () => {
    const response = fakeResponse('videosite/search', { items: [video('a1', 'Flood defences'), video('a2', 'Drought maps')] });
    const result = ingest(response);
    expect(result).toMatchObject({ alreadyStored: false, warnings: [] });
    expect(result.itemIds).toHaveLength(2);
    const stored = db.prepare('SELECT body, body_sha256, request_id, params, item_count FROM responses').get() as Record<string, unknown>;
    expect(stored.body).toBe(response.body);
    expect(stored.body_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.item_count).toBe(2);
    const detail = getItemDetail(db, result.itemIds[0]!);
    expect(detail.provenance).toEqual([
      expect.objectContaining({
        requestId: response.requestId,
        operation: 'videosite/search',
        params: { query: 'test' },
        sourcePath: 'videos[0]',
      }),
    ]);
  });

  it('keeps the spec fields without a column as extras, merged field by field across fetches and within a response', () => {
    const withExtras = (extras: Record<string, string | number>) => ({ ...video('x1', 'Harbour wall'), extras });
    const [id] = ingest(
      fakeResponse('videosite/search', {
        items: [withExtras({ mediaUrl: 'https://cdn.example/v1.mp4', authorAvatarUrl: 'https://cdn.example/a.jpg' })],
      }),
    ).itemIds;
    expect(getItemDetail(db, id!).item.extras).toEqual({
      mediaUrl: 'https://cdn.example/v1.mp4',
      authorAvatarUrl: 'https://cdn.example/a.jpg',
    });
    // A later fetch brings a new media address and no picture: the picture stays.
    ingest(fakeResponse('videosite/search', { items: [withExtras({ mediaUrl: 'https://cdn.example/v2.mp4' })] }));
    // One without any extras changes none.
    ingest(fakeResponse('videosite/search', { items: [video('x1', 'Harbour wall')] }));
    expect(getItemDetail(db, id!).item.extras).toEqual({
      mediaUrl: 'https://cdn.example/v2.mp4',
      authorAvatarUrl: 'https://cdn.example/a.jpg',
    });
    // A new item listed twice in one response gathers both records' extras.
    const [twice] = ingest(
      fakeResponse('videosite/search', {
        items: [
          { ...video('x2', 'Quay'), extras: { headline: 'First' } },
          { ...video('x2', 'Quay'), extras: { altText: 'A quay at dusk' } },
        ],
      }),
    ).itemIds;
    expect(getItemDetail(db, twice!).item.extras).toEqual({ headline: 'First', altText: 'A quay at dusk' });
    // An item with none has none, and stores NULL rather than an empty object.
    const [plain] = ingest(fakeResponse('videosite/search', { items: [video('x3', 'Pier')] })).itemIds;
    expect(getItemDetail(db, plain!).item.extras).toEqual({});
    expect(db.prepare('SELECT extras FROM items WHERE id = ?').pluck().get(plain)).toBeNull();
  });

  it('stores a lone surrogate as one U+FFFD, never as bytes that are not UTF-8', () => {
    const broken = video('s1', 'before \uD800 between \uDC00 after, \uD83D\uDE00 kept');
    const [id] = ingest(fakeResponse('videosite/search', { items: [broken] })).itemIds;
    expect(getItemDetail(db, id!).item.title).toBe('before \uFFFD between \uFFFD after, \uD83D\uDE00 kept');
    const bytes = db.prepare('SELECT hex(CAST(title AS BLOB)) AS hex FROM items WHERE id = ?').get(id) as { hex: string };
    expect(Buffer.from(bytes.hex, 'hex').toString('utf8')).toBe('before \uFFFD between \uFFFD after, \uD83D\uDE00 kept');
    expect(bytes.hex).not.toMatch(/^(..)*ED[AB]/);
    collections.setNote(id!, 'note \uDBFF');
    expect(getItemDetail(db, id!).notes[0]!.body).toBe('note \uFFFD');
  });

  it('is idempotent: replaying the same response changes nothing', () => {
    const response = fakeResponse('videosite/search', { items: [video('a1', 'Flood defences')] });
    const first = ingest(response);
    const count = () =>
      db
        .prepare('SELECT (SELECT count(*) FROM responses) r, (SELECT count(*) FROM items) i, (SELECT count(*) FROM metric_snapshots) m')
        .get();
    const before = count();
    expect(ingest(response)).toMatchObject({ alreadyStored: true, itemIds: first.itemIds });
    expect(count()).toEqual(before);
  });

  it('keeps a different answer under a request id seen before as a response of its own, with a warning', () => {
    const first = fakeResponse('videosite/search', { items: [video('a1', 'Flood defences', 100)] });
    ingest(first);
    // A service or caching proxy that reuses the id: another body, another item, other counts.
    const data = { items: [video('a1', 'Flood defences', 250), video('b2', 'Sea wall')] };
    const reused = fakeResponse('videosite/search', data, {
      requestId: first.requestId,
      body: JSON.stringify({ success: true, data, meta: { again: true } }),
    });
    const result = ingest(reused);
    expect(result.alreadyStored).toBe(false);
    expect(result.itemIds).toHaveLength(2);
    expect(result.warnings).toEqual([
      `This answer carries the request id of a different answer stored before (fetched ${first.fetchedAt}); both are kept as received.`,
    ]);
    const rows = db.prepare('SELECT request_id, body, parse_warnings FROM responses ORDER BY id').all() as {
      request_id: string;
      body: string;
      parse_warnings: string;
    }[];
    expect(rows.map((r) => [r.request_id, r.body])).toEqual([
      [first.requestId, first.body],
      [first.requestId, reused.body],
    ]);
    expect(JSON.parse(rows[1]!.parse_warnings)).toEqual(result.warnings);
    expect(getItemDetail(db, result.itemIds[0]!).metricsHistory.map((m) => m.views)).toEqual([100, 250]);
    // Either answer replayed changes nothing.
    expect(ingest(first)).toMatchObject({ alreadyStored: true });
    expect(ingest(reused)).toMatchObject({ alreadyStored: true, itemIds: result.itemIds });
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(2);
  });

  it('stores the client’s own warnings with the normaliser’s', () => {
    const response = fakeResponse(
      'videosite/search',
      { items: [video('a1', 'x')], warnings: ['1 of 2 records in videos could not be read.'] },
      { warnings: ['The listing repeats its page.'] },
    );
    expect(ingest(response).warnings).toEqual(['1 of 2 records in videos could not be read.', 'The listing repeats its page.']);
    expect(JSON.parse(db.prepare('SELECT parse_warnings FROM responses').pluck().get() as string)).toEqual([
      '1 of 2 records in videos could not be read.',
      'The listing repeats its page.',
    ]);
  });

  it('keeps one item per platform id and a metrics snapshot per fetch', () => {
    const first = ingest(fakeResponse('videosite/search', { items: [video('a1', 'Flood defences', 100)] }));
    const second = ingest(fakeResponse('videosite/video', { items: [video('a1', 'Flood defences', 250)] }));
    expect(second.itemIds).toEqual(first.itemIds);
    const detail = getItemDetail(db, first.itemIds[0]!);
    expect(detail.metricsHistory.map((m) => m.views)).toEqual([100, 250]);
    expect(detail.item.views).toBe(250);
    expect(detail.provenance).toHaveLength(2);
  });

  it('cites an item from the response that last carried its fields, and a transcript from its own request', () => {
    ingest(fakeResponse('videosite/search', { items: [video('a1', 'Flood defences', 100)] }));
    const refetch = fakeResponse('videosite/video', { items: [video('a1', 'Flood defences', 250)] });
    const [id] = ingest(refetch).itemIds;
    const words = fakeResponse('videosite/transcript', {
      transcripts: [
        {
          nativeId: 'a1',
          url: null,
          language: 'English',
          available: true,
          format: 'segments',
          fullText: 'Hello',
          segments: [{ startMs: 0, endMs: 900, text: 'Hello' }],
        },
      ],
    });
    ingest(words);
    const detail = getItemDetail(db, id!);
    // A transcript's response is in the item's provenance, but the item's fields came from the refetch.
    expect(detail.citation).toEqual({
      url: 'https://www.youtube.com/watch?v=a1',
      platform: 'videosite',
      author: 'Ana Reporter @ana',
      publishedAt: null,
      fetchedAt: refetch.fetchedAt,
      operation: 'videosite/video',
      requestId: refetch.requestId,
    });
    expect(detail.transcripts[0]).toMatchObject({
      operation: 'videosite/transcript',
      requestId: words.requestId,
      fetchedAt: words.fetchedAt,
    });
  });

  it('falls back to the canonical URL when there is no platform id', () => {
    const a = ingest(
      fakeResponse('professional/post', {
        items: [item({ nativeId: null, platform: 'professional', kind: 'post', url: 'https://www.linkedin.com/posts/x', title: 'One' })],
      }),
    );
    const b = ingest(
      fakeResponse('professional/post', {
        items: [item({ nativeId: null, platform: 'professional', kind: 'post', url: 'https://www.linkedin.com/posts/x', title: 'One' })],
      }),
    );
    expect(b.itemIds).toEqual(a.itemIds);
  });

  it('never erases stored fields with the nulls of a trimmed response', () => {
    const first = ingest(fakeResponse('videosite/search', { items: [video('a1', 'Flood defences')] }));
    ingest(fakeResponse('videosite/search', { items: [item({ nativeId: 'a1' })] }));
    expect(getItemDetail(db, first.itemIds[0]!).item).toMatchObject({ title: 'Flood defences', authorName: 'Ana Reporter', views: 100 });
  });

  it('records parse warnings with the response', () => {
    const result = ingest(
      fakeResponse('videosite/search', { items: [video('a1', 'x')], warnings: ['1 of 2 records in videos could not be read.'] }),
    );
    expect(result.warnings).toEqual(['1 of 2 records in videos could not be read.']);
    expect(JSON.parse((db.prepare('SELECT parse_warnings AS w FROM responses').get() as { w: string }).w)).toEqual(result.warnings);
  });

  it('stores transcripts with segments, replaces them on refetch, and keeps "none in that language" as a fact', () => {
    const [id] = ingest(fakeResponse('videosite/search', { items: [video('a1', 'Flood defences')] })).itemIds;
    const transcript = (text: string) => ({
      nativeId: 'a1',
      url: null,
      language: 'English',
      available: true,
      format: 'segments' as const,
      fullText: text,
      segments: [
        { startMs: 0, endMs: 1500, text },
        { startMs: 1500, endMs: null, text: 'second line' },
      ],
    });
    ingest(fakeResponse('videosite/transcript', { transcripts: [transcript('first version')] }));
    ingest(fakeResponse('videosite/transcript', { transcripts: [transcript('second version')] }));
    ingest(
      fakeResponse('videosite/transcript', {
        transcripts: [{ nativeId: 'a1', url: null, language: 'German', available: false, format: 'none', fullText: null, segments: [] }],
      }),
    );
    const detail = getItemDetail(db, id!);
    expect(detail.item.hasTranscript).toBe(true);
    const english = detail.transcripts.find((t) => t.language === 'en')!;
    expect(english.segments.map((s) => s.text)).toEqual(['second version', 'second line']);
    expect(detail.transcripts.find((t) => t.language === 'de')).toMatchObject({ available: false, segments: [] });
  });

  it('keeps one transcript per language however the language is spelt, and a later "none" does not erase it', () => {
    const [id] = ingest(fakeResponse('videosite/search', { items: [video('a1', 'Flood defences')] })).itemIds;
    const none = (language: string) => ({
      nativeId: 'a1',
      url: null,
      language,
      available: false,
      format: 'none' as const,
      fullText: null,
      segments: [],
    });
    const words = (language: string, text: string) => ({
      nativeId: 'a1',
      url: null,
      language,
      available: true,
      format: 'segments' as const,
      fullText: text,
      segments: [{ startMs: 0, endMs: 1500, text }],
    });
    // Asked in "en" and found none; then the service names the language in words.
    ingest(fakeResponse('videosite/transcript', { transcripts: [none('en')] }));
    ingest(fakeResponse('videosite/transcript', { transcripts: [words('English', 'the tide gauge')] }));
    // A later answer of none, in either spelling, leaves the words where they are.
    const later = fakeResponse('videosite/transcript', { transcripts: [none('EN')] }, { requestId: 'req_none_later' });
    expect(ingest(later).itemIds).toEqual([id]);
    // A name the library cannot place stays a language of its own.
    ingest(fakeResponse('videosite/transcript', { transcripts: [words('English (auto-generated)', 'the tide gorge')] }));
    const detail = getItemDetail(db, id!);
    expect(detail.transcripts.map((t) => [t.language, t.available, t.segments.map((s) => s.text)])).toEqual(
      expect.arrayContaining([
        ['en', true, ['the tide gauge']],
        ['English (auto-generated)', true, ['the tide gorge']],
      ]),
    );
    expect(detail.transcripts).toHaveLength(2);
    expect(detail.item.hasTranscript).toBe(true);
    // The answer of none is still part of the item's provenance.
    expect(detail.provenance.map((p) => p.requestId)).toContain('req_none_later');
  });

  it('keeps the transcript in a video’s details and the same one fetched by language as one, under its language', () => {
    const [id] = ingest(fakeResponse('videosite/search', { items: [video('a1', 'Flood defences')] })).itemIds;
    const said = (language: string, text: string) => ({
      nativeId: 'a1',
      url: null,
      language,
      available: true,
      format: 'segments' as const,
      fullText: text,
      segments: [{ startMs: 0, endMs: 1500, text }],
    });
    // Details first (no language), then the transcript request: one transcript, in English.
    ingest(
      fakeResponse(
        'videosite/video',
        { items: [video('a1', 'Flood defences')], transcripts: [said('', 'the tide gauge')] },
        { requestId: 'req_details_1' },
      ),
    );
    ingest(fakeResponse('videosite/transcript', { transcripts: [said('English', 'the tide gauge')] }, { requestId: 'req_transcript_1' }));
    // Details fetched again later: still one.
    ingest(
      fakeResponse(
        'videosite/video',
        { items: [video('a1', 'Flood defences')], transcripts: [said('', 'the tide gauge')] },
        { requestId: 'req_details_2' },
      ),
    );
    let detail = getItemDetail(db, id!);
    expect(detail.transcripts.map((t) => [t.language, t.segments.map((segment) => segment.text)])).toEqual([['en', ['the tide gauge']]]);
    expect(detail.provenance.map((p) => p.requestId)).toEqual(
      expect.arrayContaining(['req_details_1', 'req_transcript_1', 'req_details_2']),
    );
    expect(db.prepare("SELECT count(*) FROM segments_fts WHERE segments_fts MATCH 'gauge'").pluck().get()).toBe(1);
    // Different words without a language are a transcript of their own.
    ingest(
      fakeResponse(
        'videosite/video',
        { items: [video('a1', 'Flood defences')], transcripts: [said('', 'another reading')] },
        { requestId: 'req_details_3' },
      ),
    );
    detail = getItemDetail(db, id!);
    expect(detail.transcripts.map((t) => t.language)).toHaveLength(2);
    expect(detail.transcripts.map((t) => t.language)).toEqual(expect.arrayContaining(['en', null]));
  });

  it('counts the item a transcript belongs to as what its response brought, with that response in its provenance', () => {
    const search = fakeResponse('videosite/search', { items: [video('a1', 'Flood defences')] });
    const [id] = ingest(search).itemIds;
    const response = fakeResponse(
      'videosite/transcript',
      {
        transcripts: [{ nativeId: 'a1', url: null, language: 'English', available: true, format: 'text', fullText: 'hello', segments: [] }],
      },
      { requestId: 'req_transcript_a1' },
    );
    expect(ingest(response).itemIds).toEqual([id]);
    // Stored again (a replay), the same answer.
    expect(ingest(response).itemIds).toEqual([id]);
    const detail = getItemDetail(db, id!);
    expect(detail.provenance.map((p) => [p.requestId, p.sourcePath])).toEqual(
      expect.arrayContaining([
        [search.requestId, 'videos[0]'],
        ['req_transcript_a1', 'transcript'],
      ]),
    );
    // No counts came with the transcript: still one snapshot.
    expect(detail.metricsHistory).toHaveLength(1);
  });

  it('merges records of one response that are the same item, keeping every sighting and one snapshot', () => {
    const counts = (views: number | null) => ({ views, likes: null, comments: null, reposts: null, shares: null, followers: null });
    const result = ingest(
      fakeResponse('videosite/search', {
        items: [
          item({ nativeId: 'a1', title: 'Flood defences', metrics: counts(null), sourcePath: 'videos[0]' }),
          item({ nativeId: 'a2', title: 'Drought maps', sourcePath: 'videos[1]' }),
          // The same video again, and a record without id found by its URL: both are a1.
          item({ nativeId: 'a1', title: null, text: 'longer text', metrics: counts(7), sourcePath: 'shorts[0]' }),
          item({ nativeId: null, url: 'https://www.youtube.com/watch?v=a1', metrics: counts(9), sourcePath: 'shorts[1]' }),
        ],
      }),
    );
    expect(result.itemIds).toHaveLength(2);
    expect(db.prepare('SELECT item_count AS n FROM responses').get()).toEqual({ n: 2 });
    const detail = getItemDetail(db, result.itemIds[0]!);
    expect(detail.item).toMatchObject({ nativeId: 'a1', title: 'Flood defences', text: 'longer text', views: 9 });
    expect(detail.provenance.map((p) => p.sourcePath).sort()).toEqual(['shorts[0]', 'shorts[1]', 'videos[0]']);
    // One snapshot per fetch: the first counts the response gave for the item.
    expect(detail.metricsHistory.map((m) => m.views)).toEqual([7]);
    expect(ingest(fakeResponse('videosite/search', { items: [] }, { requestId: 'req_test_other' })).itemIds).toEqual([]);
  });

  it('gives a stored item found by URL its native id, and later records of the response find it by that id', () => {
    const [stored] = ingest(
      fakeResponse('professional/post', {
        items: [item({ nativeId: null, platform: 'professional', kind: 'post', url: 'https://www.linkedin.com/posts/x', title: 'One' })],
      }),
    ).itemIds;
    const again = ingest(
      fakeResponse('professional/post', {
        items: [
          item({ nativeId: 'p1', platform: 'professional', kind: 'post', url: 'https://www.linkedin.com/posts/x' }),
          item({
            nativeId: 'p1',
            platform: 'professional',
            kind: 'post',
            url: 'https://www.linkedin.com/posts/x-renamed',
            title: 'One, edited',
          }),
          item({ nativeId: null, platform: 'professional', kind: 'post', url: 'https://www.linkedin.com/posts/x-renamed' }),
        ],
      }),
    );
    expect(again.itemIds).toEqual([stored]);
    expect(getItemDetail(db, stored!).item).toMatchObject({
      nativeId: 'p1',
      url: 'https://www.linkedin.com/posts/x-renamed',
      title: 'One, edited',
    });
    expect(searchLibrary(db, { query: 'edited' }).hits.map((h) => h.id)).toEqual([stored]);
    expect(searchLibrary(db, { query: 'one' }).total).toBe(1);
  });

  it("lists a stored response's items in their order when it is stored again", () => {
    const response = fakeResponse('videosite/search', { items: [video('b2', 'Two'), video('b1', 'One'), video('b2', 'Two again')] });
    const first = ingest(response);
    expect(ingest(response).itemIds).toEqual(first.itemIds);
  });

  it('gives a transcript fetched before its video an item of its own', () => {
    const result = ingest(
      fakeResponse('videosite/transcript', {
        transcripts: [
          {
            nativeId: 'zz9',
            url: 'https://www.youtube.com/watch?v=zz9',
            language: 'English',
            available: true,
            format: 'text',
            fullText: 'hello',
            segments: [],
          },
        ],
      }),
    );
    expect(result.itemIds).toHaveLength(1);
    expect(getItemDetail(db, result.itemIds[0]!).item).toMatchObject({ nativeId: 'zz9', hasTranscript: true });
  });

  it('makes that item a short when the transcript response says it belongs to one', () => {
    const ingestReal = createIngester(db, normaliseResponse);
    const data = {
      videoId: 'sh0rtVid01a',
      type: 'short',
      url: 'https://www.youtube.com/shorts/sh0rtVid01a',
      transcript: [{ text: 'hello', startMs: '0', endMs: '900', startTimeText: '0:00' }],
      transcript_only_text: 'hello',
      language: 'English',
    };
    const result = ingestReal(
      fakeResponse('videosite/transcript', data, { params: { url: 'https://www.youtube.com/watch?v=sh0rtVid01a' } }),
    );
    expect(getItemDetail(db, result.itemIds[0]!).item).toMatchObject({
      kind: 'short',
      nativeId: 'sh0rtVid01a',
      url: 'https://www.youtube.com/shorts/sh0rtVid01a',
      hasTranscript: true,
    });
  });
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

describe('collections', () => {
  let ids: number[];
  beforeEach(() => {
    ids = ingest(fakeResponse('videosite/search', { items: [video('a1', 'One'), video('a2', 'Two'), video('a3', 'Three')] })).itemIds;
  });

  it('round-trips create, add, move, rename, remove and delete, leaving items in the library', () => {
    collections.create('Story');
    expect(() => collections.create('story')).toThrow(/already exists/);
    expect(collections.add('Story', ids)).toEqual({ added: 3 });
    expect(collections.add('Story', [ids[0]!])).toEqual({ added: 0 });
    expect(collections.move('Story', ids[2]!, -2)).toEqual({ position: 1, total: 3 });
    expect(collections.items('Story').items.map((i) => i.title)).toEqual(['Three', 'One', 'Two']);
    collections.rename('Story', 'Water story');
    expect(collections.list().map((c) => [c.name, c.itemCount])).toEqual([['Water story', 3]]);
    expect(collections.remove('Water story', [ids[1]!])).toEqual({
      removed: 1,
      places: [{ itemId: ids[1], position: expect.any(Number), addedAt: '2026-01-01T00:00:00.000Z' }],
    });
    expect(collections.delete('Water story')).toEqual({
      items: 2,
      contents: {
        name: 'Water story',
        itemIds: [ids[2], ids[0]],
        addedAt: ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
        notes: [],
        tags: {},
        waitingJobIds: [],
      },
    });
    expect(collections.list()).toEqual([]);
    expect(searchLibrary(db, {}).total).toBe(3);
  });

  it('puts removed items back where they stood, with when they were added, after other moves; notes and tags here never left', () => {
    collections.create('Desk');
    collections.add('Desk', ids);
    collections.setNote(ids[1]!, 'call the harbour master', 'Desk');
    collections.tag([ids[1]!], 'verify', 'Desk');
    const { places } = collections.remove('Desk', [ids[1]!, ids[2]!, 999_999]);
    expect(places.map((p) => p.itemId)).toEqual([ids[1], ids[2]]);
    // Meanwhile the other one is added again (at the end): it stays where it is now.
    collections.add('Desk', [ids[2]!]);
    expect(collections.putBack('Desk', places)).toEqual({ restored: 1 });
    expect(collections.items('Desk').items.map((i) => [i.title, i.note, i.addedAt])).toEqual([
      ['One', null, '2026-01-01T00:00:00.000Z'],
      ['Two', 'call the harbour master', '2026-01-01T00:00:00.000Z'],
      ['Three', null, expect.any(String)],
    ]);
    expect(collections.items('Desk').items[1]!.tags).toEqual([{ tag: 'verify', collection: 'Desk' }]);
    expect(() => collections.putBack('Desk', [{ itemId: 999_999, position: 1, addedAt: '2026-01-01T00:00:00.000Z' }])).toThrow(
      /No item with id 999999/,
    );
    expect(() => collections.putBack('Gone', places)).toThrow(/no collection/i);
  });

  it('brings a deleted collection back with the notes and tags of items taken out of it before', () => {
    collections.create('Desk');
    collections.add('Desk', ids);
    collections.setNote(ids[0]!, 'taken out, but the note stays', 'Desk');
    collections.tag([ids[0]!], 'dropped', 'Desk');
    collections.remove('Desk', [ids[0]!]);
    const { contents } = collections.delete('Desk');
    expect(contents.notes).toEqual([{ itemId: ids[0], body: 'taken out, but the note stays' }]);
    collections.restore(contents);
    expect(collections.items('Desk').items.map((i) => i.id)).toEqual([ids[1], ids[2]]);
    const kept = getItemDetail(db, ids[0]!)!;
    expect(kept.collections).toEqual([]);
    expect(kept.notes).toMatchObject([{ collection: 'Desk', body: 'taken out, but the note stays' }]);
    expect(kept.tags).toEqual([{ tag: 'dropped', collection: 'Desk' }]);
  });

  it('never overwrites a note saved meanwhile when the save says which note it replaces', () => {
    collections.setNote(ids[0]!, 'first', undefined, '');
    expect(() => collections.setNote(ids[0]!, 'mine', undefined, '')).toThrow(
      expect.objectContaining({ code: 'CONFLICT', message: expect.stringContaining('It now reads: “first”.') }),
    );
    expect(getItemDetail(db, ids[0]!)!.notes).toMatchObject([{ body: 'first' }]);
    collections.setNote(ids[0]!, 'mine', undefined, 'first');
    // The same words saved elsewhere are no conflict; nor is a save that names no note (the CLI's).
    collections.setNote(ids[0]!, 'mine', undefined, 'something older');
    collections.setNote(ids[0]!, 'theirs');
    expect(() => collections.setNote(ids[0]!, '', undefined, 'mine')).toThrow(/changed elsewhere/);
    collections.setNote(ids[0]!, '', undefined, 'theirs');
    expect(() => collections.setNote(ids[0]!, 'again', undefined, 'theirs')).toThrow(/It has since been removed/);
    expect(getItemDetail(db, ids[0]!)!.notes).toEqual([]);
  });

  it('keeps notes and tags per collection and global', () => {
    collections.create('A');
    collections.add('A', [ids[0]!]);
    collections.setNote(ids[0]!, 'global note');
    collections.setNote(ids[0]!, 'note for A', 'A');
    collections.tag([ids[0]!], 'lead', 'A');
    collections.tag([ids[0]!], 'checked');
    const detail = getItemDetail(db, ids[0]!);
    expect(detail.notes.map((n) => [n.collection, n.body])).toEqual([
      [null, 'global note'],
      ['A', 'note for A'],
    ]);
    expect(detail.tags.map((t) => [t.collection, t.tag])).toEqual([
      [null, 'checked'],
      ['A', 'lead'],
    ]);
    expect(collections.items('A').items[0]).toMatchObject({
      note: 'note for A',
      tags: [
        { collection: null, tag: 'checked' },
        { collection: 'A', tag: 'lead' },
      ],
    });
  });

  it('lists a collection item’s tags with their level, and removes a tag only at the level named', () => {
    collections.create('A');
    collections.add('A', [ids[0]!]);
    collections.tag([ids[0]!], 'eyewitness');
    collections.tag([ids[0]!], 'eyewitness', 'A');
    collections.tag([ids[0]!], 'Verified');
    // Sorted by tag, the library-wide one first: the same word at both levels is two tags, told apart.
    expect(collections.items('a').items[0]!.tags).toEqual([
      { collection: null, tag: 'eyewitness' },
      { collection: 'A', tag: 'eyewitness' },
      { collection: null, tag: 'Verified' },
    ]);
    expect(collections.untag([ids[0]!], 'verified', 'A')).toBe(0);
    expect(collections.untag([ids[0]!, ids[1]!], 'verified')).toBe(1);
    expect(collections.untag([ids[0]!], 'eyewitness', 'A')).toBe(1);
    expect(collections.items('A').items[0]!.tags).toEqual([{ collection: null, tag: 'eyewitness' }]);
  });

  it('says clearly what is missing', () => {
    expect(() => collections.add('Nope', ids)).toThrow(/no collection named "Nope"/);
    collections.create('A');
    expect(() => collections.add('A', [999])).toThrow(/No item with id 999/);
    expect(() => collections.create('  ')).toThrow(/needs a name/);
    expect(() => collections.move('A', ids[0]!, 1)).toThrow(/is not in the collection/);
  });
});
