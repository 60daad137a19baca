/**
 * The URL recogniser over arbitrary pasted text: it always answers (a recognition or one
 * sentence of reason), a recognised link is an https link on one of the platform's own hosts,
 * and recognising the canonical link again gives the same operation, parameters and id.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_LENGTH, recogniseUrl, type Recognition } from '../../../src/main/core/platforms/recognise-url';
import { URL_PATTERNS } from '../../../src/main/core/platforms/url-patterns';
import { OPERATION_IDS } from '../../../src/shared/catalogue';
import { SIZES } from '../sizes';

const KNOWN_HOSTS = URL_PATTERNS.flatMap((entry) =>
  [...entry.hosts, ...(entry.shortLinkHosts ?? [])].map((host) => host.replace(/^\*\./, 'sub.')),
);

/** True when `host` is one of the table's hosts for `platform` (with `www.` and `*.` read as the table means them). */
function hostBelongsTo(host: string, platform: string): boolean {
  const entry = URL_PATTERNS.find((e) => e.platform === platform)!;
  const bare = host.replace(/^www\./, '');
  return [...entry.hosts, ...(entry.shortLinkHosts ?? [])].some((pattern) => {
    const p = pattern.replace(/^www\./, '');
    return p.startsWith('*.') ? bare.endsWith(p.slice(1)) : bare === p;
  });
}

const pathSegment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/),
  fc.constantFrom(
    'watch',
    'shorts',
    'video',
    'status',
    'p',
    'reel',
    'pin',
    'posts',
    'r',
    'comments',
    'profile',
    'post',
    '@newsroom',
    'channel',
    '..',
    '%2e%2e',
    '%00',
    'javascript:alert(1)',
  ),
  fc.string({ maxLength: 12 }),
);
const query = fc.dictionary(fc.constantFrom('v', 'si', 'list', 't', 'id', 'story_fbid', 'x'), fc.stringMatching(/^[A-Za-z0-9_-]{0,14}$/), {
  maxKeys: 3,
});

/** Links on the platforms' own hosts with random paths, so the rules (not only the host check) are exercised. */
const onKnownHost = fc
  .tuple(
    fc.constantFrom('https', 'http', 'HTTPS', 'javascript', 'ftp', 'data'),
    fc.constantFrom(...KNOWN_HOSTS),
    fc.array(pathSegment, { maxLength: 5 }),
    query,
    fc.constantFrom('', '#frag', '/', ' '),
  )
  .map(
    ([scheme, host, path, q, tail]) =>
      `${scheme}://${host}/${path.join('/')}${Object.keys(q).length ? `?${new URLSearchParams(q).toString()}` : ''}${tail}`,
  );

const decorated = fc
  .tuple(
    fc.constantFrom('', ' ', '<', '"', '“', '\u200b', '\t', '\n'),
    onKnownHost,
    fc.constantFrom('', ' ', '>', '"', '”', '.', ')', '\u0000'),
  )
  .map(([a, b, c]) => `${a}${b}${c}`);

const anyText = fc.oneof(
  { weight: 4, arbitrary: onKnownHost },
  { weight: 2, arbitrary: decorated },
  { weight: 2, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200, unit: 'binary' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'x'.repeat(MAX_INPUT_LENGTH * 5),
      `https://www.youtube.com/watch?v=${'a'.repeat(MAX_INPUT_LENGTH)}`,
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/?u=https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
      '\uD800',
      '',
    ),
  },
);

function checkShape(result: Recognition): void {
  if (result.ok) {
    expect(OPERATION_IDS).toContain(result.operation);
    const canonical = new URL(result.canonicalUrl);
    expect(canonical.protocol).toBe('https:');
    expect(hostBelongsTo(canonical.hostname, result.platform), `${result.canonicalUrl} is not a ${result.platform} host`).toBe(true);
    for (const value of Object.values(result.params)) expect(typeof value).toBe('string');
  } else {
    expect(result.reason).toMatch(/\w/);
    expect(result.reason.length).toBeLessThan(400);
  }
}

describe('the URL recogniser under arbitrary text', () => {
  it('always answers a well-formed recognition or a reason, and is stable on its own canonical links', () => {
    let recognised = 0;
    fc.assert(
      fc.property(anyText, (text) => {
        const result = recogniseUrl(text);
        checkShape(result);
        if (!result.ok) return;
        recognised += 1;
        const again = recogniseUrl(result.canonicalUrl);
        expect(again).toMatchObject({
          ok: true,
          platform: result.platform,
          operation: result.operation,
          params: result.params,
          canonicalUrl: result.canonicalUrl,
        });
        if (result.nativeId !== undefined) expect(again.ok && again.nativeId).toBe(result.nativeId);
      }),
      { numRuns: SIZES.propertyRuns * 10, seed: 8_2026 },
    );
    // The generator reaches the rules, not only the refusals.
    expect(recognised).toBeGreaterThan(0);
  });

  it('never takes a link on a look-alike host for a platform', () => {
    const lookAlike = fc
      .tuple(fc.constantFrom(...KNOWN_HOSTS), fc.constantFrom('.evil.example', '-evil.example', 'x.example'))
      .map(([host, suffix]) => `https://${host}${suffix}/watch?v=dQw4w9WgXcQ`);
    fc.assert(
      fc.property(lookAlike, (link) => {
        const result = recogniseUrl(link);
        if (result.ok) expect(hostBelongsTo(new URL(result.canonicalUrl).hostname, result.platform)).toBe(true);
        expect(result.ok).toBe(false);
      }),
      { numRuns: SIZES.propertyRuns, seed: 8_2027 },
    );
  });
});
