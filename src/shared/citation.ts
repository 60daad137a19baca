/**
 * Citing what the library holds: one sentence per item (who, what, where, when published, and
 * when and by which request Gleaner fetched it), and a quote of a transcript moment with the
 * same source and the transcript's own request. The Markdown export's Sources list, the item
 * detail's "Copy citation", the transcript's "Copy quote" and `gleaner items cite` all write it
 * here, so a reference reads the same wherever it was taken from.
 *
 * Platform text is untrusted; each medium says how it is made inert (a `ReferenceStyle`).
 */
import { kindLabel } from './catalogue';
import { formatMoment } from './export';
import { languageLabel } from './language';
import type { Citation, ItemRecord, TranscriptRecord } from './library';
import { safeHttpsUrl, timestampUrl } from './links';
import { oneLine, stripTerminalControls } from './text';

/** An ISO-8601 UTC time from a stored time, or null when it is not an absolute time. */
export function isoUtc(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * Said after a platform's own time words ("23 hours ago"), which count from when the item was
 * fetched, not from when the citation is read.
 */
export const asShownWhenFetched = (fetchedAt: string): string => ` (as shown on the platform at ${fetchedAt})`;

/** The response a citation names: the one that last carried the item's fields. */
export interface CitedResponse {
  operation: string;
  requestId: string;
  fetchedAt: string;
}

type CitedFields = Pick<ItemRecord, 'url' | 'platform' | 'authorName' | 'authorHandle' | 'publishedAt'>;

/** An item's citation from its stored fields and the response it was last fetched in. */
export function makeCitation(item: CitedFields, cited: CitedResponse): Citation {
  const author = [item.authorName, item.authorHandle].filter((part): part is string => Boolean(part)).join(' ') || null;
  return {
    url: safeHttpsUrl(item.url),
    platform: item.platform,
    author,
    publishedAt: isoUtc(item.publishedAt),
    fetchedAt: isoUtc(cited.fetchedAt) ?? cited.fetchedAt,
    operation: cited.operation,
    requestId: cited.requestId,
  };
}

type TitledItem = Pick<ItemRecord, 'kind' | 'title' | 'text'>;

/** The item's own words a citation quotes as its title: its title, else the start of its text; null if it has neither. */
function ownTitle(item: TitledItem): string | null {
  if (item.title?.trim()) return item.title;
  // The first 80 characters, never half a surrogate pair.
  if (item.text?.trim()) return item.text.slice(0, 80).replace(/[\uD800-\uDBFF]$/, '');
  return null;
}

/**
 * What a citation calls an item: its own words, else a description in square brackets, as
 * citation styles describe an untitled work ("[Untitled video]").
 */
export function citedTitle(item: TitledItem): string {
  return ownTitle(item) ?? `[Untitled ${kindLabel(item.kind).toLowerCase()}]`;
}

/** How one medium writes platform text and a web address so that neither can act. */
export interface ReferenceStyle {
  /** One line of platform text (or a value Gleaner stored), inert in the medium. */
  text(value: string): string;
  /** A safe https address, as the medium shows a link. */
  link(url: string): string;
}

/**
 * For the clipboard and the terminal: one line each, without control characters or the
 * bidirectional overrides that would show a name reversed where it is pasted.
 */
export const plainStyle: ReferenceStyle = {
  text: (value) => oneLine(stripTerminalControls(value)),
  link: (url) => url,
};

/** The sentence that cites an item: its own words as a title in quotes, a description of an untitled one without. */
export function referenceSentence(citation: Citation, item: TitledItem, style: ReferenceStyle): string {
  const own = ownTitle(item);
  const title = own === null ? style.text(citedTitle(item)) : `“${style.text(own)}”`;
  const parts = [citation.author ? style.text(citation.author) : null, title, style.text(citation.platform)];
  if (citation.publishedAt) parts.push(`published ${citation.publishedAt}`);
  const where = citation.url ? style.link(citation.url) : 'no web address on record';
  return `${parts.filter(Boolean).join(', ')}. ${where}. Fetched ${style.text(citation.fetchedAt)} by ${style.text(citation.operation)}, request id ${style.text(citation.requestId)}.`;
}

/** The item as a plain-text citation, for the clipboard and the terminal. */
export function citeItem(item: ItemRecord, citation: Citation): string {
  return referenceSentence(citation, item, plainStyle);
}

type QuotedTranscript = Pick<TranscriptRecord, 'language' | 'fetchedAt' | 'operation' | 'requestId'>;

/**
 * A transcript moment as a plain-text quote: the words, when they are said (with a link that
 * opens the source there, where the platform has one), the item's citation, and the request the
 * transcript came from, which may differ from the item's.
 */
export function quoteSegment(
  item: ItemRecord,
  citation: Citation,
  transcript: QuotedTranscript,
  segment: { startMs: number; text: string },
): string {
  const clock = formatMoment(segment.startMs);
  const moment = timestampUrl(item, segment.startMs);
  // A language the library does not know is shown as the platform gave it: platform text.
  const language = transcript.language ? ` in ${plainStyle.text(languageLabel(transcript.language))}` : '';
  return [
    `“${plainStyle.text(segment.text)}”`,
    `— at ${clock} in: ${citeItem(item, citation)}`,
    ...(moment ? [`Open at ${clock}: ${moment}`] : []),
    `Transcript${language} fetched ${plainStyle.text(transcript.fetchedAt)} by ${plainStyle.text(transcript.operation)}, request id ${plainStyle.text(transcript.requestId)}.`,
  ].join('\n');
}

/**
 * Words of a transcript that has no timings (one text, as the short-message site gives it), quoted
 * as `quoteSegment` quotes a moment: the words, the item's citation and the transcript's request,
 * with no time, since the service gave none.
 */
export function quoteUntimedPassage(item: ItemRecord, citation: Citation, transcript: QuotedTranscript, passage: string): string {
  const language = transcript.language ? ` in ${plainStyle.text(languageLabel(transcript.language))}` : '';
  return [
    `“${plainStyle.text(passage)}”`,
    `— in: ${citeItem(item, citation)}`,
    `Transcript${language} (without timings) fetched ${plainStyle.text(transcript.fetchedAt)} by ${plainStyle.text(transcript.operation)}, request id ${plainStyle.text(transcript.requestId)}.`,
  ].join('\n');
}

/**
 * The segment being said at `ms`: the latest start at or before it (a moment before the first
 * segment gives the first). Null for a transcript without timed segments.
 */
export function segmentAt<S extends { startMs: number }>(segments: readonly S[], ms: number): S | null {
  if (segments.length === 0) return null;
  const started = segments.filter((segment) => segment.startMs <= ms);
  if (started.length === 0) return segments.reduce((first, segment) => (segment.startMs < first.startMs ? segment : first));
  return started.reduce((latest, segment) => (segment.startMs >= latest.startMs ? segment : latest));
}

/**
 * A moment as people write it — `1:02:03`, `90:00` (minutes may run past an hour when no hours
 * are written), `2:03`, or seconds alone (`123`, `83.5`) — in milliseconds; null if it is none.
 */
export function parseMoment(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3) return null;
  const secondsText = parts.pop()!;
  // Seconds after minutes are two digits below 60 ("1:05"); alone, any count ("83").
  const seconds = parts.length === 0 ? /^\d{1,6}(?:\.\d{1,3})?$/ : /^[0-5]?\d(?:\.\d{1,3})?$/;
  if (!seconds.test(secondsText)) return null;
  const [hours, minutes] = parts.length === 2 ? parts : [undefined, parts[0]];
  if (hours !== undefined && !/^\d{1,3}$/.test(hours)) return null;
  // Minutes after hours are below 60 ("1:05:00"); leading, any count ("90:00").
  if (minutes !== undefined && !(hours === undefined ? /^\d{1,4}$/ : /^[0-5]?\d$/).test(minutes)) return null;
  return Math.round(((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60 + Number(secondsText)) * 1000);
}
