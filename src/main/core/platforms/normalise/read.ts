/**
 * Defensive readers shared by the platform normalisers. Upstream records are relayed unchanged
 * from nine platforms, may be trimmed, and may carry fields the spec does not show, so every
 * reader takes `unknown` and answers null rather than guessing or throwing.
 *
 * Conventions used throughout the normalisers:
 * - Text is kept exactly as given (no trimming, no escaping, hostile content is data); only
 *   empty or whitespace-only strings count as absent.
 * - Counts are non-negative safe integers, given as numbers or as strings of digits; anything
 *   else (floats, "1.2K", negative sentinels such as -1) is null.
 * - Times become ISO-8601 UTC only when the platform gives an absolute time (an explicit offset
 *   or an epoch number in a field known to hold one) in the years 0000 to 9999; other wording
 *   goes to `publishedText`.
 * - URLs are http(s) only; item and profile URLs go through the URL table (`recogniseUrl`) so
 *   they take the same canonical form as pasted links.
 */
import type { Platform } from '../../../../shared/catalogue';
import type { Author, ExtraField, ItemExtras, ItemKind, Metrics, Normalisation, NormalisedItem } from '../../../../shared/model';
import { recogniseUrl } from '../recognise-url';

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own property of an object (never an inherited one such as `constructor`). */
export function prop(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Follows keys and indexes; undefined as soon as a step is missing. */
export function at(value: unknown, ...path: readonly (string | number)[]): unknown {
  let current: unknown = value;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[step] as unknown;
    } else {
      current = prop(current, step);
    }
    if (current === undefined) return undefined;
  }
  return current;
}

export function has(value: unknown, key: string): boolean {
  return isRecord(value) && Object.hasOwn(value, key);
}

// ---------------------------------------------------------------------------------------------
// Scalars

/** A string with visible content, exactly as given; null otherwise. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A handle without its leading "@" (people type `@name`; records mostly say `name`); null stays null. */
export function withoutAt(handle: string | null): string | null {
  return text(handle?.replace(/^@+/, ''));
}

/** The first of several candidates that is a string with visible content. */
export function firstText(...values: readonly unknown[]): string | null {
  for (const value of values) {
    const found = text(value);
    if (found !== null) return found;
  }
  return null;
}

/** An identifier: a non-blank string as given, or a non-negative integer written in decimal. */
export function idText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  return text(value);
}

const DIGITS = /^\d{1,16}$/;

/** A count: a non-negative safe integer, or a string of digits holding one. */
export function count(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value || 0 : null;
  if (typeof value === 'string' && DIGITS.test(value)) {
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : null;
  }
  return null;
}

/** The first candidate that reads as a count. */
export function firstCount(...values: readonly unknown[]): number | null {
  for (const value of values) {
    const found = count(value);
    if (found !== null) return found;
  }
  return null;
}

const DECIMAL = /^\d{1,16}(?:\.\d{1,9})?$/;

/** A non-negative finite number, or a decimal string holding one. */
export function decimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value || 0 : null;
  if (typeof value === 'string' && DECIMAL.test(value)) return Number(value);
  return null;
}

export function isTruthyFlag(value: unknown): boolean {
  return typeof value === 'string' && /^(?:true|1|yes|on)$/i.test(value.trim());
}

// ---------------------------------------------------------------------------------------------
// Durations and clock times

const CLOCK = /^(\d{1,6}):(\d{1,2})(?::(\d{1,2}))?(?:[.,](\d{1,9}))?$/;

/**
 * `m:ss`, `mm:ss.ttt`, `h:mm:ss`, `HH:MM:SS`, `00:00:01,000` (SRT) → milliseconds.
 * Minutes and seconds after the first part must be below 60. Null for anything else.
 */
export function clockToMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = CLOCK.exec(value.trim());
  if (!match) return null;
  const [, first = '0', second = '0', third, fraction] = match;
  const hours = third === undefined ? 0 : Number(first);
  const minutes = third === undefined ? Number(first) : Number(second);
  const seconds = third === undefined ? Number(second) : Number(third);
  if (seconds >= 60 || (third !== undefined && minutes >= 60)) return null;
  const fractionMs = fraction === undefined ? 0 : Math.round(Number(`0.${fraction}`) * 1000);
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fractionMs;
}

/** Whole seconds (a count) → milliseconds. */
export function secondsToMs(value: unknown): number | null {
  const seconds = decimal(value);
  return seconds === null ? null : Math.round(seconds * 1000);
}

// ---------------------------------------------------------------------------------------------
// Absolute times

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s?([Zz]|[+-]\d{2}(?::?\d{2})?)$/;
// Short-message site style: "Wed Oct 10 20:19:24 +0000 2018".
const CTIME_WITH_ZONE = /^[A-Za-z]{3} ([A-Za-z]{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) ([+-]\d{4}) (\d{4})$/;
// RFC 2822 style: "Mon, 04 Mar 2024 10:00:00 +0000" or "... GMT".
const RFC_2822 = /^(?:[A-Za-z]{3},\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s+(GMT|UTC|UT|Z|[+-]\d{4})$/i;

function offsetMinutes(zone: string): number | null {
  if (/^(?:z|gmt|utc|ut)$/i.test(zone)) return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return null;
  const [, sign, hours = '0', minutes = '0'] = match;
  if (Number(hours) > 23 || Number(minutes) > 59) return null;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  offset: number | null;
}

/**
 * Published times are stored as ISO-8601 UTC text and compared as text, which orders them only
 * while every year has four digits: past 9999 (or before 0000) toISOString writes `+010000-…`
 * (`-000001-…`), which sorts before every ordinary time. Such a time is not read.
 */
const EARLIEST_STORABLE_MS = Date.parse('0000-01-01T00:00:00.000Z');
const LATEST_STORABLE_MS = Date.parse('9999-12-31T23:59:59.999Z');

function storableTime(ms: number): string | null {
  return ms >= EARLIEST_STORABLE_MS && ms <= LATEST_STORABLE_MS ? new Date(ms).toISOString() : null;
}

function fromParts(parts: Parts): string | null {
  const { year, month, day, hour, minute, second, ms, offset } = parts;
  if (offset === null || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, ms);
  // Reject dates that roll over (31 April, 30 February).
  if (local.getUTCDate() !== day || local.getUTCMonth() !== month - 1) return null;
  return storableTime(local.getTime() - offset * 60_000);
}

/**
 * An absolute timestamp string (ISO 8601 with `Z` or an offset, the short-message site's
 * `Wed Oct 10 20:19:24 +0000 2018`, or RFC 2822) → ISO-8601 UTC. Times without a zone are
 * not absolute and give null.
 */
export function absoluteTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  const iso = ISO_DATE_TIME.exec(trimmed);
  if (iso) {
    const [, year, month, day, hour, minute, second = '0', fraction, zone = ''] = iso;
    return fromParts({
      year: Number(year),
      month: Number(month),
      day: Number(day),
      hour: Number(hour),
      minute: Number(minute),
      second: Number(second),
      ms: fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000),
      offset: offsetMinutes(zone),
    });
  }
  const ctime = CTIME_WITH_ZONE.exec(trimmed);
  if (ctime) {
    const [, month = '', day, hour, minute, second, zone = '', year] = ctime;
    return fromParts({
      year: Number(year),
      month: MONTHS.indexOf(month.toLowerCase()) + 1,
      day: Number(day),
      hour: Number(hour),
      minute: Number(minute),
      second: Number(second),
      ms: 0,
      offset: offsetMinutes(zone),
    });
  }
  const rfc = RFC_2822.exec(trimmed);
  if (rfc) {
    const [, day, month = '', year, hour, minute, second = '0', zone = ''] = rfc;
    return fromParts({
      year: Number(year),
      month: MONTHS.indexOf(month.toLowerCase()) + 1,
      day: Number(day),
      hour: Number(hour),
      minute: Number(minute),
      second: Number(second),
      ms: 0,
      offset: offsetMinutes(zone),
    });
  }
  return null;
}

/**
 * An epoch time from a field known to hold one (`create_time`, `taken_at`, `created_utc`):
 * seconds, or milliseconds when the number is too large to be seconds (after the year 5138).
 * Null past the year 9999, which a stored time cannot name (see `storableTime`).
 */
export function epochTime(value: unknown): string | null {
  const number = decimal(value);
  if (number === null || number < 1e8) return null;
  const ms = number >= 1e11 ? number : number * 1000;
  return storableTime(Math.round(ms));
}

/** publishedAt and publishedText from one field: absolute → publishedAt, otherwise its wording. */
export function timeAndText(value: unknown): { at: string | null; text: string | null } {
  const at = absoluteTime(value);
  return { at, text: at === null ? text(value) : null };
}

// ---------------------------------------------------------------------------------------------
// URLs

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
  let candidate = text(value);
  if (candidate === null) return null;
  if (candidate.startsWith('/') && !candidate.startsWith('//') && site !== undefined) candidate = `${site}${candidate}`;
  const recognition = recogniseUrl(candidate);
  if (recognition.ok) return { url: recognition.canonicalUrl, nativeId: recognition.nativeId ?? null, kind: recognition.kind };
  const url = httpUrl(candidate);
  return url === null ? null : { url, nativeId: null, kind: null };
}

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

// ---------------------------------------------------------------------------------------------
// Source paths

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `videos` + 3 → `videos[3]`; `search_item_list[0]` + `aweme_info` → `search_item_list[0].aweme_info`. */
export function childPath(base: string, step: string | number): string {
  if (typeof step === 'number') return `${base}[${step}]`;
  if (!IDENTIFIER.test(step)) return `${base}[${JSON.stringify(step)}]`;
  return base === '' ? step : `${base}.${step}`;
}

export function pathOf(...steps: readonly (string | number)[]): string {
  return steps.reduce<string>((path, step) => childPath(path, step), '');
}

// ---------------------------------------------------------------------------------------------
// Items

export interface ItemFields {
  kind: ItemKind;
  nativeId?: string | null;
  url?: string | null;
  title?: string | null;
  text?: string | null;
  author?: Partial<Author> | null;
  publishedAt?: string | null;
  publishedText?: string | null;
  durationMs?: number | null;
  thumbnailUrl?: string | null;
  metrics?: Partial<Metrics>;
  /** Spec fields without a model column; null and undefined values are left out. */
  extras?: { [K in ExtraField]?: string | number | null };
}

export function emptyAuthor(): Author {
  return { name: null, handle: null, id: null, url: null };
}

export function makeAuthor(fields: Partial<Author> | null | undefined): Author {
  return {
    name: fields?.name ?? null,
    handle: fields?.handle ?? null,
    id: fields?.id ?? null,
    url: fields?.url ?? null,
  };
}

export function isEmptyAuthor(author: Author): boolean {
  return author.name === null && author.handle === null && author.id === null && author.url === null;
}

export function makeItem(platform: Platform, sourcePath: string, fields: ItemFields): NormalisedItem {
  const metrics = fields.metrics ?? {};
  return {
    platform,
    kind: fields.kind,
    nativeId: fields.nativeId ?? null,
    url: fields.url ?? null,
    title: fields.title ?? null,
    text: fields.text ?? null,
    author: makeAuthor(fields.author),
    publishedAt: fields.publishedAt ?? null,
    publishedText: fields.publishedText ?? null,
    durationMs: fields.durationMs ?? null,
    thumbnailUrl: fields.thumbnailUrl ?? null,
    metrics: {
      views: metrics.views ?? null,
      likes: metrics.likes ?? null,
      comments: metrics.comments ?? null,
      reposts: metrics.reposts ?? null,
      shares: metrics.shares ?? null,
      followers: metrics.followers ?? null,
    },
    ...presentExtras(fields.extras),
    sourcePath,
  };
}

/** `{ extras }` with the values present, or nothing when there are none. */
function presentExtras(extras: ItemFields['extras']): { extras?: ItemExtras } {
  const present: ItemExtras = {};
  let any = false;
  for (const [name, value] of Object.entries(extras ?? {}) as [ExtraField, string | number | null | undefined][]) {
    if (value === null || value === undefined) continue;
    present[name] = value;
    any = true;
  }
  return any ? { extras: present } : {};
}

// ---------------------------------------------------------------------------------------------
// Collecting a normalisation

export function emptyNormalisation(): Normalisation {
  return { items: [], transcripts: [], warnings: [] };
}

export function withWarning(warning: string): Normalisation {
  return { items: [], transcripts: [], warnings: [warning] };
}

export const NOT_AN_OBJECT = 'The response data is not an object, so no records could be read from it.';

/**
 * The common opening of a normaliser: an operation of another platform, or data that is
 * not an object, adds its one warning to `out` and reads nothing.
 */
export function acceptsRecord(
  out: Normalisation,
  operation: string,
  belongs: boolean,
  platform: Platform,
  data: unknown,
): data is JsonObject {
  if (!belongs) {
    out.warnings.push(notThisPlatform(operation, platform));
    return false;
  }
  if (!isRecord(data)) {
    out.warnings.push(NOT_AN_OBJECT);
    return false;
  }
  return true;
}

export function notThisPlatform(operation: string, platform: Platform): string {
  return `The operation “${operation}” does not belong to the ${platform} normaliser, so its response was not read.`;
}

export function recordsNotRead(unread: number, total: number, path: string): string {
  return `${unread} of ${total} ${total === 1 ? 'record' : 'records'} in ${path} could not be read.`;
}

export interface ListOptions {
  /**
   * True for lists whose key is a guess (the spec does not show them): a missing or non-list
   * value is then silently ignored instead of being reported.
   */
  guessed?: boolean;
}

/**
 * Reads a list of records into `out.items`. Every object entry yields an item (even an empty
 * one); non-object entries, and entries whose reader returns null or throws, are counted and
 * reported in one sentence. Returns whether the value was a list.
 */
export function readList(
  out: Normalisation,
  list: unknown,
  path: string,
  read: (entry: JsonObject, entryPath: string) => NormalisedItem | null,
  options: ListOptions = {},
): boolean {
  if (list === undefined || list === null) return false;
  if (!Array.isArray(list)) {
    if (!options.guessed) out.warnings.push(`${path} is not a list, so its records could not be read.`);
    return false;
  }
  let unread = 0;
  list.forEach((entry: unknown, index) => {
    const entryPath = childPath(path, index);
    if (!isRecord(entry)) {
      unread += 1;
      return;
    }
    try {
      const item = read(entry, entryPath);
      if (item === null) unread += 1;
      else out.items.push(item);
    } catch {
      unread += 1;
    }
  });
  if (unread > 0) out.warnings.push(recordsNotRead(unread, list.length, path));
  return true;
}

/** The first object found at one of several places, with its path. */
export function firstRecordAt(
  data: unknown,
  places: readonly (readonly (string | number)[])[],
): { record: JsonObject; path: string } | null {
  for (const place of places) {
    const found = at(data, ...place);
    if (isRecord(found)) return { record: found, path: pathOf(...place) };
  }
  return null;
}

export function errorText(error: unknown): string {
  try {
    if (error instanceof Error) return error.message;
    return String(error);
  } catch {
    return 'unknown error';
  }
}
