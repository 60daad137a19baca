/**
 * JSON from a bundle, read with its nesting bounded. The raw text is walked once, without
 * recursion, before anything parses it: a text nested deeper than the cap is refused there, so
 * nothing that later walks the parsed value (a schema, a canonical hash) can run out of stack.
 * A list is parsed one element at a time, so a large items.json never stands in memory as one
 * parsed tree.
 */

export class JsonTextError extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** Where the string that opens at `at` (a quote) ends: the index after its closing quote. */
function stringEnd(bytes: Buffer, at: number): number {
  let from = at + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote === -1) throw new JsonTextError('a string is not closed');
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * Walks the text's structure, and throws when nesting passes `maxDepth` or brackets do not pair.
 * With `onElement`, the text must be one list, and each of its elements is handed over as the
 * stretch of bytes (start, end) it stands in.
 */
function walk(bytes: Buffer, maxDepth: number, onElement?: (start: number, end: number) => void): void {
  const closers: number[] = [];
  const list = onElement !== undefined;
  let state: 'before' | 'inside' | 'after' = 'before';
  let elementStart = -1;
  let sawComma = false;
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (list && closers.length === 0 && !isSpace(byte) && (state === 'after' || byte !== OPEN_ARRAY))
      throw new JsonTextError(state === 'after' ? 'something follows the list' : 'it is not a list');
    if (byte === QUOTE) {
      i = stringEnd(bytes, i);
      continue;
    }
    if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (closers.length >= maxDepth) throw new JsonTextError(`it nests deeper than ${maxDepth} levels`);
      closers.push(byte === OPEN_ARRAY ? CLOSE_ARRAY : CLOSE_OBJECT);
      if (list && closers.length === 1) {
        state = 'inside';
        elementStart = i + 1;
      }
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      if (closers.pop() !== byte) throw new JsonTextError('its brackets do not pair');
      if (list && closers.length === 0) {
        // "[]" has no element; the empty one of "[1,]" is handed on, and refused as not JSON.
        if (sawComma || !bytes.subarray(elementStart, i).every(isSpace)) onElement(elementStart, i);
        state = 'after';
      }
    } else if (byte === COMMA && list && closers.length === 1) {
      onElement(elementStart, i);
      elementStart = i + 1;
      sawComma = true;
    }
    i += 1;
  }
  if (closers.length > 0) throw new JsonTextError('it ends before its brackets close');
  if (list && state === 'before') throw new JsonTextError('it is not a list');
}

/** Why the text is not JSON nested within `maxDepth`, or null. */
export function jsonDepthProblem(bytes: Buffer, maxDepth: number): string | null {
  try {
    walk(bytes, maxDepth);
    return null;
  } catch (error) {
    if (error instanceof JsonTextError) return error.message;
    throw error;
  }
}

/** The parsed value; throws JsonTextError for a text nested too deep or that is not JSON. */
export function parseJson(bytes: Buffer, maxDepth: number): unknown {
  walk(bytes, maxDepth);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new JsonTextError('it is not JSON');
  }
}

/** Each element of a top-level JSON list, parsed on its own, with its index; throws JsonTextError as parseJson does. */
export function forEachJsonElement(bytes: Buffer, maxDepth: number, onValue: (value: unknown, index: number) => void): void {
  let index = 0;
  walk(bytes, maxDepth, (start, end) => {
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8', start, end)) as unknown;
    } catch {
      throw new JsonTextError(`element number ${index + 1} is not JSON`);
    }
    onValue(value, index);
    index += 1;
  });
}
