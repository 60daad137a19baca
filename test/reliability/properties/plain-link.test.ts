/**
 * The hand-split fast path for plain links (plain-link.ts) against the slow path it stands in for:
 * wherever it answers, the WHATWG URL parser reads the same protocol, host, path and parameters,
 * and recognising a link through it gives what recognising it through the parser gives, over
 * generated ids filled into every canonical template of the URL table.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainLinkParts } from '../../../src/main/core/platforms/plain-link';
import { recogniseUrl } from '../../../src/main/core/platforms/recognise-url';
import { URL_PATTERNS } from '../../../src/main/core/platforms/url-patterns';
import { SIZES } from '../sizes';

/** Characters that are plain, and characters that each make the parser change or reject something. */
const PLAIN = 'abcxyzABCXYZ0189-._~';
const TRICKY = '!$&()*+,;=:@/?#%\'"\\ <>[]^`{|}é\u0000\u00a0';
const piece = (alphabet: string, maxLength: number) => fc.string({ unit: fc.constantFrom(...alphabet), maxLength });
const mixed = (maxLength: number) =>
  fc.oneof({ weight: 3, arbitrary: piece(PLAIN, maxLength) }, { weight: 1, arbitrary: piece(PLAIN + TRICKY, maxLength) });

const label = fc.oneof(
  { weight: 12, arbitrary: fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9-]{0,8}$/) },
  { weight: 1, arbitrary: fc.constantFrom('xn--bcher-kva', 'XN--abc', '0x10', '123', '-a', 'a-', 'WWW', '', 'localhost', 'é') },
);
const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
const path = fc
  .array(fc.oneof({ weight: 4, arbitrary: mixed(10) }, { weight: 1, arbitrary: fc.constantFrom('.', '..', '%2e', '@x', 'a:b') }), {
    maxLength: 4,
  })
  .map((segments) => segments.map((segment) => `/${segment}`).join(''));
const query = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom('v', 'list', 'x', 'V', ''), fc.constantFrom('=', '', '=='), mixed(12)), { maxLength: 4 }),
    fc.constantFrom('&', '&&'),
  )
  .map(([pairs, separator]) => pairs.map(([name, equals, value]) => `${name}${equals}${value}`).join(separator));
/** Mostly the usual value, sometimes one of the others. */
const usually = <T>(usual: T, ...others: T[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constantFrom(...others) });
const link = fc
  .tuple(
    usually('https', 'http', 'HTTPS', 'Http', 'ftp'),
    usually('://', ':/', ':///'),
    host,
    usually('', ':443', ':8080', '@'),
    path,
    fc.option(query, { nil: undefined }),
    usually('', '#', '#frag'),
  )
  .map(
    ([scheme, slashes, name, port, p, q, fragment]) => `${scheme}${slashes}${name}${port}${p}${q === undefined ? '' : `?${q}`}${fragment}`,
  );

/** Parameter names a query may name, for comparing `get` on both sides. */
function namesIn(text: string): string[] {
  const search = text.split('#', 1)[0]!.split('?').slice(1).join('?');
  return [...new Set(['v', 'list', 'x', '', ...search.split('&').map((pair) => pair.split('=', 1)[0]!)])];
}

/** Hosts of each platform, `*.` read as one subdomain. */
function hostsOf(entry: (typeof URL_PATTERNS)[number]): string[] {
  return [...entry.hosts, ...entry.shortLinkHosts].map((name) => name.replace(/^\*\./, 'sub.'));
}

/** Every canonical template in the table, with a host of its platform for `{host}`. */
const TEMPLATES = URL_PATTERNS.flatMap((entry) =>
  entry.rules.flatMap((rule) => ('canonical' in rule.then ? [{ template: rule.then.canonical, hosts: hostsOf(entry) }] : [])),
);

/** An id for a template's placeholders: mostly valid-looking ids, sometimes anything. */
const id = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/) },
  { weight: 2, arbitrary: fc.stringMatching(/^(?:UC[A-Za-z0-9_-]{22}|[A-Za-z0-9_-]{11}|\d{1,19}|[a-z0-9._]{1,30})$/) },
  { weight: 1, arbitrary: mixed(16) },
);
const templatedLink = fc
  .tuple(fc.constantFrom(...TEMPLATES), fc.array(id, { minLength: 4, maxLength: 4 }), fc.nat())
  .map(([{ template, hosts }, ids, pick]) => {
    let next = 0;
    return template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'host' ? hosts[pick % hosts.length]! : ids[next++ % ids.length]!));
  });

describe('plain links split by hand', () => {
  it('read as the URL parser reads them, wherever the fast path answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(link, (text) => {
        const parts = plainLinkParts(text);
        if (parts === null) return;
        answered += 1;
        const url = new URL(text);
        expect(parts.protocol).toBe(url.protocol);
        expect(parts.hostname).toBe(url.hostname);
        expect(parts.pathname).toBe(url.pathname);
        for (const name of namesIn(text)) expect(parts.searchParams.get(name), `${text}: ${name}`).toBe(url.searchParams.get(name));
      }),
      { numRuns: SIZES.propertyRuns * 50, seed: 27_0601 },
    );
    // The generator reaches the fast path, not only the refusals.
    expect(answered).toBeGreaterThan(SIZES.propertyRuns * 5);
  });

  it('are recognised as through the URL parser, over generated ids in every canonical template', () => {
    let fast = 0;
    fc.assert(
      fc.property(templatedLink, (text) => {
        if (plainLinkParts(text) !== null) fast += 1;
        // The default port changes nothing the rules read, and no plain link has one: the parser reads it.
        const withPort = text.replace(/^(https?:\/\/[^/?#]+)/, (authority) => `${authority}:${text.startsWith('https') ? 443 : 80}`);
        expect(plainLinkParts(withPort)).toBeNull();
        expect(recogniseUrl(text)).toEqual(recogniseUrl(withPort));
      }),
      { numRuns: SIZES.propertyRuns * 50, seed: 27_0602 },
    );
    expect(fast).toBeGreaterThan(SIZES.propertyRuns * 5);
  });
});
