import { describe, it, expect } from 'vitest';
import { MAX_INPUT_LENGTH, recogniseUrl, linkProblemFor } from '../../../../src/main/core/platforms/recognise-url';
import { URL_PATTERNS } from '../../../../src/main/core/platforms/url-patterns';
import { withHostExtensions } from '../../../../src/main/core/platforms/url-rules';
import { LINK_KINDS, OPERATION_IDS, PLATFORMS } from '../../../../src/shared/catalogue';
import { BRAND_NAMES, fetchesUrl } from './url-cases';

const VIDEO_ID = 'dQw4w9WgXcQ';
const WATCH = `https://www.youtube.com/watch?v=${VIDEO_ID}`;

/** Pasted text that no operation fetches, whatever the platform, with a pattern the reason must match. */
const rejected: ReadonlyArray<readonly [string, RegExp]> = [
  // anything that is not a link at all
  ['', /nothing to recognise/i],
  ['   \t ', /nothing to recognise/i],
  ['hello', /not a web address/i],
  ['hello world', /text rather than a single link/i],
  ['see https://youtu.be/dQw4w9WgXcQ', /text rather than a single link/i],
  [`https://youtu.be/${VIDEO_ID}\nhttps://youtu.be/${VIDEO_ID}`, /several lines/i],
  ['\u0000\u0001\u0002binary\u0003garbage', /control characters/i],
  ['a'.repeat(MAX_INPUT_LENGTH + 1), /too long/i],
  [`https://www.youtube.com/watch?v=${VIDEO_ID}&x=${'a'.repeat(MAX_INPUT_LENGTH)}`, /too long/i],
  ['localhost:3000/watch', /not a web address/i],
  ['https://', /could not be read/i],
  // other schemes
  ['javascript:alert(1)', /starts with “javascript:”/],
  ['JavaScript:alert(document.cookie)', /starts with “javascript:”/],
  ['file:///etc/passwd', /starts with “file:”/],
  ['data:text/html,<b>hi</b>', /starts with “data:”/],
  ['ftp://example.com/video.mp4', /starts with “ftp:”/],
  ['mailto:desk@example.org', /starts with “mailto:”/],
  ['at://did:plc:abc/app.bsky.feed.post/xyz', /starts with “at:”/],
  // hosts that are not in the table are named
  [`https://example.com/watch?v=${VIDEO_ID}`, /“example\.com” is not one of the platforms/],
  [`https://www.youtube.co/watch?v=${VIDEO_ID}`, /“www\.youtube\.co” is not/],
  [`https://youtube.com.evil.example/watch?v=${VIDEO_ID}`, /“youtube\.com\.evil\.example” is not/],
  [`https://www.youtube.com@evil.example/watch?v=${VIDEO_ID}`, /“evil\.example” is not/],
  ['http://192.168.0.1/', /“192\.168\.0\.1” is not/],
];

describe('recogniseUrl: text that no operation fetches', () => {
  it.each(rejected)('%s', (input, reasonPattern) => {
    const result = recogniseUrl(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatch(reasonPattern);
  });
});

// The canonical-URL and reason properties of each platform's links are checked in url-cases.ts.
describe('recogniseUrl: output properties', () => {
  it('leaves the parameters empty when asked to, and gives the rest as it does with them', () => {
    for (const link of [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/@RickAstleyYT',
      'https://www.youtube.com/playlist?list=x',
    ]) {
      const full = recogniseUrl(link);
      const formOnly = recogniseUrl(link, { withoutParams: true });
      expect(formOnly).toEqual(full.ok ? { ...full, params: {} } : full);
    }
  });

  it('names the platform of a recognised host whose page cannot be fetched', () => {
    expect(recogniseUrl('https://www.tiktok.com/@scout2015')).toMatchObject({ ok: false, platform: 'shortvideo' });
    expect(recogniseUrl('https://example.com/')).not.toHaveProperty('platform');
  });
});

describe('recogniseUrl: never throws', () => {
  const garbage: string[] = [
    '\uD800',
    'https://www.youtube.com/\uDFFF',
    'https://www.reddit.com/r/%E0%A4%A',
    'https://bsky.app/profile/%ZZ/post/x',
    'https://[::1]/',
    'https://%/',
    'http://www.youtube.com:99999/watch?v=dQw4w9WgXcQ',
    '////',
    ':',
    '?v=dQw4w9WgXcQ',
    '#',
    'r/',
    '\u200b\u200b',
    '\ufeffhttps://youtu.be/dQw4w9WgXcQ',
    String.fromCharCode(...Array.from({ length: 256 }, (_unused, i) => i)),
    'x'.repeat(10_000_000),
  ];

  it.each(garbage.map((text) => [text.slice(0, 40), text] as const))('%j', (_label, text) => {
    const result = recogniseUrl(text);
    expect(typeof result.ok).toBe('boolean');
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
  });

  it('survives random bytes and non-string input from untyped callers', () => {
    let seed = 42;
    const nextByte = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 256;
    };
    for (let run = 0; run < 500; run += 1) {
      const length = nextByte() % 80;
      const text = 'https://www.youtube.com/' + String.fromCharCode(...Array.from({ length }, nextByte));
      expect(() => recogniseUrl(text)).not.toThrow();
    }
    for (const value of [undefined, null, 42, {}, []]) {
      expect(recogniseUrl(value as unknown as string)).toMatchObject({ ok: false });
    }
  });

  it('strips a byte-order mark and zero-width spaces around a link', () => {
    expect(recogniseUrl(`\ufeff\u200bhttps://youtu.be/${VIDEO_ID}\u200b`)).toMatchObject({ ok: true, nativeId: VIDEO_ID });
  });

  it('cleans a link with something to remove at only one of its ends', () => {
    for (const input of [
      ` https://youtu.be/${VIDEO_ID}`,
      `\u2060https://youtu.be/${VIDEO_ID}`,
      `https://youtu.be/${VIDEO_ID}.`,
      `https://youtu.be/${VIDEO_ID};`,
      `https://youtu.be/${VIDEO_ID}\u200d`,
      `https://youtu.be/${VIDEO_ID} `,
    ]) {
      expect(recogniseUrl(input)).toMatchObject({ ok: true, nativeId: VIDEO_ID });
    }
    expect(recogniseUrl(`“https://youtu.be/${VIDEO_ID}”`)).toMatchObject({ ok: true, nativeId: VIDEO_ID });
  });
});

describe('recogniseUrl: extra hosts from settings', () => {
  it.each([
    ['yt.example.org', `https://yt.example.org/watch?v=${VIDEO_ID}`],
    ['https://Tube.Example.org/', `https://tube.example.org/watch?v=${VIDEO_ID}`],
    ['*.mirror.example', `https://eu.mirror.example/watch?v=${VIDEO_ID}`],
  ])('accepts %s as another video site host', (setting, input) => {
    expect(recogniseUrl(input)).toMatchObject({ ok: false });
    expect(recogniseUrl(input, { extraHosts: { videosite: [setting] } })).toEqual(fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID));
  });

  it('never lets a settings entry take a default host from its platform', () => {
    const result = recogniseUrl(`https://www.youtube.com/watch?v=${VIDEO_ID}`, { extraHosts: { forum: ['youtube.com'] } });
    expect(result).toMatchObject({ ok: true, platform: 'videosite' });
  });

  it('ignores unusable settings entries', () => {
    const result = recogniseUrl('https://x.com/NASA', { extraHosts: { tweetsite: ['', '   ', 'no-dot', 'http://'] } });
    expect(result).toMatchObject({ ok: true, platform: 'tweetsite' });
  });

  it('merges host extensions into the table without changing the default table', () => {
    const merged = withHostExtensions(URL_PATTERNS, [{ platform: 'forum', hosts: ['forum.example'] }]);
    expect(merged.find((entry) => entry.platform === 'forum')?.hosts).toContain('forum.example');
    expect(URL_PATTERNS.find((entry) => entry.platform === 'forum')?.hosts).not.toContain('forum.example');
  });
});

describe('URL pattern table', () => {
  it('has one entry per platform', () => {
    expect(URL_PATTERNS.map((entry) => entry.platform).sort()).toEqual([...PLATFORMS].sort());
  });

  it.each(URL_PATTERNS.map((entry) => [entry.platform, entry] as const))('%s rules are well formed', (_platform, entry) => {
    for (const rule of entry.rules) {
      for (const host of rule.onHosts ?? []) expect(entry.shortLinkHosts).toContain(host);
      const pathCaptures = [...rule.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const available = new Set([...pathCaptures, ...Object.values(rule.query ?? {})]);
      for (const name of rule.notReserved ?? []) expect(available).toContain(name);
      if ('reason' in rule.then) {
        for (const [, name] of rule.then.reason.matchAll(/\{(\w+)\}/g)) {
          expect(name === 'platform' || available.has(name)).toBe(true);
        }
        expect(rule.then.reason).not.toMatch(BRAND_NAMES);
        continue;
      }
      const outcome = rule.then;
      expect(OPERATION_IDS).toContain(outcome.operation);
      expect(outcome.operation.startsWith(`${entry.platform}/`)).toBe(true);
      expect(LINK_KINDS).toContain(outcome.kind);
      for (const [, name] of outcome.canonical.matchAll(/\{(\w+)\}/g)) {
        expect(name === 'host' || available.has(name)).toBe(true);
      }
      for (const template of Object.values(outcome.params)) {
        for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
          expect(name === 'canonicalUrl' || available.has(name)).toBe(true);
        }
      }
      const native = outcome.nativeId;
      const nativeFrom =
        native === undefined
          ? []
          : typeof native === 'string'
            ? [native]
            : 'from' in native
              ? [native.from]
              : [...native.template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const name of nativeFrom) expect(available).toContain(name);
    }
    expect(entry.unmatchedReason).not.toMatch(BRAND_NAMES);
  });
});

describe('linkProblemFor: a link of the right platform that an operation still cannot fetch', () => {
  it('refuses a page no operation fetches, and a listing where one item is asked for', () => {
    expect(linkProblemFor('https://www.youtube.com/playlist?list=PL123', 'videosite/video')).toMatch(/playlist/);
    expect(linkProblemFor('https://www.youtube.com/@somechannel', 'videosite/video')).toBe(
      'This is a link to a channel, but videosite/video fetches a single item; videosite/channel/videos fetches what this link shows.',
    );
    expect(linkProblemFor('https://x.com/newsroom', 'tweetsite/transcript')).toMatch(/^This is a link to a profile/);
  });

  it('lets through what the operation fetches, a video by another of its link forms, and other platforms (refused elsewhere)', () => {
    expect(linkProblemFor('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'videosite/video')).toBeNull();
    expect(linkProblemFor('https://youtu.be/dQw4w9WgXcQ', 'videosite/transcript')).toBeNull();
    expect(linkProblemFor('https://www.youtube.com/shorts/dQw4w9WgXcQ', 'videosite/transcript')).toBeNull();
    expect(linkProblemFor('https://www.youtube.com/@somechannel', 'videosite/channel/videos')).toBeNull();
    expect(linkProblemFor('https://www.facebook.com/newsroom', 'socialnet/user/reels')).toBeNull();
    expect(linkProblemFor('https://www.tiktok.com/@a/video/7234567890123456789', 'videosite/video')).toBeNull();
    expect(linkProblemFor('https://example.org/page', 'videosite/video')).toBeNull();
  });
});
