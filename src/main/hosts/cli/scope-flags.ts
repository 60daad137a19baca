import { GleanerError } from '../../../shared/errors';
import type { ExportScope } from '../../../shared/export';
import { parsePositiveInteger } from './arguments';

/** The flags that say which items a command works on (`export`, `bundle create`). */
export interface ScopeFlags {
  collection?: string;
  query?: string;
  all?: boolean;
  item?: string;
}

/**
 * Exactly one of the scope flags, as a scope; `words` are the command's own sentences for none
 * or several given, and for an empty --query.
 */
export function scopeFromFlags(flags: ScopeFlags, words: { exactlyOne: string; emptyQuery: string }): ExportScope {
  const given = [flags.collection !== undefined, flags.query !== undefined, Boolean(flags.all), flags.item !== undefined].filter(
    Boolean,
  ).length;
  if (given !== 1) throw new GleanerError('INVALID_INPUT', words.exactlyOne);
  if (flags.collection !== undefined) return { kind: 'collection', name: flags.collection };
  if (flags.query !== undefined) {
    if (flags.query.trim() === '') throw new GleanerError('INVALID_INPUT', words.emptyQuery);
    return { kind: 'search', search: { query: flags.query } };
  }
  if (flags.item !== undefined)
    return { kind: 'item', id: parsePositiveInteger(flags.item.replace(/^#/, ''), '--item', Number.MAX_SAFE_INTEGER) };
  return { kind: 'all' };
}
