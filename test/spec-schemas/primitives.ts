/**
 * Building blocks of the spec schemas, each from a phrase of
 * shared/spec/retrieval-service-interface.md. Objects allow extra fields: the service relays
 * platform data unchanged, so only what the spec lists is checked.
 */
import { z } from 'zod';

export const str = z.string();
export const int = z.int();
/** "absolute watch URL", "image URL": an absolute http(s) URL. */
export const httpUrl = z.string().refine((s) => /^https?:\/\//i.test(s) && URL.canParse(s), 'an absolute http(s) URL');
/** `m:ss` style (hours allowed in front for long videos). */
export const mss = z.string().regex(/^(\d+:)?\d{1,2}:\d{2}$/, 'm:ss');
/** `HH:MM:SS`. */
export const hhmmss = z.string().regex(/^\d{2,}:[0-5]\d:[0-5]\d$/, 'HH:MM:SS');
/** "milliseconds, carried as text". */
export const msText = z.string().regex(/^\d+$/, 'milliseconds as a string of digits');
/** "ISO 8601 timestamp with UTC offset". */
export const isoWithOffset = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, 'ISO 8601 with offset');
/** "ISO 8601 with milliseconds and offset". */
export const isoWithMillisAndOffset = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/, 'ISO 8601 with milliseconds and offset');
/** "string timestamp": any date text a parser understands. */
export const timestamp = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'a timestamp');
/** "hex colour #rrggbb". */
export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, '#rrggbb');
/** "language name in words", e.g. English, not a code. */
export const languageInWords = z.string().regex(/^\p{Lu}[\p{L} ()-]+$/u, 'a language name in words');
export const urlList = z.array(z.string());

/**
 * A listing's next-page value. The spec shows it as a string (or integer) but does not show the
 * end of a listing; null there is accepted, and absence too.
 */
export const nextValue = <T extends z.ZodType>(value: T) => value.nullable().optional();

/** The item must not carry these keys (spec: "items without a channel object"); loose, so extra keys reach the check. */
export const withoutKeys = <T extends z.ZodObject>(schema: T, keys: readonly string[], why: string) =>
  schema.loose().refine((item) => keys.every((key) => !(key in (item as Record<string, unknown>))), why);
