/**
 * How an item's publish date reads wherever it is shown: an exact date as a date, an approximate
 * one (read from "1 year ago" and the fetch time) always marked as approximate, never passed off
 * as exact. Pure: used by the renderer, the CLI and the exports.
 */
import type { ItemRecord } from './library';
import { precisionOf } from './relative-date';

type PublishedFields = Pick<ItemRecord, 'publishedAt' | 'publishedText'> & { publishedApproximate?: boolean | undefined };

/**
 * Made on first use, not at import: the first Intl formatter of a process loads the locale data
 * (some 25 ms), which a `gleaner search` that shows no date must not pay for (issue 28.19).
 */
let formatters: { monthYear: Intl.DateTimeFormat; dayMonthYear: Intl.DateTimeFormat } | null = null;
const dateFormats = (): NonNullable<typeof formatters> =>
  (formatters ??= {
    monthYear: new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    dayMonthYear: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  });

/** The mark in front of an approximate date. */
export const APPROXIMATE_MARK = '≈';

/** "≈ Nov 2025" (counted in months or years), "≈ 25 Nov 2025" (finer): only as fine as the wording was. */
export function approximateDateText(item: PublishedFields): string | null {
  if (!item.publishedApproximate || !item.publishedAt) return null;
  const date = new Date(item.publishedAt);
  if (Number.isNaN(date.getTime())) return null;
  const precision = precisionOf(item.publishedText);
  const coarse = precision === 'month' || precision === 'year';
  return `${APPROXIMATE_MARK} ${(coarse ? dateFormats().monthYear : dateFormats().dayMonthYear).format(date)}`;
}

/**
 * A short published date for a row: "12 Mar 2024" when exact, "≈ Nov 2025" when approximate, else
 * the platform's own wording (or '' when there is none).
 */
export function formatPublished(item: PublishedFields): string {
  const approximate = approximateDateText(item);
  if (approximate) return approximate;
  if (item.publishedAt) {
    const date = new Date(item.publishedAt);
    if (!Number.isNaN(date.getTime())) return dateFormats().dayMonthYear.format(date);
  }
  return item.publishedText ?? '';
}

/** The wording and the approximate date together: "about 1 year ago · ≈ Nov 2025". */
export function describeApproximate(item: PublishedFields): string | null {
  const approximate = approximateDateText(item);
  if (!approximate) return null;
  const wording = item.publishedText?.trim();
  if (!wording) return approximate;
  // "1 year ago" reads as a count; "Streamed 2 days ago" or "Mar 4, 2024" read as they are.
  return `${/^(?:\d|an? )/i.test(wording) ? `about ${wording}` : wording} · ${approximate}`;
}

type CitedDate = { publishedAt: string | null; publishedApproximate?: boolean | undefined };

/** The published time a citation may state as a time: null when there is none, or it is only approximate. */
export const exactPublishedAt = (cited: CitedDate): string | null => (cited.publishedApproximate ? null : cited.publishedAt);

/**
 * Said after the platform's own wording in a text export when that wording gave an approximate
 * date: ", approximately 2025-11-27" (the day only: the time of an approximate date means nothing).
 */
export const approximatelySuffix = (cited: CitedDate): string =>
  cited.publishedApproximate && cited.publishedAt ? `, approximately ${cited.publishedAt.slice(0, 10)}` : '';
