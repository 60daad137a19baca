/** The table-driven link cases each platform's urls.test.ts runs through recogniseUrl. */
import { describe, expect, it } from 'vitest';
import { recogniseUrl, type Recognition } from '../../../../src/main/core/platforms/recognise-url';
import type { LinkKind, OperationId, Platform } from '../../../../src/shared/catalogue';

type Recognised = Extract<Recognition, { ok: true }>;

/** Brand names, which appear in host data only: never in a sentence shown to users. */
export const BRAND_NAMES = /youtube|youtu\.be|tiktok|instagram|bluesky|bsky|linkedin|pinterest|facebook|reddit|twitter|\bx\.com/i;

/** Expected success, written compactly: platform is the first segment of the operation id. */
export function fetches(
  operation: OperationId,
  params: Record<string, string>,
  canonicalUrl: string,
  kind: LinkKind,
  nativeId?: string,
): Recognised {
  const platform = operation.split('/')[0] as Platform;
  const expected: Recognised = { ok: true, platform, operation, params, canonicalUrl, kind };
  if (nativeId !== undefined) expected.nativeId = nativeId;
  return expected;
}

/** Operations whose only parameter is the canonical URL. */
export function fetchesUrl(operation: OperationId, canonicalUrl: string, kind: LinkKind, nativeId?: string): Recognised {
  return fetches(operation, { url: canonicalUrl }, canonicalUrl, kind, nativeId);
}

/**
 * A platform's links: those an operation fetches, with the exact recognition, and those it
 * refuses, with a pattern the reason must match.
 */
export function linkCases(
  platform: Platform,
  cases: {
    fetched: ReadonlyArray<readonly [string, Recognised]>;
    refused: ReadonlyArray<readonly [string, RegExp]>;
    /** The canonical links that end in a slash, because the platform's own public address does (a pin). */
    slashEnded?: RegExp;
  },
): void {
  describe(`${platform} links that an operation fetches`, () => {
    it.each(cases.fetched)('%s', (input, expected) => {
      expect(recogniseUrl(input)).toEqual(expected);
    });

    it('gives https canonical URLs without fragments, tracking parameters or trailing slashes (unless the public address has one)', () => {
      for (const [input] of cases.fetched) {
        const result = recogniseUrl(input);
        if (!result.ok) throw new Error(`expected ${input} to be recognised`);
        const url = new URL(result.canonicalUrl);
        expect(url.protocol).toBe('https:');
        expect(url.hash).toBe('');
        expect(result.canonicalUrl.endsWith('/'), result.canonicalUrl).toBe(cases.slashEnded?.test(result.canonicalUrl) ?? false);
        expect(url.search).not.toMatch(/utm_|[?&](si|igsh|fbclid|feature|t|s)=/);
      }
    });
  });

  describe(`${platform} links that no operation fetches`, () => {
    it.each(cases.refused)('%s', (input, reasonPattern) => {
      const result = recogniseUrl(input);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.reason).toMatch(reasonPattern);
    });

    it('names the platform, in one sentence with neutral platform words', () => {
      expect(cases.refused.length).toBeGreaterThan(0);
      for (const [input] of cases.refused) {
        const result = recogniseUrl(input);
        expect(result).toMatchObject({ ok: false, platform });
        if (result.ok) continue;
        expect(result.reason).not.toMatch(BRAND_NAMES);
        expect(result.reason).not.toMatch(/\{\w+\}/);
        expect(result.reason).toMatch(/[.]$/);
      }
    });
  });
}
