/**
 * What the search box sends. The library's query syntax (src/shared/search-query.ts) matches
 * whole words; while the user is still typing a word, the word is searched as a prefix so
 * results follow the keystrokes ("flo" already finds "flood").
 */
import { parseSearchQuery } from './search-query';

export type TypedQuery = { ok: true; query: string } | { ok: false; message: string };

const OPERATORS = new Set(['AND', 'OR', 'NOT']);
/** The shortest word searched as a prefix while it is typed. */
const MIN_PREFIX_LETTERS = 2;

/** The query to send for what is in the box, or the reason it cannot be searched yet. */
export function queryForTyped(typed: string): TypedQuery {
  const trimmed = typed.trim();
  if (!trimmed) return { ok: true, query: '' };
  const parsed = parseSearchQuery(trimmed);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const withPrefix = asPrefixQuery(typed);
  if (withPrefix !== trimmed && parseSearchQuery(withPrefix).ok) return { ok: true, query: withPrefix };
  return { ok: true, query: trimmed };
}

/**
 * Adds a `*` to the last word when the user is still typing it: the text does not end in a
 * space, a quote or a bracket, the word is not an operator, and it is not inside a phrase.
 * A single letter stays a word of its own: as a prefix it would match a large share of the
 * library (every word starting with it) and rank all of that on every first keystroke.
 */
export function asPrefixQuery(typed: string): string {
  const trimmedStart = typed.replace(/^\s+/, '');
  if (!trimmedStart || /\s$/.test(typed)) return typed.trim();
  if (!/[\p{L}\p{N}]$/u.test(trimmedStart)) return trimmedStart;
  if ((trimmedStart.match(/"/g) ?? []).length % 2 === 1) return trimmedStart;
  const lastWord = /[^\s"()]+$/.exec(trimmedStart)?.[0] ?? '';
  if ([...lastWord].length < MIN_PREFIX_LETTERS || OPERATORS.has(lastWord) || lastWord.endsWith('*')) return trimmedStart;
  return `${trimmedStart}*`;
}
