/**
 * Defensive readers of upstream JSON shared by the platform normalisers. Upstream records are
 * relayed unchanged from nine platforms, may be trimmed, and may carry fields the spec does not
 * show, so every reader takes `unknown` and answers null rather than guessing or throwing.
 *
 * - Text is kept exactly as given (no trimming, no escaping, hostile content is data); only
 *   empty or whitespace-only strings count as absent.
 * - Counts are non-negative safe integers, given as numbers or as strings of digits; anything
 *   else (floats, "1.2K", negative sentinels such as -1) is null.
 */
export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own property of an object (never an inherited one such as `constructor`). */
export function prop(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Follows keys and indexes; undefined as soon as a step is missing. */
export function at(value: unknown, ...path: readonly (string | number)[]): unknown {
  let current: unknown = value;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[step] as unknown;
    } else {
      current = prop(current, step);
    }
    if (current === undefined) return undefined;
  }
  return current;
}

export function has(value: unknown, key: string): boolean {
  return isRecord(value) && Object.hasOwn(value, key);
}

/** A string with visible content, exactly as given; null otherwise. */
export function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // A visible ASCII first character settles it without trimming a copy of the text.
  const first = value.charCodeAt(0);
  if (first > 0x20 && first < 0x7f) return value;
  return value.trim() !== '' ? value : null;
}

/** A handle without its leading "@" (people type `@name`; records mostly say `name`); null stays null. */
export function withoutAt(handle: string | null): string | null {
  return text(handle?.replace(/^@+/, ''));
}

/** The first of several candidates that is a string with visible content. */
export function firstText(...values: readonly unknown[]): string | null {
  for (const value of values) {
    const found = text(value);
    if (found !== null) return found;
  }
  return null;
}

/** An identifier: a non-blank string as given, or a non-negative integer written in decimal. */
export function idText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  return text(value);
}

const DIGITS = /^\d{1,16}$/;

/** A count: a non-negative safe integer, or a string of digits holding one. */
export function count(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value || 0 : null;
  if (typeof value === 'string' && DIGITS.test(value)) {
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : null;
  }
  return null;
}

/** The first candidate that reads as a count. */
export function firstCount(...values: readonly unknown[]): number | null {
  for (const value of values) {
    const found = count(value);
    if (found !== null) return found;
  }
  return null;
}

const DECIMAL = /^\d{1,16}(?:\.\d{1,9})?$/;

/** A non-negative finite number, or a decimal string holding one. */
export function decimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value || 0 : null;
  if (typeof value === 'string' && DECIMAL.test(value)) return Number(value);
  return null;
}

export function isTruthyFlag(value: unknown): boolean {
  return typeof value === 'string' && /^(?:true|1|yes|on)$/i.test(value.trim());
}

export function errorText(error: unknown): string {
  try {
    if (error instanceof Error) return error.message;
    return String(error);
  } catch {
    return 'unknown error';
  }
}
