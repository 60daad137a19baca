/**
 * Control characters in text that users type or platforms send. These patterns exist to
 * find control characters, so the lint rule against them in regular expressions is off here.
 */
/* eslint-disable no-control-regex */

import { BIDI_CONTROLS, showBidiControls } from './format-characters';

/** True for text containing line breaks, tabs or other control characters. */
export const hasControlCharacters = (text: string): boolean => /[\u0000-\u001f\u007f]/.test(text);

/** Line breaks normalised to \n; other control characters removed (tabs become spaces). */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');
}

/** Text on one line, trimmed (headings, list items, file headers, citations). */
export const oneLine = (text: string): string =>
  cleanText(text)
    .replace(/\s*\n\s*/g, ' ')
    .trim();

/** Collapses control characters (line breaks included) into single spaces, for one-line display. */
export const toOneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

/**
 * Characters a terminal acts on: C0 and C1 controls (escape sequences) except line breaks and
 * tabs, and the bidirectional overrides and isolates, which reorder what is shown ("invoice",
 * U+202E, "gnp.exe" reads as "invoiceexe.png").
 */
const ESCAPE_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const TERMINAL_CONTROLS = new RegExp(`${ESCAPE_CONTROLS.source}|${BIDI_CONTROLS.source}`, 'g');

/**
 * Text a terminal cannot act on: escape and other control characters dropped (line breaks and
 * tabs kept), and each reordering control shown as its mark (⟨RLO⟩), as every export shows it.
 */
export const stripTerminalControls = (text: string): string => showBidiControls(text.replace(ESCAPE_CONTROLS, ''));

/**
 * The same characters in JSON text, written as `\uXXXX` escapes instead of dropped, so the data
 * stays whole. Only valid for JSON: they can occur only inside its strings.
 */
export const escapeTerminalControlsInJson = (json: string): string =>
  json.replace(TERMINAL_CONTROLS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A surrogate code unit without its partner: JavaScript strings may hold one, UTF-8 cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * String.prototype.isWellFormed (ES2024: Node 20, Chromium 111) answers natively, several times
 * faster than a regular expression, and ingest asks it of every string of every record. The ES2023
 * lib these files compile against does not declare it; an engine without it gets the pattern.
 */
const nativeIsWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;
const isWellFormed: (text: string) => boolean =
  typeof nativeIsWellFormed === 'function' ? (text) => nativeIsWellFormed.call(text) : (text) => !/[\uD800-\uDFFF]/.test(text);

/**
 * Replaces each lone surrogate with U+FFFD, as a UTF-8 encoder must. Stored as is, SQLite would
 * keep bytes that are not UTF-8 and read each back as three replacement characters.
 */
export const wellFormed = (text: string): string => (isWellFormed(text) ? text : text.replace(LONE_SURROGATE, '\uFFFD'));

/** The same for every string inside plain data (objects and arrays), in place. */
export function makeWellFormed<T>(value: T): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const entry: unknown = value[i];
      // Strings are checked here rather than in a call per value: a response has thousands.
      if (typeof entry === 'string') {
        if (!isWellFormed(entry)) value[i] = wellFormed(entry);
      } else if (entry !== null && typeof entry === 'object') makeWellFormed(entry);
    }
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // for…in allocates no array of keys as Object.keys does; plain data has no inherited keys.
    for (const key in record) {
      const entry = record[key];
      if (typeof entry === 'string') {
        if (!isWellFormed(entry)) record[key] = wellFormed(entry);
      } else if (entry !== null && typeof entry === 'object') makeWellFormed(entry);
    }
  }
  return value;
}
