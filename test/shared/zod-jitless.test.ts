import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

describe('zod runs jitless', () => {
  // The served page's CSP forbids eval: zod's probe (`new Function("")`) and its compiled
  // parsers would each show up as a CSP violation report, even where the throw is caught.
  it('builds and runs the contract schemas without ever calling Function', async () => {
    const built: unknown[][] = [];
    const RealFunction = Function;
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        construct: (target, args: unknown[]) => (built.push(args), Reflect.construct(target, args) as object),
        apply: (target, self, args: unknown[]) => (built.push(args), Reflect.apply(target, self, args) as unknown),
      }),
    );
    const { methods } = await import('../../src/shared/contract');
    for (let run = 0; run < 3; run += 1) {
      expect(methods['collections.create'].input.parse({ name: 'Harbour' })).toEqual({ name: 'Harbour' });
      expect(methods['items.tag'].input.safeParse({ itemIds: [1], tag: 'x', extra: 1 }).success).toBe(false);
    }
    expect(built).toEqual([]);
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
