/**
 * Links in upstream records: http(s) only. Item and profile links go through the URL table
 * (`recogniseUrl`) so they take the same canonical form as pasted links.
 */
import { recogniseUrl } from '../recognise-url';
import { LISTING_KINDS } from '../url-patterns';
import { isRecord, text } from './json';

/** An absolute http(s) URL, exactly as given; `//host/...` gets https. Anything else is null. */
export function httpUrl(value: unknown): string | null {
  let candidate = text(value);
  if (candidate === null) return null;
  if (candidate.startsWith('//')) candidate = `https:${candidate}`;
  if (!/^https?:\/\//i.test(candidate)) return null;
  try {
    const parsed = new URL(candidate);
    return parsed.hostname === '' ? null : candidate;
  } catch {
    return null;
  }
}

export interface CanonicalLink {
  url: string;
  /** The id the URL table reads from the link, when it reads one. */
  nativeId: string | null;
  /** The URL table's kind for the link (`video`, `short`, `article`, `profile` …), when recognised. */
  kind: string | null;
}

/**
 * Canonicalises a link through the URL table. A site-relative path (`/watch?v=…`) is resolved
 * against `site`. Links the table does not recognise are kept as given when they are http(s).
 */
export function canonicalLink(value: unknown, site?: string): CanonicalLink | null {
  return readLink(value, site, true);
}

/**
 * The same for a record's own link, mostly an item's: it is recognised without first asking the
 * remembered listing links, a lookup that hashes the whole link only to miss. Recognition depends
 * on the text alone, so the answer is canonicalLink's.
 */
export function canonicalItemLink(value: unknown, site?: string): CanonicalLink | null {
  return readLink(value, site, false);
}

/** Records' links need no request parameters (see RecogniseUrlOptions.withoutParams). */
const LINK_FORM_ONLY = { withoutParams: true } as const;

function readLink(value: unknown, site: string | undefined, askRemembered: boolean): CanonicalLink | null {
  let candidate = text(value);
  if (candidate === null) return null;
  if (candidate.startsWith('/') && !candidate.startsWith('//') && site !== undefined) candidate = `${site}${candidate}`;
  if (askRemembered) {
    const remembered = recentListingLinks.get(candidate);
    if (remembered) return { ...remembered };
  }
  const recognition = recogniseUrl(candidate, LINK_FORM_ONLY);
  if (recognition.ok) {
    const link = { url: recognition.canonicalUrl, nativeId: recognition.nativeId ?? null, kind: recognition.kind };
    if (!LISTING_KINDS.has(recognition.kind)) return link;
    recentListingLinks.set(candidate, link);
    return { ...link };
  }
  const url = httpUrl(candidate);
  return url === null ? null : { url, nativeId: null, kind: null };
}

/** Listing links remembered; past this many, all are forgotten and the ones in use come back. */
const LISTING_LINKS_REMEMBERED = 8192;

/**
 * Channel and profile links recur in answer after answer (every record names its author), while
 * item links mostly appear once and would push them out, so only listing links are remembered.
 * Recognition depends on nothing but the text, so a remembered link is the one it would give. One
 * map, not two generations of one: every item link misses, and each lookup of a newly built string
 * costs hashing it, which two generations paid twice.
 */
const recentListingLinks = (() => {
  const remembered = new Map<string, CanonicalLink>();
  return {
    set(candidate: string, link: CanonicalLink): void {
      if (remembered.size >= LISTING_LINKS_REMEMBERED) remembered.clear();
      remembered.set(candidate, link);
    },
    get: (candidate: string): CanonicalLink | undefined => remembered.get(candidate),
  };
})();

export function canonicalUrl(value: unknown, site?: string): string | null {
  return canonicalLink(value, site)?.url ?? null;
}

/** Encodes text for one URL path segment; the URL table re-encodes canonical forms itself. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

/**
 * An image URL from a string, an object with `url`/`src`, or a list of those (the first
 * usable entry, or the last with `prefer: 'last'` for lists sorted small to large).
 */
export function imageUrl(value: unknown, prefer: 'first' | 'last' = 'first'): string | null {
  if (typeof value === 'string') return httpUrl(value);
  if (Array.isArray(value)) {
    const entries: unknown[] = prefer === 'last' ? [...value].reverse() : value;
    for (const entry of entries) {
      const found = imageUrl(entry);
      if (found !== null) return found;
    }
    return null;
  }
  if (isRecord(value)) return httpUrl(value.url) ?? httpUrl(value.src) ?? httpUrl(value.uri);
  return null;
}

export function firstImage(...values: readonly unknown[]): string | null {
  for (const value of values) {
    const found = imageUrl(value);
    if (found !== null) return found;
  }
  return null;
}
