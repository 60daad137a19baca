import { describe, expect, it, vi } from 'vitest';
import type * as ZodEntry from '../../../src/shared/zod';

/** How many schemas have been built: zod's `object`, `union` and `string`, counted on the `z` every schema uses. */
const built = vi.hoisted(() => ({ schemas: 0 }));

vi.mock('../../../src/shared/zod', async (importOriginal) => {
  const { z } = await importOriginal<typeof ZodEntry>();
  const counted = <F extends (...args: never[]) => unknown>(build: F): F =>
    ((...args: Parameters<F>) => {
      built.schemas += 1;
      return build(...args);
    }) as F;
  return { z: { ...z, object: counted(z.object), union: counted(z.union), string: counted(z.string) } };
});

describe('the core builds its schemas on first use', () => {
  it('builds none when it is loaded (a `gleaner search` reads no service answer and pulls no watch)', async () => {
    // The contract builds the search request's schema as it loads: the search command needs it anyway.
    await import('../../../src/shared/contract');
    const byTheContract = built.schemas;
    await import('../../../src/main/core/index');
    expect(built.schemas).toBe(byTheContract);
  });
});
