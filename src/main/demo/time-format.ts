/**
 * Dates and durations as the platforms write them. Sample dates are placed relative to a fixed
 * moment, not to the clock, so the same request gets the same answer on any day.
 */

/** "Now" of the sample data: publish dates and "3 days ago" texts are relative to it. */
export const SAMPLE_NOW_MS = Date.UTC(2025, 5, 1, 12, 0, 0);

/** UTC offsets (minutes) that sample dates are written in. */
export const SAMPLE_OFFSETS = [-480, -300, -180, 0, 60, 120, 180, 330, 540] as const;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** ISO 8601 in local time of the given offset, e.g. 2024-03-05T09:12:44-08:00. */
export function isoWithOffset(ms: number, offsetMinutes: number, withMillis = false): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const millis = withMillis ? `.${pad(local.getUTCMilliseconds(), 3)}` : '';
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${millis}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

const UNITS: readonly (readonly [string, number])[] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 weeks ago", relative to SAMPLE_NOW_MS. */
export const relativeText = (ms: number): string => relativeTextAt(ms, SAMPLE_NOW_MS);

/** "3 hours ago", relative to a given moment (the demo clock's, for items posted after hour 0). */
export function relativeTextAt(ms: number, nowMs: number): string {
  const age = Math.max(0, nowMs - ms);
  for (const [unit, size] of UNITS) {
    const count = Math.floor(age / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** `m:ss`, or `h:mm:ss` past an hour, as video lengths are shown. */
export function lengthText(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** `HH:MM:SS`. */
export function durationFormatted(ms: number): string {
  const total = Math.floor(ms / 1000);
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** `m:ss` of a transcript segment's start. */
export const startTimeText = (ms: number): string => lengthText(Math.floor(ms / 1000));

/** `00:01:02.345`, a WebVTT cue time. */
export const vttTime = (ms: number): string => `${durationFormatted(ms)}.${pad(ms % 1000, 3)}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Mar 5, 2024". */
export function dateText(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()] ?? ''} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "Wed Oct 10 20:19:24 +0000 2018", the short-message site's date style. */
export function messageDate(ms: number): string {
  const d = new Date(ms);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${DAYS[d.getUTCDay()] ?? ''} ${MONTHS[d.getUTCMonth()] ?? ''} ${pad(d.getUTCDate())} ${time} +0000 ${d.getUTCFullYear()}`;
}

/** A publish time up to about two years before SAMPLE_NOW_MS, skewed towards recent. */
export const pastTime = (fraction: number): number => SAMPLE_NOW_MS - Math.floor(730 * 86_400_000 * fraction ** 3) - 60_000;
