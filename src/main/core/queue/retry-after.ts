/**
 * The service's Retry-After (RFC 9110, section 10.2.3: a number of seconds, or an HTTP date) as
 * the wait the queue keeps: bounded, and with a sentence for every value not taken as sent, so
 * the user learns why the queue waits as it does. Pure: the time of the answer is passed in.
 */
import { quoteInput } from '../../../shared/quote-input';

/**
 * The longest wait a Retry-After imposes: an hour. The plan's windows are a minute and a day, and
 * the queue counts its own day's sends, so it already waits out a spent day by itself; a service
 * asking for longer is counting that day again or is wrong, and trusting a wrong value stopped
 * the queue for years. After an hour one request finds out, which costs little if the answer is
 * another 429.
 */
export const RETRY_AFTER_MAX_MS = 60 * 60_000;

export interface RetryAfterReading {
  /** The wait to keep, at most RETRY_AFTER_MAX_MS; absent when there was none to go by (the queue backs off instead). */
  ms?: number;
  /** Why the value was shortened or not gone by; absent when it was taken as sent, or not sent at all. */
  note?: string;
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const LONG_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`, the form a sender must use. */
const IMF_FIXDATE = new RegExp(`^(?:${DAYS.join('|')}), (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`, 'i');
/** The obsolete forms a recipient must still read: RFC 850's and C's asctime. */
const RFC850_DATE = new RegExp(`^(?:${LONG_DAYS.join('|')}), (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`, 'i');
const ASCTIME_DATE = new RegExp(`^(?:${DAYS.join('|')}) ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`, 'i');
const SECONDS = /^\d+(\.\d+)?$/;

interface DateParts {
  day: string;
  month: string;
  year: number;
  time: readonly string[];
}

function dateParts(text: string, nowMs: number): DateParts | null {
  const imf = text.match(IMF_FIXDATE);
  if (imf) return { day: imf[1]!, month: imf[2]!, year: Number(imf[3]), time: imf.slice(4, 7) };
  const rfc850 = text.match(RFC850_DATE);
  if (rfc850) {
    // A two-digit year more than 50 years ahead is of the century before (RFC 9110, section 5.6.7).
    const yy = Number(rfc850[3]);
    const year = 2000 + yy > new Date(nowMs).getUTCFullYear() + 50 ? 1900 + yy : 2000 + yy;
    return { day: rfc850[1]!, month: rfc850[2]!, year, time: rfc850.slice(4, 7) };
  }
  const asctime = text.match(ASCTIME_DATE);
  if (asctime) return { month: asctime[1]!, day: asctime[2]!.trim(), time: asctime.slice(3, 6), year: Number(asctime[6]) };
  return null;
}

/** Milliseconds since the epoch of an HTTP date in any of its three forms, or null. */
export function parseHttpDate(text: string, nowMs: number): number | null {
  const parts = dateParts(text, nowMs);
  if (!parts) return null;
  const month = MONTHS.indexOf(parts.month.toLowerCase());
  const day = Number(parts.day);
  const [hour, minute, second] = parts.time.map(Number) as [number, number, number];
  if (day < 1 || hour > 23 || minute > 59 || second > 60) return null;
  const at = Date.UTC(parts.year, month, day, hour, minute, second);
  // 31 Feb would roll over into March: not a date.
  return new Date(at).getUTCDate() === day ? at : null;
}

/** "2 s", "45 min", "1.5 h", "3 days", "over 3 years": a wait in words. */
export function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  const days = hours / 24;
  if (days < 730) return `${Math.round(days)} days`;
  return Number.isFinite(days) ? `over ${Math.floor(days / 365)} years` : 'for ever';
}

const ignored = (note: string): RetryAfterReading => ({ note });

/** One value of the header. */
function readOne(text: string, nowMs: number): RetryAfterReading {
  const quoted = quoteInput(text);
  let askedMs: number;
  if (SECONDS.test(text)) {
    askedMs = Math.ceil(Number(text) * 1000);
    if (askedMs === 0) {
      return ignored(
        `The service’s Retry-After of ${quoted} asked to try again at once, which would meet the same limit, so Gleaner did not go by it.`,
      );
    }
  } else {
    const at = parseHttpDate(text, nowMs);
    if (at === null) {
      const why = /^-\d/.test(text) ? 'is a negative number of seconds' : 'is neither a number of seconds nor a date';
      return ignored(`The service’s Retry-After ${quoted} ${why}, so Gleaner did not go by it.`);
    }
    askedMs = at - nowMs;
    if (askedMs <= 0) return ignored(`The service’s Retry-After names a time already past (${quoted}), so Gleaner did not go by it.`);
  }
  if (askedMs > RETRY_AFTER_MAX_MS) {
    return {
      ms: RETRY_AFTER_MAX_MS,
      note: `The service asked to wait ${waitText(askedMs)} (Retry-After: ${quoted}); Gleaner waits at most an hour for it, then asks again.`,
    };
  }
  return { ms: askedMs };
}

/**
 * The header's value at `nowMs`, the time of the answer. Several headers arrive joined by commas
 * (as fetch's Headers.get gives them); the same value repeated counts once, different ones are
 * not gone by. Absent or empty: nothing.
 */
export function readRetryAfter(header: string | null | undefined, nowMs: number): RetryAfterReading {
  const text = header?.trim() ?? '';
  if (text === '') return {};
  const whole = readOne(text, nowMs);
  if (whole.ms !== undefined || !text.includes(',')) return whole;
  // An HTTP date holds a comma after its day's name: the pieces are joined back around it.
  const values: string[] = [];
  for (const piece of text.split(',').map((part) => part.trim())) {
    const last = values[values.length - 1];
    if (last !== undefined && [...DAYS, ...LONG_DAYS].includes(last.toLowerCase())) values[values.length - 1] = `${last}, ${piece}`;
    else if (piece !== '') values.push(piece);
  }
  if (values.length === 1) return readOne(values[0]!, nowMs);
  const readings = values.map((value) => readOne(value, nowMs));
  const first = readings[0]!;
  if (readings.every((reading) => reading.ms === first.ms && reading.note === first.note)) return first;
  return ignored(`The service sent several different Retry-After values (${quoteInput(text)}), so Gleaner did not go by them.`);
}
