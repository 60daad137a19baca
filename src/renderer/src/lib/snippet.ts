/**
 * Highlighting without HTML. Search snippets arrive with private-use marker characters around
 * the matched words; they are split into plain text parts that React renders as text, the
 * matches wrapped in <mark>. Nothing here ever produces markup from platform text.
 */

import type { TextPart } from '../../../shared/snippet';

export { splitSnippet, type TextPart } from '../../../shared/snippet';

/** Removes the markers, for places that show a snippet without highlights (titles, labels). */
export const stripMarkers = (snippet: string): string => snippet.replace(/[\uE000\uE001]/g, '');

/**
 * Marks every case-insensitive occurrence of `needle` in `text` (used for search within a
 * transcript, where the renderer itself knows what was typed).
 */
export function highlightText(text: string, needle: string): TextPart[] {
  const term = needle.trim();
  if (!term) return text ? [{ text, marked: false }] : [];
  const haystack = text.toLocaleLowerCase();
  const lowered = term.toLocaleLowerCase();
  // Lower-casing can change string length for a few scripts; then highlight nothing rather than the wrong span.
  if (haystack.length !== text.length) return [{ text, marked: false }];
  const parts: TextPart[] = [];
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(lowered, from);
    if (at === -1) break;
    if (at > from) parts.push({ text: text.slice(from, at), marked: false });
    parts.push({ text: text.slice(at, at + term.length), marked: true });
    from = at + term.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), marked: false });
  return parts;
}

/** Whether `text` contains `needle`, case-insensitively (the same test highlightText uses). */
export const containsText = (text: string, needle: string): boolean => text.toLocaleLowerCase().includes(needle.trim().toLocaleLowerCase());
