/**
 * What the search box sends. The library's query syntax (src/shared/search-query.ts) matches
 * whole words; while the user is still typing a word, the word is searched as a prefix so
 * results follow the keystrokes ("flo" already finds "flood").
 */
import { parseSearchQuery } from './search-query';

/** `waiting`: nothing to search yet (one letter typed); the shown results stay, and it is not a mistake. */
export type TypedQuery = { ok: true; query: string } | { ok: false; message: string; waiting?: true };

const OPERATORS = new Set(['AND', 'OR', 'NOT']);
/**
 * The shortest word searched while it is typed. As a prefix, one letter would match a large
 * share of the library (every word starting with it) and rank all of that on each first
 * keystroke; as a word it would mostly match nothing, so the results would blink empty.
 */
const MIN_TYPED_LETTERS = 2;

/** The query to send for what is in the box, or the reason it cannot be searched yet. */
export function queryForTyped(typed: string): TypedQuery {
  const before = beforeSingleLetter(typed);
  if (before !== null) {
    // A word just begun: search what comes before it, or wait for the second letter.
    if (!before.trim()) return { ok: false, message: 'Keep typing: a search starts at two letters.', waiting: true };
    return queryForTyped(before);
  }
  const trimmed = typed.trim();
  if (!trimmed) return { ok: true, query: '' };
  const parsed = parseSearchQuery(trimmed);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const withPrefix = asPrefixQuery(typed);
  if (withPrefix !== trimmed && parseSearchQuery(withPrefix).ok) return { ok: true, query: withPrefix };
  return { ok: true, query: trimmed };
}

/** The word being typed at the end of the text (not after a space, not inside a phrase), if any. */
function wordBeingTyped(typed: string): string | null {
  const trimmedStart = typed.replace(/^\s+/, '');
  if (!trimmedStart || /\s$/.test(typed)) return null;
  if (!/[\p{L}\p{N}]$/u.test(trimmedStart)) return null;
  if ((trimmedStart.match(/"/g) ?? []).length % 2 === 1) return null;
  return trimmedStart.match(/[^\s"()]+$/)?.[0] ?? null;
}

/** The text before a one-letter word being typed at its end; null when the text does not end so. */
function beforeSingleLetter(typed: string): string | null {
  const word = wordBeingTyped(typed);
  if (word === null || [...word].length >= MIN_TYPED_LETTERS) return null;
  return typed.replace(/\s+$/, '').slice(0, -word.length);
}

/**
 * Adds a `*` to the last word when the user is still typing it: the text does not end in a
 * space, a quote or a bracket, the word is not an operator, and it is not inside a phrase.
 */
export function asPrefixQuery(typed: string): string {
  const word = wordBeingTyped(typed);
  const trimmedStart = typed.replace(/^\s+/, '');
  if (!trimmedStart || /\s$/.test(typed)) return typed.trim();
  if (!word || OPERATORS.has(word) || word.endsWith('*')) return trimmedStart;
  return `${trimmedStart}*`;
}
