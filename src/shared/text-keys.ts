/**
 * Maps keyed by text that users type or platforms send (tags, names, parameters). A plain `{}`
 * already answers to `constructor`, `toString` and `__proto__`, and assigning `__proto__` to it
 * changes its prototype instead of storing a key; these helpers keep such text as plain data.
 */
import { z } from './zod';

/** An empty object with no prototype, so every key is the caller's own. */
export const emptyTextKeyed = <V>(): Record<string, V> => Object.create(null) as Record<string, V>;

/** Builds a prototype-free record from entries (a `__proto__` key is stored like any other). */
export function textKeyedFromEntries<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  const out = emptyTextKeyed<V>();
  for (const [key, value] of entries) out[key] = value;
  return out;
}

/** Whether `key` is the record's own key, not something its prototype lends it. */
export const hasOwnKey = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/**
 * A record schema for text keys. zod's own `z.record` silently drops a `__proto__` key, so this
 * one checks the entries and rebuilds them into a prototype-free record.
 */
export function textKeyedRecord<V extends z.ZodType>(key: z.ZodType<string>, value: V) {
  return z.preprocess(
    (input) => (typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.entries(input) : input),
    z
      .array(z.tuple([key, value]), { error: 'Expected an object' })
      .transform((entries) => textKeyedFromEntries(entries as [string, z.output<V>][])),
  );
}
