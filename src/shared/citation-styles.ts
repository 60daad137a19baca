/**
 * The citation styles: a plain newsroom sentence (the default), APA 7 and Chicago (notes) for
 * social-media posts. Each names the platform as its users know it, writes the author's handle in
 * the platform's one form, dates the publication (saying "approximately" when the platform gave
 * only words such as "3 weeks ago"), and keeps what the styles leave out but a newsroom needs: the
 * moment Gleaner fetched the item, with its zone, and the service's request id.
 *
 * Times are written in UTC, the zone every stored time is in, and named.
 */
import { describeItem, type Labelled } from './item-label';
import { withDemoMark } from './demo';
import type { Citation } from './library';
import { formatHandle, kindLabel, platformLabel } from './platforms';

export const CITATION_STYLES = ['newsroom', 'apa', 'chicago'] as const;
export type CitationStyle = (typeof CITATION_STYLES)[number];
export const isCitationStyle = (value: unknown): value is CitationStyle =>
  typeof value === 'string' && (CITATION_STYLES as readonly string[]).includes(value);

/** The styles by the names a menu shows. */
export const CITATION_STYLE_LABELS: Readonly<Record<CitationStyle, string>> = {
  newsroom: 'Newsroom (plain)',
  apa: 'APA 7',
  chicago: 'Chicago',
};

/** How one medium writes platform text and a web address so that neither can act. */
export interface ReferenceStyle {
  /** One line of platform text (or a value Gleaner stored), inert in the medium. */
  text(value: string): string;
  /** A safe https address, as the medium shows a link. */
  link(url: string): string;
}

/** The item's fields a citation reads beside the Citation record. */
export interface CitedItem extends Labelled {
  publishedText?: string | null;
  /** The date was worked out from the platform's words ("3 weeks ago"), so it is approximate. */
  publishedApproximate?: boolean;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const utcParts = (iso: string): { year: number; month: string; day: number; hh: string; mm: string } | null => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: MONTHS[date.getUTCMonth()]!,
    day: date.getUTCDate(),
    hh: String(date.getUTCHours()).padStart(2, '0'),
    mm: String(date.getUTCMinutes()).padStart(2, '0'),
  };
};

/** "27 November 2026, 08:15 UTC"; a value that is not a time is given back as stored. */
export function momentInWords(iso: string): string {
  const p = utcParts(iso);
  return p ? `${p.day} ${p.month} ${p.year}, ${p.hh}:${p.mm} UTC` : iso;
}

type DateOrder = 'day-month-year' | 'year-month-day' | 'month-day-year';

/** A publication date in a style's order: "8 March 2025", "2025, March 8", "March 8, 2025". */
function dateInWords(iso: string, order: DateOrder): string {
  const p = utcParts(iso);
  if (!p) return iso;
  if (order === 'year-month-day') return `${p.year}, ${p.month} ${p.day}`;
  if (order === 'month-day-year') return `${p.month} ${p.day}, ${p.year}`;
  return `${p.day} ${p.month} ${p.year}`;
}

/** The publication date with "approximately" before an estimated one; null when there is none. */
function publishedInWords(citation: Citation, item: CitedItem, order: DateOrder): string | null {
  if (!citation.publishedAt) return null;
  const approximate = item.publishedApproximate === true || citation.publishedApproximate === true;
  return `${approximate ? 'approximately ' : ''}${dateInWords(citation.publishedAt, order)}`;
}

interface Parts {
  name: string | null;
  handle: string | null;
  platform: string;
  kind: string;
  /** The item's own words (title, else the start of its text), or null for an item without either. */
  words: string | null;
}

function partsOf(citation: Citation, item: CitedItem, style: ReferenceStyle): Parts {
  const label = describeItem(item);
  const name = item.authorName?.trim() ? style.text(item.authorName) : null;
  const handle = formatHandle(item.platform, item.authorHandle);
  return {
    name,
    handle: handle === null ? null : style.text(handle),
    platform: style.text(platformLabel(citation.platform)),
    kind: kindLabel(item.kind),
    words: label.source === 'description' ? null : style.text(label.label),
  };
}

/** The author as citations name them: "Harbour News (@harbournews)", else either; null for neither. Not yet inert. */
export function citedAuthor(item: Pick<CitedItem, 'platform' | 'authorName' | 'authorHandle'>): string | null {
  const name = item.authorName?.trim() || null;
  const handle = formatHandle(item.platform, item.authorHandle);
  return name && handle ? `${name} (${handle})` : (name ?? handle);
}

const where = (citation: Citation, style: ReferenceStyle): string => (citation.url ? style.link(citation.url) : 'no web address on record');

/** What the styles leave out and a newsroom keeps: when Gleaner fetched it, how, and the request id. */
const fetchedNote = (citation: Citation, style: ReferenceStyle): string =>
  `Fetched ${style.text(momentInWords(citation.fetchedAt))} by ${style.text(citation.operation)}, request id ${style.text(citation.requestId)}.`;

/** Newsroom: Harbour News (@harbournews), “Council budget hearing”, YouTube video, published 8 March 2025. URL. Fetched … */
function newsroom(citation: Citation, item: CitedItem, style: ReferenceStyle): string {
  const p = partsOf(citation, item, style);
  const author = p.name && p.handle ? `${p.name} (${p.handle})` : (p.name ?? p.handle);
  const what = p.words === null ? `untitled ${p.platform} ${p.kind.toLowerCase()}` : `“${p.words}”, ${p.platform} ${p.kind.toLowerCase()}`;
  const published = publishedInWords(citation, item, 'day-month-year');
  const shown = !published && item.publishedText?.trim() ? `shown as published “${style.text(item.publishedText)}” when fetched` : null;
  const parts = [author, what, published ? `published ${published}` : shown];
  return `${parts.filter(Boolean).join(', ')}. ${where(citation, style)}. ${fetchedNote(citation, style)}`;
}

/** APA 7: Harbour News [@harbournews]. (2025, March 8). Council budget hearing [Video]. YouTube. Retrieved …, from URL */
function apa(citation: Citation, item: CitedItem, style: ReferenceStyle): string {
  const p = partsOf(citation, item, style);
  const author = p.name && p.handle ? `${p.name} [${p.handle}]` : (p.name ?? p.handle);
  const published = publishedInWords(citation, item, 'year-month-day') ?? 'n.d.';
  const what = p.words === null ? `[${p.kind}]` : `${p.words} [${p.kind}]`;
  const lead = author ? `${author}. (${published}).` : `${what}. (${published}).`;
  const body = author ? `${what}. ${p.platform}.` : `${p.platform}.`;
  return `${lead} ${body} Retrieved ${style.text(momentInWords(citation.fetchedAt))}, from ${where(citation, style)} (request id ${style.text(citation.requestId)}, ${style.text(citation.operation)}).`;
}

/** Chicago (note): Harbour News (@harbournews), “Council budget hearing,” YouTube video, March 8, 2025, URL. */
function chicago(citation: Citation, item: CitedItem, style: ReferenceStyle): string {
  const p = partsOf(citation, item, style);
  const author = p.name && p.handle ? `${p.name} (${p.handle})` : (p.name ?? p.handle);
  const published = publishedInWords(citation, item, 'month-day-year') ?? 'n.d.';
  const what = p.words === null ? `untitled ${p.platform} ${p.kind.toLowerCase()}` : `“${p.words},” ${p.platform} ${p.kind.toLowerCase()}`;
  const parts = [author, `${what}`, published, where(citation, style)];
  return `${parts.filter(Boolean).join(', ')}, accessed ${style.text(momentInWords(citation.fetchedAt))} (request id ${style.text(citation.requestId)}, ${style.text(citation.operation)}).`;
}

const WRITERS: Readonly<Record<CitationStyle, (citation: Citation, item: CitedItem, style: ReferenceStyle) => string>> = {
  newsroom,
  apa,
  chicago,
};

/** The reference to an item in one citation style, its platform text made inert by the medium's `style`. */
export function writeReference(citation: Citation, item: CitedItem, style: ReferenceStyle, citationStyle: CitationStyle): string {
  return withDemoMark(WRITERS[citationStyle](citation, item, style), citation.demo);
}
