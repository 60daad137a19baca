/**
 * Platforms often give only a relative publish time ("1 year ago", "Streamed 2 days ago", "5 mo")
 * or a date without a zone ("Mar 4, 2024"). Read against the moment the answer was fetched, such
 * wording still places an item in time, roughly: this module gives that approximate date and how
 * fine it is, so filters, sorting, exports and citations can use it while saying it is approximate.
 *
 * Pure and imported by the renderer: no Node, no clock.
 */

/** How fine an approximate date is: the unit its wording counted in. */
export type DatePrecision = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

export interface ApproximateDate {
  /** ISO-8601 UTC. */
  at: string;
  precision: DatePrecision;
}

const UNIT_WORDS: readonly (readonly [RegExp, DatePrecision | 'second'])[] = [
  [/^(?:s|secs?|seconds?)$/, 'second'],
  [/^(?:m|mins?|minutes?)$/, 'minute'],
  [/^(?:h|hrs?|hours?)$/, 'hour'],
  [/^(?:d|days?)$/, 'day'],
  [/^(?:w|wks?|weeks?)$/, 'week'],
  [/^(?:mo|mos|mths?|months?)$/, 'month'],
  [/^(?:y|yrs?|years?)$/, 'year'],
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// Words the video site puts before the time ("Streamed 2 days ago", "Premiered Mar 4, 2024").
const LEAD_IN =
  /^(?:streamed(?:\s+live)?(?:\s+on)?|premiered(?:\s+on)?|posted(?:\s+on)?|published(?:\s+on)?|uploaded(?:\s+on)?|live|updated)\s+/;
const COUNTED = /^(\d{1,6}|an?|one)\s*([a-z]+)\.?(?:\s+ago)?$/;
const MONTH_DAY_YEAR = /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/;
const DAY_MONTH_YEAR = /^(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{4})$/;
const BARE_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The largest count read ("10000 years ago" names no date a stored time can hold). */
const MAX_COUNT = 100_000;
const LATEST_MS = Date.parse('9999-12-31T23:59:59.999Z');
const EARLIEST_MS = Date.parse('0000-01-01T00:00:00.000Z');

function unitOf(word: string): DatePrecision | 'second' | null {
  for (const [pattern, unit] of UNIT_WORDS) if (pattern.test(word)) return unit;
  return null;
}

function monthOf(word: string): number | null {
  const index = MONTHS.indexOf(word.slice(0, 3));
  // "March", "Mar", "Sept": the word must start a month's name, not merely share three letters.
  if (index === -1) return null;
  const full = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'][
    index
  ]!;
  return full.startsWith(word) || word === 'sept' ? index : null;
}

/** A calendar day (UTC midnight), or null when it does not exist (30 February). */
function calendarDay(year: number, month: number, day: number): Date | null {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month && date.getUTCDate() === day ? date : null;
}

/** `fetched` moved back by `count` units, calendar months and years kept whole (31 March − 1 month is 28/29 February). */
function back(fetched: Date, count: number, unit: DatePrecision | 'second'): Date {
  const date = new Date(fetched.getTime());
  if (unit === 'month' || unit === 'year') {
    const day = date.getUTCDate();
    date.setUTCDate(1);
    if (unit === 'year') date.setUTCFullYear(date.getUTCFullYear() - count);
    else date.setUTCMonth(date.getUTCMonth() - count);
    date.setUTCDate(Math.min(day, daysInMonth(date.getUTCFullYear(), date.getUTCMonth())));
    return date;
  }
  const size = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 }[unit];
  return new Date(date.getTime() - count * size);
}

function daysInMonth(year: number, month: number): number {
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month + 1, 0);
  return lastDay.getUTCDate();
}

/** A time cut to its precision: a date counted in days or coarser names no hour. */
function truncated(date: Date, precision: DatePrecision): Date {
  const cut = new Date(date.getTime());
  cut.setUTCSeconds(0, 0);
  if (precision === 'hour') cut.setUTCMinutes(0);
  if (precision !== 'minute' && precision !== 'hour') cut.setUTCHours(0, 0);
  return cut;
}

function result(date: Date | null, precision: DatePrecision, fetched: Date): ApproximateDate | null {
  if (date === null) return null;
  const cut = truncated(date, precision);
  const ms = cut.getTime();
  // A date after the fetch is a scheduled premiere ("in 3 days" is not read either), not a publish time.
  if (Number.isNaN(ms) || ms < EARLIEST_MS || ms > LATEST_MS || ms > fetched.getTime()) return null;
  return { at: cut.toISOString(), precision };
}

/**
 * The platform's wording of a publish time, read against the time the answer was fetched, as an
 * approximate date and its precision; null for wording it does not read (never a guess).
 */
export function approximateDate(text: string | null | undefined, fetchedAt: string): ApproximateDate | null {
  if (!text) return null;
  const fetched = new Date(fetchedAt);
  if (Number.isNaN(fetched.getTime())) return null;
  const wording = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(LEAD_IN, '');
  if (wording.length > 40) return null;
  if (wording === 'just now' || wording === 'now' || wording === 'today')
    return result(fetched, wording === 'today' ? 'day' : 'minute', fetched);
  if (wording === 'yesterday') return result(back(fetched, 1, 'day'), 'day', fetched);

  const counted = wording.match(COUNTED);
  if (counted) {
    const [, amount = '', word = ''] = counted;
    const unit = unitOf(word);
    const count = /^\d/.test(amount) ? Number(amount) : 1;
    if (unit === null || count > MAX_COUNT) return null;
    // Seconds are dated to the minute: nothing finer is worth calling approximate.
    return result(back(fetched, count, unit), unit === 'second' ? 'minute' : unit, fetched);
  }

  const monthFirst = wording.match(MONTH_DAY_YEAR);
  const dayFirst = monthFirst ? null : wording.match(DAY_MONTH_YEAR);
  const bare = monthFirst || dayFirst ? null : wording.match(BARE_DAY);
  if (monthFirst || dayFirst) {
    const [, monthWord = '', day = '', year = ''] = monthFirst ?? [dayFirst![0], dayFirst![2], dayFirst![1], dayFirst![3]];
    const month = monthOf(monthWord);
    return month === null ? null : result(calendarDay(Number(year), month, Number(day)), 'day', fetched);
  }
  if (bare) {
    const [, year = '', month = '', day = ''] = bare;
    return result(calendarDay(Number(year), Number(month) - 1, Number(day)), 'day', fetched);
  }
  return null;
}

/** How fine the date read from this wording is (the same whatever the fetch time), or null when it is not read. */
export function precisionOf(text: string | null | undefined): DatePrecision | null {
  // Any fetch time late enough for every readable date will do: only the unit is wanted.
  return approximateDate(text, '9000-01-01T00:00:00.000Z')?.precision ?? null;
}

/**
 * What the items table stores for a record: its exact time when the platform gave one, else the
 * approximate date its wording gives (flagged), else nothing.
 */
export function publishedValue(
  publishedAt: string | null,
  publishedText: string | null,
  fetchedAt: string,
): { at: string | null; approximate: 0 | 1 } {
  if (publishedAt !== null) return { at: publishedAt, approximate: 0 };
  const approximate = approximateDate(publishedText, fetchedAt);
  return approximate === null ? { at: null, approximate: 0 } : { at: approximate.at, approximate: 1 };
}
