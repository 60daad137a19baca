/**
 * Control characters in text that users type or platforms send. These patterns exist to
 * find control characters, so the lint rule against them in regular expressions is off here.
 */
/* eslint-disable no-control-regex */

/** True for text containing line breaks, tabs or other control characters. */
export const hasControlCharacters = (text: string): boolean => /[\u0000-\u001f\u007f]/.test(text);

/** Collapses control characters (line breaks included) into single spaces, for one-line display. */
export const toOneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

/** Drops characters a terminal would act on (escape sequences), keeping line breaks and tabs. */
export const stripTerminalControls = (text: string): string => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');

/** A surrogate code unit without its partner: JavaScript strings may hold one, UTF-8 cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Replaces each lone surrogate with U+FFFD, as a UTF-8 encoder must. Stored as is, SQLite would
 * keep bytes that are not UTF-8 and read each back as three replacement characters.
 */
export const wellFormed = (text: string): string => (/[\uD800-\uDFFF]/.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text);

/** The same for every string inside plain data (objects and arrays), in place. */
export function makeWellFormed<T>(value: T): T {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = makeWellFormed(value[i]);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = makeWellFormed(record[key]);
  } else if (typeof value === 'string') {
    return wellFormed(value) as T;
  }
  return value;
}
