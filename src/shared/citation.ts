/**
 * Citing what the library holds: one sentence per item (who, what, where, when published, and
 * when and by which request Gleaner fetched it), and a quote of a transcript moment with the
 * same source and the transcript's own request. The Markdown export's Sources list, the item
 * detail's "Copy citation", the transcript's "Copy quote" and `gleaner items cite` all write it
 * here, so a reference reads the same wherever it was taken from. The styles (newsroom, APA 7,
 * Chicago) are in citation-styles.ts; the rule for which line a moment quotes is here, shared
 * with the transcript view.
 *
 * Platform text is untrusted; each medium says how it is made inert (a `ReferenceStyle`).
 */
import { momentInWords, writeReference, type CitationStyle, type CitedItem, type ReferenceStyle } from './citation-styles';
import { formatMoment } from './export';
import { itemLabel, type Labelled } from './item-label';
import { languageLabel } from './language';
import type { Citation, ItemRecord, TranscriptRecord } from './library';
import { safeHttpsUrl, timestampUrl } from './links';
import { readerField } from './format-characters';
import { oneLine } from './text';

export {
  CITATION_STYLE_LABELS,
  CITATION_STYLES,
  citedAuthor,
  isCitationStyle,
  momentInWords,
  type CitationStyle,
  type CitedItem,
  type ReferenceStyle,
} from './citation-styles';

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

type CitedFields = Pick<ItemRecord, 'url' | 'platform' | 'authorName' | 'authorHandle' | 'publishedAt'> & Partial<Pick<ItemRecord, 'demo'>>;

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
    ...(item.demo === true ? { demo: true as const } : {}),
  };
}

/**
 * What a citation or an export heading calls an item: the one label every place uses (its title,
 * else the start of its text, else "Untitled video by @name"); see item-label.ts.
 */
export const citedTitle = (item: Labelled): string => itemLabel(item);

/**
 * For the clipboard and the terminal: one line each, without control characters; a
 * bidirectional override that would show a name reversed where it is pasted is shown as a mark
 * (⟨RLO⟩), and right-to-left text is isolated so the sentence around it keeps its order.
 */
export const plainStyle: ReferenceStyle = {
  text: (value) => readerField(oneLine(value)),
  link: (url) => url,
};

/** The sentence that cites an item in a citation style (the newsroom's by default), written for one medium. */
export function referenceSentence(
  citation: Citation,
  item: CitedItem,
  style: ReferenceStyle,
  citationStyle: CitationStyle = 'newsroom',
): string {
  return writeReference(citation, item, style, citationStyle);
}

/** The item as a plain-text citation, for the clipboard and the terminal. */
export function citeItem(item: CitedItem, citation: Citation, citationStyle: CitationStyle = 'newsroom'): string {
  return referenceSentence(citation, item, plainStyle, citationStyle);
}

type QuotedTranscript = Pick<TranscriptRecord, 'language' | 'fetchedAt' | 'operation' | 'requestId'>;

/**
 * A transcript moment as a plain-text quote: the words, when they are said (with a link that
 * opens the source there, where the platform has one), the item's citation, and the request the
 * transcript came from, which may differ from the item's.
 */
export function quoteSegment(
  item: CitedItem & Pick<ItemRecord, 'url'>,
  citation: Citation,
  transcript: QuotedTranscript,
  segment: { startMs: number; text: string },
  citationStyle: CitationStyle = 'newsroom',
): string {
  const clock = segmentClock(segment.startMs);
  const moment = timestampUrl(item, segment.startMs);
  // A language the library does not know is shown as the platform gave it: platform text.
  const language = transcript.language ? ` in ${plainStyle.text(languageLabel(transcript.language))}` : '';
  return [
    `“${plainStyle.text(segment.text)}”`,
    `— at ${clock} in: ${citeItem(item, citation, citationStyle)}`,
    ...(moment ? [`Open at ${clock}: ${moment}`] : []),
    `Transcript${language} fetched ${plainStyle.text(momentInWords(transcript.fetchedAt))} by ${plainStyle.text(transcript.operation)}, request id ${plainStyle.text(transcript.requestId)}.`,
  ].join('\n');
}

/**
 * Words of a transcript that has no timings (one text, as the short-message site gives it), quoted
 * as `quoteSegment` quotes a moment: the words, the item's citation and the transcript's request,
 * with no time, since the service gave none.
 */
export function quoteUntimedPassage(
  item: CitedItem,
  citation: Citation,
  transcript: QuotedTranscript,
  passage: string,
  citationStyle: CitationStyle = 'newsroom',
): string {
  const language = transcript.language ? ` in ${plainStyle.text(languageLabel(transcript.language))}` : '';
  return [
    `“${plainStyle.text(passage)}”`,
    `— in: ${citeItem(item, citation, citationStyle)}`,
    `Transcript${language} (without timings) fetched ${plainStyle.text(momentInWords(transcript.fetchedAt))} by ${plainStyle.text(transcript.operation)}, request id ${plainStyle.text(transcript.requestId)}.`,
  ].join('\n');
}

/**
 * The moment the transcript shows beside a segment: its start in whole seconds, as the clock
 * beside it reads (a line starting at 63.4 s is shown at 1:03).
 */
export const shownStartMs = (startMs: number): number => Math.max(0, Math.floor(startMs / 1000)) * 1000;

/** The clock the transcript shows beside a segment ("1:03"). */
export const segmentClock = (startMs: number): string => formatMoment(shownStartMs(startMs));

/**
 * The segment the transcript shows at `ms`: the first of those shown at the latest clock at or
 * before it, so `--at 1:03` quotes the line the window labels 1:03, not one that started a
 * fraction earlier (a moment before the first segment gives the first). Null without timed segments.
 */
export function segmentShownAt<S extends { startMs: number }>(segments: readonly S[], ms: number): S | null {
  let found: S | null = null;
  for (const segment of segments) {
    const shown = shownStartMs(segment.startMs);
    if (shown > ms) continue;
    if (found === null || shown > shownStartMs(found.startMs) || (shown === shownStartMs(found.startMs) && segment.startMs < found.startMs))
      found = segment;
  }
  if (found !== null || segments.length === 0) return found;
  return segments.reduce((first, segment) => (segment.startMs < first.startMs ? segment : first));
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
