/**
 * Search snippets carry private-use marker characters around the matched words (the core makes
 * sure platform text cannot pass for them). Split here, once, for every place that shows them:
 * the app wraps matches in <mark>, the CLI in `**`.
 */

export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

export interface TextPart {
  text: string;
  marked: boolean;
}

/** Splits a snippet on the markers. Unbalanced or stray markers are dropped, never shown. */
export function splitSnippet(snippet: string): TextPart[] {
  const parts: TextPart[] = [];
  let marked = false;
  let current = '';
  const flush = (): void => {
    if (current) {
      const last = parts[parts.length - 1];
      if (last && last.marked === marked) last.text += current;
      else parts.push({ text: current, marked });
    }
    current = '';
  };
  for (const ch of snippet) {
    if (ch === MARK_START) {
      flush();
      marked = true;
    } else if (ch === MARK_END) {
      flush();
      marked = false;
    } else {
      current += ch;
    }
  }
  flush();
  return parts;
}
