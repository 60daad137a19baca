/**
 * A word diff for showing what an edit changed: the longest common subsequence of words (and the
 * spaces between them), so the words kept read as plain text and only those removed or added are
 * marked. Pure, no DOM: the view renders the parts as text.
 */

export type DiffKind = 'same' | 'removed' | 'added';

export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/**
 * Past this many cells in the LCS table (the changed middle's words before × after), the middle is
 * shown as one removal and one addition: a few megabytes at most, and a long rewrite marked whole
 * says as much as a word-by-word one.
 */
export const MAX_DIFF_CELLS = 1_000_000;

/** Words and the whitespace between them, in order, so joining the tokens gives the text back. */
export function wordTokens(text: string): string[] {
  return text.split(/(\s+)/).filter((token) => token !== '');
}

/** The parts of `before` and `after` in reading order: removed words just before the words that replaced them. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = wordTokens(before);
  const b = wordTokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  if (middleA.length * middleB.length > MAX_DIFF_CELLS) {
    push(parts, 'removed', middleA);
    push(parts, 'added', middleB);
  } else {
    for (const part of diffMiddle(middleA, middleB)) push(parts, part.kind, [part.text]);
  }
  push(parts, 'same', a.slice(endA));
  return parts;
}

/** The text as it was (kept and removed parts) or as it is (kept and added parts). */
export function sideOf(parts: readonly DiffPart[], side: 'before' | 'after'): DiffPart[] {
  const dropped: DiffKind = side === 'before' ? 'added' : 'removed';
  return parts.filter((part) => part.kind !== dropped);
}

/** Whether anything other than whitespace changed. */
export const hasWordChanges = (parts: readonly DiffPart[]): boolean =>
  parts.some((part) => part.kind !== 'same' && part.text.trim() !== '');

function diffMiddle(a: readonly string[], b: readonly string[]): DiffPart[] {
  const width = b.length + 1;
  // lengths[i * width + j]: the LCS length of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      parts.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      parts.push({ kind: 'removed', text: a[i]! });
      i++;
    } else {
      parts.push({ kind: 'added', text: b[j]! });
      j++;
    }
  }
  while (i < a.length) parts.push({ kind: 'removed', text: a[i++]! });
  while (j < b.length) parts.push({ kind: 'added', text: b[j++]! });
  return parts;
}

/** Appends tokens as one part, merged with the last part when it is of the same kind. */
function push(parts: DiffPart[], kind: DiffKind, tokens: readonly string[]): void {
  if (tokens.length === 0) return;
  const text = tokens.join('');
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}
