/**
 * Input quoted back in an error message is cut short: a pasted document or a runaway argument
 * would otherwise fill the terminal or the banner, and the start is enough to recognise it.
 */

/** The most characters of the input an error message quotes. */
export const MAX_QUOTED_INPUT = 200;

/** The text as a message shows it: whole up to MAX_QUOTED_INPUT characters, else cut there with an ellipsis. */
export function shortenInput(text: string, max = MAX_QUOTED_INPUT): string {
  if (text.length <= max) return text;
  // Never keep half of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/** The input in double quotes (JSON string syntax, so hidden characters show), at most MAX_QUOTED_INPUT characters of it. */
export const quoteInput = (value: unknown): string => JSON.stringify(shortenInput(String(value)));
