/** What every operation's answer is built from, and the helpers the platforms share. */
import type { OperationId, OperationSpec } from '../../../shared/catalogue';
import { badRequest } from '../errors';
import type { DemoParams } from '../params';
import { createRandom, hashOf } from '../random';

export interface ResponseContext {
  seed: string;
  op: OperationSpec;
  params: DemoParams;
  /** Builds a value once per service (sample pools), then reuses it. */
  memo<T>(key: string, build: () => T): T;
  /** How many times this key was counted before (0 on the first call), counting this call. */
  nextCall(key: string): number;
}

export type OperationHandler = (ctx: ResponseContext) => Record<string, unknown>;

/** One handler for each of a platform's operations; the compiler checks none is missing. */
export type PlatformHandlers<P extends string> = { [K in Extract<OperationId, `${P}/${string}`>]: OperationHandler };

/** A deterministic shuffle (Fisher–Yates driven by the seeded PRNG). */
export function shuffled<T>(items: readonly T[], ...key: readonly (string | number)[]): T[] {
  const out = [...items];
  const random = createRandom(...key);
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** Lower case without accents, for matching a query against sample text. */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * A search's results with those mentioning the query first, as a search ranked by relevance
 * would list them (the sample pools are fixed, so most queries match few or none). An item
 * matches when its text holds any of the query's words (accents and case ignored); within each
 * group the order is kept.
 */
export function matchesFirst<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const words = folded(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1);
  if (words.length === 0) return [...items];
  const matching: T[] = [];
  const rest: T[] = [];
  for (const item of items) {
    const text = folded(textOf(item));
    (words.some((word) => text.includes(word)) ? matching : rest).push(item);
  }
  return [...matching, ...rest];
}

/** Number of pages a listing has: 3 to 5, fixed by what is listed. */
export const pageCountFor = (...key: readonly (string | number)[]): number => 3 + (hashOf(...key) % 3);

/**
 * Page markers: opaque to clients, but carrying what they continue and a check value, so a
 * marker that this service did not issue is refused with 400 instead of being guessed at.
 */
export function encodePageToken(seed: string, scope: string, key: string, page: number): string {
  const check = hashOf(seed, scope, key, page).toString(36);
  return Buffer.from(JSON.stringify([scope, page, key, check]), 'utf8').toString('base64url');
}

export function decodePageToken(seed: string, scope: string, token: string, param: string): { key: string; page: number } {
  const refuse = () => badRequest(`Parameter ${param} is not a value this service issued; take it from the previous response.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw refuse();
  const [tokenScope, page, key, check] = parsed as unknown[];
  if (tokenScope !== scope || typeof page !== 'number' || !Number.isInteger(page) || page < 0 || typeof key !== 'string') throw refuse();
  if (check !== hashOf(seed, scope, key, page).toString(36)) throw refuse();
  return { key, page };
}

/** A copy without the given keys: the trim flag's reduced response. */
export function without<T extends Record<string, unknown>>(value: T, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) if (!keys.includes(name)) out[name] = field;
  return out;
}

/** A stable key for a pasted URL: parsed and re-serialised, so trivial differences do not matter. */
export function urlKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The string parts of a listing key made with JSON.stringify([...]); empty strings for anything else. */
export function keyParts(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) ? parsed.map((part) => (typeof part === 'string' || typeof part === 'number' ? String(part) : '')) : [];
  } catch {
    return [];
  }
}
