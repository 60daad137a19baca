/**
 * What Gleaner calls an item, everywhere it names one: Library and Collections rows, the item
 * detail, the CLI, the exports' headings and citations. Its title; else the start of its text;
 * else a description ("Untitled video by @liam"). One rule, so a post reads the same in the list
 * the user picked it from and in the file they hand on.
 *
 * The label is platform text: each place that shows it keeps it inert (React text, a terminal
 * without its controls, Markdown escaped). It is written for readers (format-characters.ts): a
 * title of zero-width padding alone counts as none, and an override shows as a mark.
 */
import { formatHandle, kindLabel } from './platforms';
import { forReaders } from './format-characters';
import { oneLine } from './text';

/** The fields a label is made from; a search hit or a collection row passes its excerpt as `text`. */
export interface Labelled {
  platform: string;
  kind: string;
  title: string | null;
  text?: string | null;
  authorHandle?: string | null;
  authorName?: string | null;
}

/** Where the label came from: citations quote the item's own words and describe the rest. */
export type LabelSource = 'title' | 'text' | 'description';

export interface ItemLabel {
  label: string;
  source: LabelSource;
}

/** Text stands in for a title up to about this many characters: a list row's worth. */
export const LABEL_TEXT_MAX = 80;

/** A cut stays at a word boundary unless that would drop more than this share of the room. */
const WORD_BOUNDARY_SLACK = 0.6;

/**
 * One line cut to at most `max` characters (the ellipsis included), at the last word boundary
 * where there is one, never inside a surrogate pair.
 */
export function cutAtWord(text: string, max: number): string {
  const line = oneLine(text);
  if (line.length <= max) return line;
  let end = max - 1;
  // A high surrogate at the cut would leave half a character.
  if (/[\uD800-\uDBFF]/.test(line[end - 1] ?? '')) end -= 1;
  const space = line.lastIndexOf(' ', end);
  // Text without spaces (a URL, CJK) is cut where it must be.
  if (space >= Math.floor(max * WORD_BOUNDARY_SLACK)) end = space;
  return `${line.slice(0, end).replace(/[\s,;:.–—-]+$/u, '')}…`;
}

/** "Untitled video by @liam": the kind, and who posted it in the platform's handle form (else their name). */
export function untitledDescription(item: Labelled): string {
  const name = item.authorName ? oneLine(forReaders(item.authorName)) : '';
  const who = formatHandle(item.platform, item.authorHandle) ?? (name || null);
  return `Untitled ${kindLabel(item.kind).toLowerCase()}${who ? ` by ${who}` : ''}`;
}

/**
 * The label and where it came from. `maxTitle` shortens a long title where a screen shows it
 * (a hostile 2 MB title would stall layout); exports and citations keep titles whole.
 */
export function describeItem(item: Labelled, options: { maxTitle?: number } = {}): ItemLabel {
  const title = item.title ? oneLine(forReaders(item.title)) : '';
  if (title) return { label: options.maxTitle ? cutAtWord(title, options.maxTitle) : title, source: 'title' };
  const text = item.text ? oneLine(forReaders(item.text)) : '';
  if (text) return { label: cutAtWord(text, LABEL_TEXT_MAX), source: 'text' };
  return { label: untitledDescription(item), source: 'description' };
}

/** What an item is called: its title, else the start of its text, else a description. One line. */
export const itemLabel = (item: Labelled, options: { maxTitle?: number } = {}): string => describeItem(item, options).label;
