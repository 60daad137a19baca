import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, getOperation, type OperationId } from '../../../src/shared/catalogue';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoService } from '../../../src/main/demo/types';
import { specSchemaFor } from '../../spec-schemas';
import { SAMPLE_PARAMS, call, dataOf, request, tickingClock } from './helpers';

let service: DemoService;

beforeAll(async () => {
  service = await startDemoService({ port: 0, clock: tickingClock() });
});
afterAll(async () => {
  await service.close();
});

function expectSpecShape(operationId: OperationId, body: unknown, params: Record<string, string> = {}): void {
  const result = specSchemaFor(operationId, params).safeParse(body);
  if (!result.success) throw new Error(`${operationId} does not match the spec: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
}

function valueAt(data: unknown, place: string): unknown {
  let current = data;
  for (const key of place.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Where the demo puts each listing's next-page values (documented in the platform modules). */
const NEXT_PLACES: Partial<Record<OperationId, Record<string, string>>> = {
  'videosite/search': { continuationToken: 'continuationToken' },
  'videosite/channel/videos': { continuationToken: 'continuationToken' },
  'videosite/search/hashtag': { continuationToken: 'continuationToken' },
  'shortvideo/search': { cursor: 'cursor' },
  'shortvideo/search/hashtag': { cursor: 'cursor' },
  'photoshare/user/reels': { max_id: 'paging_info.max_id' },
  'socialnet/user/reels': { next_page_id: 'next_page_id', cursor: 'cursor' },
};

function nextParams(operationId: OperationId, data: Record<string, unknown>): Record<string, string> | null {
  const places = NEXT_PLACES[operationId] ?? {};
  const next: Record<string, string> = {};
  for (const [param, place] of Object.entries(places)) {
    const value = valueAt(data, place);
    if (value === null || value === undefined) return null;
    next[param] = String(value);
  }
  return next;
}

const itemsOf = (operationId: OperationId, data: Record<string, unknown>): unknown[] => {
  const key =
    {
      'shortvideo/search': 'search_item_list',
      'shortvideo/search/hashtag': 'aweme_list',
      'photoshare/user/reels': 'items',
      'socialnet/user/reels': 'reels',
    }[operationId as string] ?? 'videos';
  return (data[key] as unknown[] | undefined) ?? [];
};

describe('demo service operations', () => {
  it('offers every operation of the catalogue', () => {
    expect(Object.keys(SAMPLE_PARAMS).sort()).toEqual(OPERATIONS.map((op) => op.id).sort());
  });

  it.each(OPERATIONS.map((op) => op.id))('answers %s as the spec shapes it', async (operationId) => {
    const answer = await call(service, operationId, SAMPLE_PARAMS[operationId]);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expectSpecShape(operationId, answer.json, SAMPLE_PARAMS[operationId]);
    const meta = (answer.json as { meta: Record<string, string> }).meta;
    const op = getOperation(operationId);
    expect(meta).toMatchObject({ platform: op.platform, endpoint: op.endpoint ?? 'pin' });
    expect(meta.request_id).toMatch(/^req_[0-9a-f]{16,}$/);
  });

  it.each(OPERATIONS.filter((op) => op.pagination).map((op) => op.id))('pages through %s to a finite end', async (operationId) => {
    const op = getOperation(operationId);
    let params = { ...SAMPLE_PARAMS[operationId] };
    const seen = new Set<string>();
    let pages = 0;
    for (;;) {
      const answer = await call(service, operationId, params);
      expectSpecShape(operationId, answer.json, params);
      const data = dataOf(answer);
      pages += 1;
      const items = itemsOf(operationId, data);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) seen.add(JSON.stringify(item));
      const next = nextParams(operationId, data);
      if (!next) {
        // The end: no next value, and the "more" flags agree where the platform has one.
        for (const flag of ['has_more', 'paging_info.more_available', 'has_next_page']) {
          const value = valueAt(data, flag);
          if (value !== undefined) expect([0, false]).toContain(value);
        }
        break;
      }
      // The catalogue's documented or known places find the value the demo put out.
      for (const feed of op.pagination?.feeds ?? []) {
        const found = [...feed.documentedAt, ...feed.alsoLookAt]
          .map((place) => valueAt(data, place))
          .find((v) => v !== undefined && v !== null);
        expect(String(found)).toBe(next[feed.param]);
      }
      params = { ...SAMPLE_PARAMS[operationId], ...next };
      expect(pages).toBeLessThan(8);
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(6);
    // Pages do not repeat each other's items.
    expect(seen.size).toBeGreaterThan(pages);
  });

  it('gives videosite search 20 videos a page and carries channels, playlists and shorts on the first', async () => {
    const data = dataOf(await call(service, 'videosite/search', { query: 'bakery' }));
    expect(data.videos).toHaveLength(20);
    expect((data.channels as unknown[]).length).toBeGreaterThan(0);
    expect((data.shorts as unknown[]).length).toBeGreaterThan(0);
    expect(typeof data.continuationToken).toBe('string');
  });

  it('returns only shorts with the shorts filter', async () => {
    const answer = await call(service, 'videosite/search', { query: 'bakery', filter: 'shorts' });
    expectSpecShape('videosite/search', answer.json);
    const data = dataOf(answer);
    expect(data.videos).toEqual([]);
    expect((data.shorts as { type: string }[]).every((s) => s.type === 'short')).toBe(true);
    expect((data.shorts as unknown[]).length).toBeGreaterThan(0);
  });

  it('sorts by popularity when asked', async () => {
    const data = dataOf(await call(service, 'videosite/search', { query: 'bakery', sortBy: 'popular' }));
    const views = (data.videos as { viewCountInt: number }[]).map((v) => v.viewCountInt);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it('lists channel videos without a channel object, by id or by handle', async () => {
    const search = dataOf(await call(service, 'videosite/search', { query: 'anything' }));
    const channel = (search.videos as { channel: { id: string; handle: string } }[])[0]?.channel;
    expect(channel).toBeDefined();
    const byId = dataOf(await call(service, 'videosite/channel/videos', { channelId: channel?.id ?? '' }));
    const byHandle = dataOf(await call(service, 'videosite/channel/videos', { handle: channel?.handle ?? '' }));
    expect(byId.videos).toEqual(byHandle.videos);
    expect((byId.videos as object[]).every((v) => !('channel' in v))).toBe(true);
  });

  it('adds likes, comments and description with the extras flag', async () => {
    for (const [operationId, params] of [
      ['videosite/search', { query: 'radio' }],
      ['videosite/channel/videos', { handle: '@civicdesk' }],
    ] as const) {
      const plain = dataOf(await call(service, operationId, params)).videos as Record<string, unknown>[];
      const extras = dataOf(await call(service, operationId, { ...params, includeExtras: 'true' })).videos as Record<string, unknown>[];
      expect(plain[0]).not.toHaveProperty('likeCountInt');
      expect(plain[0]).not.toHaveProperty('description');
      for (const item of extras) {
        expect(Number.isInteger(item.likeCountInt)).toBe(true);
        expect(Number.isInteger(item.commentCountInt)).toBe(true);
        expect(typeof item.description).toBe('string');
      }
      expect(extras.map((v) => v.id)).toEqual(plain.map((v) => v.id));
    }
  });

  it.each(OPERATIONS.filter((op) => op.trim).map((op) => op.id))(
    'answers %s smaller with the trim flag, still in the spec shape',
    async (operationId) => {
      const full = await call(service, operationId, SAMPLE_PARAMS[operationId]);
      const trimmed = await call(service, operationId, { ...SAMPLE_PARAMS[operationId], trim: 'true' });
      expectSpecShape(operationId, trimmed.json);
      expect(trimmed.text.length).toBeLessThan(full.text.length * 0.85);
    },
  );

  it('answers a transcript in the languages it has, and null in others', async () => {
    const search = dataOf(await call(service, 'videosite/search', { query: 'transcripts' }));
    const urls = (search.videos as { url: string }[]).map((v) => v.url);
    let withTranscript: string | undefined;
    let without: string | undefined;
    for (const url of urls) {
      const data = dataOf(await call(service, 'videosite/transcript', { url }));
      if (data.transcript === null) without ??= url;
      else withTranscript ??= url;
    }
    expect(withTranscript).toBeDefined();
    expect(without).toBeDefined();

    const english = await call(service, 'videosite/transcript', { url: withTranscript ?? '', language: 'en' });
    expectSpecShape('videosite/transcript', english.json);
    const en = dataOf(english);
    expect(en.language).toBe('English');
    const segments = en.transcript as { startMs: string; endMs: string; startTimeText: string; text: string }[];
    expect(segments.length).toBeGreaterThan(0);
    expect(segments[0]).toMatchObject({ startMs: '0', startTimeText: '0:00' });
    for (const s of segments) expect(Number(s.endMs)).toBeGreaterThan(Number(s.startMs));
    expect(en.transcript_only_text).toBe(segments.map((s) => s.text).join(' '));

    const zulu = await call(service, 'videosite/transcript', { url: withTranscript ?? '', language: 'zu' });
    expectSpecShape('videosite/transcript', zulu.json);
    expect(dataOf(zulu)).toMatchObject({ transcript: null, transcript_only_text: null, language: 'Zulu' });

    const none = dataOf(await call(service, 'videosite/video', { url: without ?? '' }));
    expect(none).toMatchObject({ transcript: null, transcript_only_text: null });
    const some = dataOf(await call(service, 'videosite/video', { url: withTranscript ?? '' }));
    expect(Array.isArray(some.transcript)).toBe(true);
  });

  it('keeps a listed video and its details consistent', async () => {
    const listed = (
      dataOf(await call(service, 'videosite/search', { query: 'consistency' })).videos as {
        id: string;
        url: string;
        title: string;
        channel: { id: string };
      }[]
    )[0];
    const details = dataOf(await call(service, 'videosite/video', { url: listed?.url ?? '' }));
    expect(details).toMatchObject({ id: listed?.id, title: listed?.title, channel: { id: listed?.channel.id } });
  });

  it('adds a WebVTT transcript to a short video with the transcript flag', async () => {
    const plain = dataOf(await call(service, 'shortvideo/video', SAMPLE_PARAMS['shortvideo/video']));
    expect(plain).not.toHaveProperty('transcript');
    let found = false;
    for (let i = 0; i < 10 && !found; i++) {
      const url = `https://www.tiktok.com/@someone/video/73012345678901234${String(i).padStart(2, '0')}`;
      const data = dataOf(await call(service, 'shortvideo/video', { url, get_transcript: 'true' }));
      expect(data).toHaveProperty('transcript');
      if (typeof data.transcript === 'string') {
        expect(data.transcript).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> \d{2}:\d{2}:\d{2}\.\d{3}\n/);
        found = true;
      }
    }
    expect(found).toBe(true);
  });

  it('answers the forum search with only the key the filter chose', async () => {
    for (const filter of ['posts', 'comments', 'media']) {
      const answer = await call(service, 'forum/subreddit/search', { subreddit: 'news', filter });
      expectSpecShape('forum/subreddit/search', answer.json, { filter });
      expect(Object.keys(dataOf(answer))).toEqual([filter]);
    }
    const byDefault = await call(service, 'forum/subreddit/search', { subreddit: 'news' });
    expect(Object.keys(dataOf(byDefault))).toEqual(['posts']);
  });

  it('gives socialnet reels 10 per call and tweetsite up to 100 popular tweets', async () => {
    const reels = dataOf(await call(service, 'socialnet/user/reels', SAMPLE_PARAMS['socialnet/user/reels']));
    expect(reels.reels).toHaveLength(10);
    const tweets = dataOf(await call(service, 'tweetsite/user/tweets', { handle: 'newsdesk' })).tweets as {
      legacy: { favorite_count: number };
    }[];
    expect(tweets.length).toBeGreaterThan(0);
    expect(tweets.length).toBeLessThanOrEqual(100);
    const likes = tweets.map((t) => t.legacy.favorite_count);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
  });

  it('puts the tweet object and its transcript text in data', async () => {
    const data = dataOf(await call(service, 'tweetsite/transcript', SAMPLE_PARAMS['tweetsite/transcript']));
    expect(data).toMatchObject({ __typename: 'Tweet' });
    expect(data.transcript === null || typeof data.transcript === 'string').toBe(true);
  });

  it.each([
    ['https://youtu.be/Zx9_8y7W6v5?t=42', 'Zx9_8y7W6v5'],
    ['https://m.youtube.com/shorts/Zx9_8y7W6v5', 'Zx9_8y7W6v5'],
    ['https://www.youtube.com/embed/Zx9_8y7W6v5', 'Zx9_8y7W6v5'],
  ])('reads the video id from %s', async (url, id) => {
    expect(dataOf(await call(service, 'videosite/video', { url })).id).toBe(id);
  });

  it('answers any well-formed URL of a single-item operation with a sample derived from it', async () => {
    const urls = [
      'https://www.pinterest.com/pin/some-title--987654321/',
      'https://pin.it/AbCdEf',
      'https://www.pinterest.de/pin/5551234567/?utm_source=x',
    ];
    const ids = new Set<string>();
    for (const url of urls) {
      const answer = await call(service, 'pinboard/pin', { url });
      expectSpecShape('pinboard/pin', answer.json);
      ids.add(JSON.stringify(dataOf(answer)));
      expect(dataOf(await call(service, 'pinboard/pin', { url })).description).toBe(
        (dataOf(answer) as { description: string }).description,
      );
    }
    expect(ids.size).toBe(urls.length);
    expect(dataOf(await call(service, 'pinboard/pin', { url: urls[0] ?? '' })).id).toBe('987654321');
    const professional = dataOf(
      await call(service, 'professional/post', { url: 'https://www.linkedin.com/pulse/an-article-title-someone/' }),
    );
    expect(professional['@type']).toBe('Article');
    expect(professional.url).toBe('https://www.linkedin.com/pulse/an-article-title-someone/');
    const post = dataOf(await call(service, 'photoshare/post', { url: 'https://www.instagram.com/p/Cz9yX8wV7u6/?igsh=abc' })) as {
      data: { xdt_shortcode_media: { shortcode: string } };
    };
    expect(post.data.xdt_shortcode_media.shortcode).toBe('Cz9yX8wV7u6');
  });

  it.each<[OperationId, Record<string, string>, RegExp]>([
    ['videosite/search', {}, /Missing required parameter query/],
    ['videosite/video', { url: 'not a url' }, /absolute http\(s\) URL/],
    ['videosite/video', { url: 'javascript:alert(1)' }, /absolute http\(s\) URL/],
    ['videosite/video', { url: 'ftp://example.com/file' }, /absolute http\(s\) URL/],
    ['videosite/search', { query: 'x', sortBy: 'worst' }, /sortBy must be one of/],
    ['videosite/search', { query: 'x', filter: 'shorts', uploadDate: 'today' }, /filter works only/],
    ['videosite/search', { query: 'x', continuationToken: 'forged' }, /continuationToken is not a value this service issued/],
    ['videosite/search', { query: 'x'.repeat(2001) }, /too long/],
    ['videosite/channel/videos', {}, /channel id or the channel handle/],
    ['shortvideo/search', { query: 'x', cursor: 'abc' }, /cursor must be a non-negative integer/],
    ['shortvideo/search', { query: 'x', cursor: '-10' }, /cursor must be a non-negative integer/],
    ['shortvideo/search', { query: 'x', trim: 'maybe' }, /trim must be true or false/],
    ['shortvideo/search/hashtag', { hashtag: '#news' }, /without the leading #/],
    ['shortvideo/trending', { region: 'USA' }, /2-letter country code/],
    ['shortvideo/trending', {}, /Missing required parameter region/],
    ['videosite/transcript', { url: 'https://www.youtube.com/watch?v=abcdefghijk', language: 'english' }, /2-letter language code/],
    ['forum/subreddit/search', { subreddit: 'r/news' }, /community name only/],
    ['forum/subreddit/search', { subreddit: 'news', filter: 'users' }, /filter must be one of/],
    ['microblog/user/posts', { user_id: 'alice' }, /did:method/],
    ['photoshare/user/reels', { handle: 'x', max_id: 'QUJD' }, /max_id is not a value/],
    ['socialnet/user/reels', { url: 'https://www.facebook.com/somepage', cursor: 'abc' }, /next page needs both/],
  ])('refuses %s with %j as 400', async (operationId, params, message) => {
    const answer = await call(service, operationId, params);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ success: false });
    expect((answer.json as { message: string }).message).toMatch(message);
  });

  it('refuses socialnet page values that do not belong together', async () => {
    const first = dataOf(await call(service, 'socialnet/user/reels', SAMPLE_PARAMS['socialnet/user/reels']));
    const answer = await call(service, 'socialnet/user/reels', {
      ...SAMPLE_PARAMS['socialnet/user/reels'],
      cursor: String(first.cursor),
      next_page_id: '123',
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toMatch(/do not belong together/);
  });

  it('never crashes on odd requests', async () => {
    const odd = [
      '/',
      '/api',
      '/api/v1/partner/',
      '/api/v1/partner/videosite',
      '/api/v1/partner/videosite/',
      '/api/v1/partner/nowhere/search',
      '/api/v1/partner/videosite/search/../../etc/passwd',
      '//api//v1',
      '/%',
      '/%E0%A4%A',
      '/api/v1/partner/videosite/search?query=%FF%FE%00',
      '/api/v1/partner/videosite/search?query=a&query=b&query=c',
      '/api/v1/partner/pinboard/pin?url=https://%F0%9F%92%A9.example/pin/1',
      `/api/v1/partner/videosite/search?query=${'y'.repeat(6000)}`,
      '/api/v1/partner/microblog/post?url=https://bsky.app/profile/%E0%A4%A/post/x',
      '/api/v1/partner/tweetsite/transcript?url=http://[::1]/status/1',
      '/api/v1/partner/videosite/search?__proto__=x&constructor=y&query=z',
    ];
    for (const path of odd) {
      const answer = await request(service, path);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.json, path).toBeDefined();
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await request(service, '/api/v1/partner/videosite/trending', { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('GET');
    }
    const huge = await fetch(`${service.url}/api/v1/partner/videosite/search?query=${'z'.repeat(40_000)}`).catch(() => null);
    expect(huge === null || huge.status === 431 || huge.status === 400).toBe(true);
    expect((await call(service, 'videosite/trending')).status).toBe(200);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const answer = await request(service, '/api/v1/partner/videosite/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ success: false, message: expect.stringContaining('No operation') });
  });
});
