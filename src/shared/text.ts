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
