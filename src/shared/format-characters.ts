/**
 * Invisible format characters in platform text, decided here for every place that shows,
 * exports or matches it. Platforms relay whatever their users typed, and some of it is made to
 * mislead: a right-to-left override (U+202E) turns "invoice‮gnp.exe" into what reads as
 * "invoiceexe.png", and an unclosed one reverses everything after it on the line.
 *
 * - Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) act on text beyond
 *   themselves. Wherever a person reads, each is shown as a visible mark (⟨RLO⟩), never obeyed.
 * - The direction marks (U+200E, U+200F, U+061C) are kept: right-to-left writers need them and
 *   they act only on their neighbours. A field that holds right-to-left text or a mark is
 *   wrapped in an isolate (FSI…PDI) where Gleaner sets it inside a line of its own words, so
 *   neither can move the words around it.
 * - Invisible padding (zero-width space U+200B, word joiner U+2060, U+FEFF, U+180E, the
 *   invisible operators U+2061–U+2064, the deprecated U+206A–U+206F) carries no meaning for a
 *   reader and is dropped from text made for people.
 * - The joiners U+200C and U+200D are kept everywhere: Persian and Indic words and emoji
 *   sequences are spelled with them.
 *
 * Data keeps its characters: the stored answer, the JSON exports and the bundle's JSON are never
 * changed. Matching (search, and the links and values people type) ignores the padding and the
 * soft hyphen, so a word split by a zero-width space is still found.
 */

const CONTROL_NAMES: Readonly<Record<string, string>> = {
  '\u202a': 'LRE',
  '\u202b': 'RLE',
  '\u202c': 'PDF',
  '\u202d': 'LRO',
  '\u202e': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
};

/** The embeddings, overrides and isolates: characters that reorder text beyond themselves. */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** Invisible characters with no meaning for a reader. */
const INVISIBLE_PADDING = /[\u180e\u200b\u2060-\u2064\u206a-\u206f\ufeff]/g;

/** What matching ignores: the padding people cannot see or type, and the soft hyphen. */
export const MATCH_IGNORED_CHARACTERS: readonly string[] = ['\u00ad', '\u200b', '\u2060', '\ufeff'];
const MATCH_IGNORED = /[\u00ad\u200b\u2060\ufeff]/g;

/** A strong right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko … and their presentation forms) or a direction mark. */
const NEEDS_ISOLATION = /[\u0590-\u08ff\u200e\u200f\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** The visible mark a reordering control is shown as: ⟨RLO⟩ for U+202E. */
export const bidiControlMark = (character: string): string => `⟨${CONTROL_NAMES[character] ?? 'BIDI'}⟩`;

/** Whether the text holds a character that reorders text beyond itself. */
export const hasBidiControls = (text: string): boolean => /[\u202a-\u202e\u2066-\u2069]/.test(text);

/** Each embedding, override and isolate shown as its mark; everything else as given (data-tool tables). */
export const showBidiControls = (text: string): string => (hasBidiControls(text) ? text.replace(BIDI_CONTROLS, bidiControlMark) : text);

/** Text for a person: reordering controls shown as marks, invisible padding dropped, joiners and direction marks kept. */
export const forReaders = (text: string): string => showBidiControls(text.replace(INVISIBLE_PADDING, ''));

/**
 * A field set inside a line of Gleaner's own words ("Author: …", a citation), wrapped in a
 * first-strong isolate when it holds right-to-left text or a direction mark, so the line around
 * it keeps its order. Give it text that went through `forReaders` (no unclosed control left).
 */
export const isolated = (text: string): string =>
  NEEDS_ISOLATION.test(text) ? `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}` : text;

/** A field of platform text for a line of Gleaner's words: `forReaders`, then `isolated`. */
export const readerField = (text: string): string => isolated(forReaders(text));

/** Text as matching compares it: the padding and soft hyphens removed (never stored so). */
export const forMatching = (text: string): string => text.replace(MATCH_IGNORED, '');
