import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { getItemDetail } from '../../../../src/main/core/library/items';
import { openDatabase, type Database } from '../../../../src/main/core/store/database';
import { writeTransaction } from '../../../../src/main/core/store/write-transaction';
import { normaliseResponse } from '../../../../src/main/core/platforms/normalise';
import { searchLibrary } from '../../../../src/main/core/store/search/search-engine';
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

  it('finds a stored item by its native id when its link changed, also after a new record with that link', () => {
    const [stored] = ingest(fakeResponse('videosite/search', { items: [item({ nativeId: 'a1', url: null, title: 'Flood' })] })).itemIds;
    // No link of this answer is stored, so its ids are taken to be new until the insert says otherwise.
    const moved = ingest(fakeResponse('videosite/search', { items: [item({ nativeId: 'a1', title: 'Flood defences' })] }));
    expect(moved.itemIds).toEqual([stored]);
    // A new item takes the link first; the stored id arriving with the same link is still that item.
    const after = ingest(
      fakeResponse('videosite/search', {
        items: [
          item({ nativeId: 'b2', url: 'https://www.youtube.com/watch?v=new', title: 'Harbour' }),
          item({ nativeId: 'a1', url: 'https://www.youtube.com/watch?v=new', title: 'Flood walls' }),
        ],
      }),
    );
    expect(after.itemIds).toHaveLength(2);
    expect(after.itemIds[1]).toBe(stored);
    expect(getItemDetail(db, stored!).item).toMatchObject({
      nativeId: 'a1',
      title: 'Flood walls',
      url: 'https://www.youtube.com/watch?v=new',
    });
    expect(db.prepare('SELECT count(*) AS n FROM items').get()).toEqual({ n: 2 });
    expect(searchLibrary(db, { query: 'walls' }).hits.map((hit) => hit.id)).toEqual([stored]);
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

describe('ingest of several answers in one transaction', () => {
  it('stores them all with one commit, as one at a time would', () => {
    const results = ingest.storeMany([
      fakeResponse('videosite/search', { items: [video('m1', 'First')] }),
      fakeResponse('videosite/search', { items: [video('m1', 'First again'), video('m2', 'Second')] }),
    ]);
    expect(results.map((r) => r.alreadyStored)).toEqual([false, false]);
    // The second answer finds the item the first one stored in the same transaction.
    expect(results[1]!.itemIds[0]).toBe(results[0]!.itemIds[0]);
    expect(getItemDetail(db, results[0]!.itemIds[0]!).item.title).toBe('First again');
  });

  it('runs inside a caller’s transaction, and is undone with it', () => {
    const answer = fakeResponse('videosite/search', { items: [video('w1', 'Within')] });
    expect(() =>
      writeTransaction(db, (tx) => {
        ingest.within(tx, answer);
        throw new Error('the caller fails');
      }),
    ).toThrow('the caller fails');
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(0);
    expect(ingest(answer).alreadyStored).toBe(false);
  });
});
