import { describe, expect, it, vi } from 'vitest';
import type * as ZodEntry from '../../src/shared/zod';

/** How many object schemas the contract has built: zod's `object`, counted on the `z` every schema uses. */
const built = vi.hoisted(() => ({ objects: 0 }));

vi.mock('../../src/shared/zod', async (importOriginal) => {
  const { z } = await importOriginal<typeof ZodEntry>();
  const object: typeof z.object = (...args) => {
    built.objects += 1;
    return z.object(...args);
  };
  return { z: { ...z, object } };
});

describe('the contract builds its schemas lazily', () => {
  it('builds a method’s input schema when it is first read, once, and not the others’ at import (a CLI command uses one)', async () => {
    const { methods } = await import('../../src/shared/contract');
    const atImport = built.objects;
    expect(atImport).toBeLessThan(Object.keys(methods).length);
    const schema = methods['collections.create'].input;
    expect(built.objects).toBe(atImport + 1);
    expect(methods['collections.create'].input).toBe(schema);
    expect(built.objects).toBe(atImport + 1);
    expect(schema.parse({ name: ' Harbour ' })).toEqual({ name: 'Harbour' });
    expect(schema.safeParse({ name: 'Harbour', extra: 1 }).success).toBe(false);
  });
});
