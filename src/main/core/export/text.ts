/**
 * Making untrusted platform text safe in each export format: spreadsheet cells that cannot
 * evaluate, Markdown that cannot change the document's structure, plain text without control
 * characters, and file names without path separators.
 */
import { forReaders, isolated, showBidiControls } from '../../../shared/format-characters';
import { cleanText, oneLine } from '../../../shared/text';

// ---------------------------------------------------------------------------------------------
// CSV

/**
 * OWASP's CSV injection guidance: a cell that starts with = + - @ tab, CR or LF may be read as a
 * formula, so it gets a leading single quote. Text that merely looks like a number ("-2" as a
 * post's title) is text and is neutralised like any other.
 *
 * Numbers from numeric columns (views, likes, start_ms …) stay numbers so a data desk can sum
 * them. Negative numbers are the one exception: none of those columns can legitimately be
 * negative (counts, durations, offsets), so a negative value is a platform oddity; it is written
 * as quoted text like any other cell starting with "-", which keeps the rule "no cell starts with
 * a formula character" true without exception and keeps the odd value visible rather than summed.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

export function neutraliseCell(value: string | number | boolean | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return value < 0 ? `'${value}` : value;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // Invisible characters go first, so one cannot hide a formula from the check below.
  const shown = forReaders(value);
  return FORMULA_START.test(shown) ? `'${shown}` : shown;
}

/**
 * A cell for data tools: the value as given, formula-like text included (the CSV for data tools
 * says so where it is chosen), except that a character that would reorder the rest of the row
 * where it is shown is written as its visible mark (the JSON export keeps it). Empty for null
 * and for a number that is not finite.
 */
export function verbatimCell(value: string | number | boolean | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return showBidiControls(value);
}

// ---------------------------------------------------------------------------------------------
// Markdown

/** Characters that start inline structure anywhere in a line (CommonMark + GFM tables and strikethrough). */
const INLINE_SPECIAL = /[\\`*_[\]<>|~&!]/g;

/**
 * Where GFM makes a link of bare text (its autolink literals): a scheme's `://` (`http://`,
 * `https://`, `ftp://`), `www.` at the start of a word, and an `@` after an address's characters
 * (e-mail addresses, bare or after `mailto:` or `xmpp:`). A backslash before that `:`, `.` or `@`
 * breaks the pattern for a parser that finds these links as it reads the escapes (micromark,
 * cmark-gfm for web addresses) and still shows the character. Some look again in the text once
 * escapes are resolved (cmark-gfm for e-mail addresses, remark's transform, github.com's second
 * pass); no escape can stop those without changing the text.
 */
const AUTOLINK_LITERAL = /:(?=\/\/)|(?<=(?:^|[^A-Za-z0-9])www)\.|(?<=[A-Za-z0-9.+\-_])@/gi;

/** One line escaped so no Markdown structure starts in it; its format characters as readers see them. */
function escapeInline(line: string): string {
  // Leading spaces would make an indented code block.
  let escaped = oneLine(forReaders(line)).replace(INLINE_SPECIAL, (c) => `\\${c}`);
  // Block markers at the start would make a heading, a list or a setext underline.
  if (/^(?:#|[-+=])/.test(escaped)) escaped = `\\${escaped}`;
  else escaped = escaped.replace(/^(\d{1,9})([.)])/, '$1\\$2');
  // A run of # at the end, after a space, would be a heading's closing sequence and vanish.
  return escaped.replace(/(\s)(#+)$/, '$1\\$2');
}

/**
 * Platform text inert inside a link's text: escapeMarkdownLine without the autolink escapes,
 * which a link's text does not need (a link cannot hold another), so the Source lines show
 * their https address as it is.
 */
export const escapeMarkdownLinkText = (line: string): string => isolated(escapeInline(line));

/**
 * One line of platform text, escaped so it is inert inside a paragraph, heading or list item,
 * and isolated so that right-to-left text in it cannot move the words around it.
 */
export function escapeMarkdownLine(line: string): string {
  return isolated(escapeInline(line).replace(AUTOLINK_LITERAL, (c) => `\\${c}`));
}

/** Multi-line platform text as Markdown paragraphs: blank lines separate paragraphs, single breaks stay breaks. */
export function escapeMarkdownBlock(text: string): string {
  return cleanText(text)
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => escapeMarkdownLine(line))
        .filter((line) => line !== '')
        .join('\\\n'),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/** A link target we built from a safe https URL; parentheses and spaces cannot end it early. */
export const markdownHref = (url: string): string =>
  url.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

// ---------------------------------------------------------------------------------------------
// Plain text, subtitles, file names

/** A file-name fragment: ASCII letters, digits and dashes only, so no name can climb out of its folder. */
export function slug(text: string, max = 60): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii.slice(0, max).replace(/-+$/, '');
}

// ---------------------------------------------------------------------------------------------
// Times

const LOCAL_TIME_CACHE = 4096;

/** `YYYY-MM-DD HH:MM:SS` in the given IANA zone: a form spreadsheets read as a date and time. */
export function createLocalTimeFormatter(timeZone: string): (iso: string | null) => string | null {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const formatOne = (iso: string): string | null => {
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) return null;
    const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
  // formatToParts is slow and exports repeat times (one response carries many items); the cache
  // is emptied when full so memory stays flat however many distinct times an export holds.
  const cache = new Map<string, string | null>();
  return (iso) => {
    if (!iso) return null;
    let local = cache.get(iso);
    if (local === undefined) {
      local = formatOne(iso);
      if (cache.size >= LOCAL_TIME_CACHE) cache.clear();
      cache.set(iso, local);
    }
    return local;
  };
}

/** `HH:MM:SS<sep>mmm`: SRT uses a comma, WebVTT a full stop. */
export function subtitleTime(ms: number, separator: ',' | '.'): string {
  const clamped = Math.max(0, Math.round(ms));
  const h = Math.floor(clamped / 3_600_000);
  const m = Math.floor((clamped % 3_600_000) / 60_000);
  const s = Math.floor((clamped % 60_000) / 1000);
  const milli = clamped % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${separator}${String(milli).padStart(3, '0')}`;
}
