/**
 * Times in upstream records. They become ISO-8601 UTC only when the platform gives an absolute
 * time (an explicit offset, or an epoch number in a field known to hold one) in the years 0000
 * to 9999; other wording goes to `publishedText`.
 */
import { decimal, text } from './json';

const CLOCK = /^(\d{1,6}):(\d{1,2})(?::(\d{1,2}))?(?:[.,](\d{1,9}))?$/;

/**
 * `m:ss`, `mm:ss.ttt`, `h:mm:ss`, `HH:MM:SS`, `00:00:01,000` (SRT) → milliseconds.
 * Minutes and seconds after the first part must be below 60. Null for anything else.
 */
export function clockToMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = value.trim().match(CLOCK);
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

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s?([Zz]|[+-]\d{2}(?::?\d{2})?)$/;
// Short-message site style: "Wed Oct 10 20:19:24 +0000 2018".
const CTIME_WITH_ZONE = /^[A-Za-z]{3} ([A-Za-z]{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) ([+-]\d{4}) (\d{4})$/;
// RFC 2822 style: "Mon, 04 Mar 2024 10:00:00 +0000" or "... GMT".
const RFC_2822 = /^(?:[A-Za-z]{3},\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s+(GMT|UTC|UT|Z|[+-]\d{4})$/i;

function offsetMinutes(zone: string): number | null {
  if (/^(?:z|gmt|utc|ut)$/i.test(zone)) return 0;
  const match = zone.match(/^([+-])(\d{2}):?(\d{2})?$/);
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
  const iso = trimmed.match(ISO_DATE_TIME);
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
  const ctime = trimmed.match(CTIME_WITH_ZONE);
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
  const rfc = trimmed.match(RFC_2822);
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
