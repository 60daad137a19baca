import { describe, it, expect } from 'vitest';
import { NORMALISERS, normaliseResponse } from '../../../../../src/main/core/platforms/normalise/index';
import { OPERATION_IDS, PLATFORMS, type OperationId } from '../../../../../src/shared/catalogue';
import { ITEM_KINDS, type Normalisation } from '../../../../../src/shared/model';

function expectWellFormed(result: Normalisation): void {
  expect(Array.isArray(result.items)).toBe(true);
  expect(Array.isArray(result.transcripts)).toBe(true);
  expect(result.warnings.every((warning) => typeof warning === 'string' && warning.length > 0)).toBe(true);
  for (const item of result.items) {
    expect(PLATFORMS).toContain(item.platform);
    expect(ITEM_KINDS).toContain(item.kind);
    expect(typeof item.sourcePath).toBe('string');
    for (const value of Object.values(item.metrics)) expect(value === null || (Number.isSafeInteger(value) && value >= 0)).toBe(true);
    if (item.url !== null) expect(item.url).toMatch(/^https?:\/\//);
    if (item.publishedAt !== null) expect(item.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  }
}

/** A small deterministic generator of odd JSON-like values. */
function oddValues(seed: number, count: number): unknown[] {
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const keys = [
    'videos',
    'shorts',
    'aweme_list',
    'search_item_list',
    'aweme_info',
    'aweme_detail',
    'data',
    'xdt_shortcode_media',
    'items',
    'feed',
    'post',
    'posts',
    'comments',
    'media',
    'rest_id',
    'legacy',
    'transcript',
    'id',
    'url',
    'uri',
    'record',
    'statistics',
    'channel',
    'author',
    'tweets',
    'reels',
    'post_id',
    'text',
    'start',
    'startMs',
    'segments',
  ];
  const scalar = (): unknown =>
    [
      null,
      true,
      0,
      -1,
      1.5,
      1e300,
      '',
      ' ',
      'x',
      '123',
      'at://x/y/z',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'WEBVTT\n\n00:00.000 --> 00:01.000\nhi',
      '<script>',
      NaN,
    ][Math.floor(next() * 15)];
  const build = (depth: number): unknown => {
    const roll = next();
    if (depth > 4 || roll < 0.3) return scalar();
    if (roll < 0.55) return Array.from({ length: Math.floor(next() * 4) }, () => build(depth + 1));
    const object: Record<string, unknown> = {};
    for (let index = 0; index < 1 + Math.floor(next() * 4); index += 1)
      object[keys[Math.floor(next() * keys.length)] ?? 'k'] = build(depth + 1);
    return object;
  };
  return Array.from({ length: count }, () => build(0));
}

describe('normaliseResponse', () => {
  it('has a normaliser for every platform of the catalogue', () => {
    expect(Object.keys(NORMALISERS).sort()).toEqual([...PLATFORMS].sort());
  });

  it('dispatches each operation to its platform', () => {
    for (const operation of OPERATION_IDS) {
      const result = normaliseResponse(operation, {}, {});
      expectWellFormed(result);
      expect(result.warnings.some((warning) => warning.includes('does not belong'))).toBe(false);
    }
  });

  it('never throws on arbitrary data for any operation', () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let index = 0; index < 5000; index += 1) {
      const child: Record<string, unknown> = {};
      cursor.data = child;
      cursor.transcript = { data: child };
      cursor = child;
    }
    const cyclic: Record<string, unknown> = { videos: [], tweets: [] };
    cyclic.data = cyclic;
    (cyclic.videos as unknown[]).push(cyclic);
    const inputs: unknown[] = [
      null,
      undefined,
      0,
      -1,
      NaN,
      'text',
      '',
      true,
      [],
      [null, 1, 'x'],
      {},
      Object.create(null),
      deep,
      cyclic,
      { data: { data: { data: null } } },
      { videos: new Array(1000).fill({}) },
      ...oddValues(7, 150),
    ];
    for (const operation of OPERATION_IDS) {
      for (const data of inputs) {
        let result: Normalisation | undefined;
        expect(() => {
          result = normaliseResponse(operation, data, { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
        }).not.toThrow();
        if (result) expectWellFormed(result);
      }
    }
  });

  it('turns an exception into a warning and no items', () => {
    const hostile = {};
    for (const key of [
      'videos',
      'shorts',
      'aweme_detail',
      'data',
      'feed',
      'post',
      'url',
      'posts',
      'rest_id',
      'items',
      'search_item_list',
      'aweme_list',
      'reels',
      'transcript',
    ]) {
      Object.defineProperty(hostile, key, {
        enumerable: true,
        get: () => {
          throw new Error('boom');
        },
      });
    }
    for (const operation of OPERATION_IDS) {
      const result = normaliseResponse(operation, hostile, {});
      expect(result.items).toEqual([]);
      expect(result.transcripts).toEqual([]);
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings[0]).toMatch(/could not be normalised \(boom\)/);
    }
  });

  it('survives a proxy that throws on every access', () => {
    const trap = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
        ownKeys: () => {
          throw new Error('trap');
        },
        has: () => {
          throw new Error('trap');
        },
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    for (const operation of OPERATION_IDS) expect(() => normaliseResponse(operation, trap, {})).not.toThrow();
  });

  it('refuses unknown operations with a warning', () => {
    const result = normaliseResponse('nope/op' as OperationId, {}, {});
    expect(result).toEqual({ items: [], transcripts: [], warnings: ['“nope/op” is not a known operation, so its response was not read.'] });
    expect(() => normaliseResponse(Symbol('x') as unknown as OperationId, {}, {})).not.toThrow();
  });

  it('ignores params that are not strings, or params that are not an object', () => {
    const data = { post: { uri: 'at://did:plc:abc/app.bsky.feed.post/xyz' } };
    expect(normaliseResponse('microblog/post', data, null as unknown as Record<string, string>).items).toHaveLength(1);
    expect(normaliseResponse('microblog/post', {}, { url: 5 } as unknown as Record<string, string>).warnings).toEqual([
      'The response has no post record, so no post was read.',
    ]);
  });

  it('says when items carry neither an id nor a link, since a later fetch cannot recognise them', () => {
    // Search results shaped exactly as the spec shows aweme_info: no aweme_id, no author.
    const info = { desc: 'Dance #fyp', statistics: { digg_count: 1, comment_count: 2, play_count: 3 } };
    const data = {
      search_item_list: [{ aweme_info: info }, { aweme_info: { ...info, aweme_id: '7301234567890123456' } }, { aweme_info: info }],
    };
    const result = normaliseResponse('shortvideo/search', data, { query: 'dance' });
    expect(result.items).toHaveLength(3);
    expect(result.warnings).toEqual([
      '2 of 3 items carry neither an id nor a link, so a later fetch of the same items stores them again as new.',
    ]);
    expect(normaliseResponse('shortvideo/search', { search_item_list: [{ aweme_info: { ...info, aweme_id: '1' } }] }, {}).warnings).toEqual(
      [],
    );
  });
});
