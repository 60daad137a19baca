/**
 * Deterministic randomness for the demo data. Everything the demo answers is a pure function
 * of the seed and the request, so a hash of the inputs seeds a small PRNG per item.
 */

/** A 32-bit hash of some text: FNV-1a, then a final mix so nearby inputs spread out. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of several parts; the separator keeps ("ab","c") apart from ("a","bc"). */
export const hashOf = (...parts: readonly (string | number)[]): number => hash32(parts.join('\u001f'));

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` characters drawn from `alphabet`. */
  chars(alphabet: string, count: number): string;
  /** An integer skewed towards small values: most items are modest, a few are huge. */
  skewed(max: number, power?: number): number;
}

export const DIGITS = '0123456789';
export const HEX = '0123456789abcdef';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A PRNG seeded from the parts (a 32-bit xorshift-multiply generator; ample for sample data). */
export function createRandom(...parts: readonly (string | number)[]): Random {
  let state = hashOf(...parts) || 0x9e3779b9;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chars(alphabet, count) {
      let out = '';
      for (let i = 0; i < count; i++) out += alphabet.charAt(Math.floor(next() * alphabet.length));
      return out;
    },
    skewed: (max, power = 3) => Math.floor(max * next() ** power),
  };
}

/** A numeric string of `count` digits without a leading zero (ids of several platforms). */
export function numericId(random: Random, count: number): string {
  return String(random.int(1, 9)) + random.chars(DIGITS, count - 1);
}
