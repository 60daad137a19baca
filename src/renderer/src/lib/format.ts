/** Display formatting for counts, dates and times. Pure: no DOM, no store. */
import { formatMoment } from '../../../shared/export';
import { describeItem } from '../../../shared/item-label';
import type { SearchHit } from '../../../shared/library';

const integer = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 1234 → "1,234"; null → "—". */
export const formatCount = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : integer.format(value);

/** 1234567 → "1.2M"; small numbers stay exact. null → "". */
export const formatCompact = (value: number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  return Math.abs(value) < 10_000 ? integer.format(value) : compact.format(value);
};

/** "1 item", "1,234 items". */
export const formatItems = (count: number, noun = 'item'): string => `${integer.format(count)} ${count === 1 ? noun : `${noun}s`}`;

const isValidDate = (date: Date): boolean => !Number.isNaN(date.getTime());

/** An ISO time as a short date ("12 Mar 2024"), in UTC so it reads the same everywhere. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (!isValidDate(date)) return iso;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** An ISO time as date and time with its zone spelled out: "12 Mar 2024, 14:05:09 UTC". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (!isValidDate(date)) return iso;
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

/** The published date of an item: the absolute date when known, else the platform's own wording. */
export function formatPublished(publishedAt: string | null | undefined, publishedText: string | null | undefined): string {
  if (publishedAt) return formatDate(publishedAt);
  return publishedText ?? '';
}

/** A duration in words-and-clock form, e.g. "19:07" or "1:02:05". */
export const formatDuration = (ms: number | null | undefined): string => (ms === null || ms === undefined ? '' : formatMoment(ms));

/** Titles longer than this are shortened on screen (a hostile 2 MB title would stall layout); exports keep them whole. */
export const MAX_TITLE_SHOWN = 300;

/** Text cut to `max` characters (never inside a surrogate pair), with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/**
 * A row's text (Library, Fetch results): the label every place uses (its title, else the start of
 * its text, else "Untitled video by @name"), a long title shortened for the screen. `untitled`
 * marks a description, which rows show in a muted style. (The second parameter is unused: the
 * shared label knows the kinds.)
 */
export function hitText(
  hit: Pick<SearchHit, 'platform' | 'title' | 'excerpt' | 'kind' | 'authorName' | 'authorHandle'>,
  ..._unused: unknown[]
): { text: string; untitled: boolean } {
  const { label, source } = describeItem({ ...hit, text: hit.excerpt }, { maxTitle: MAX_TITLE_SHOWN });
  return { text: label, untitled: source === 'description' };
}
