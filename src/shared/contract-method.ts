/** The building blocks of the bridge contract's method entries (contract.ts, and the areas it spreads in). */
import type { z } from './zod';

/** A phantom marker carrying the output type of a method (no runtime cost). */
export const returns = <T>(): T => undefined as T;

/**
 * Schemas are built the first time they are asked for, not at import: building all of them costs
 * some 20 ms, and a command (a `gleaner search`) uses one or two (issue 28.19). `once` memoises a
 * building block; `method` makes a method's `input` a getter that builds its schema on first read.
 * A new method is one entry: `'area.verb': method(() => z.object({ … }).strict(), returns<Output>())`.
 */
export function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

export function method<S extends z.ZodType, O>(buildInput: () => S, output: O): { readonly input: S; output: O } {
  const input = once(buildInput);
  return {
    get input() {
      return input();
    },
    output,
  };
}
