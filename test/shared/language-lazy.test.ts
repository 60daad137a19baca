import { afterEach, describe, expect, it, vi } from 'vitest';

const OriginalDisplayNames = Intl.DisplayNames;
// Intl's typing marks it read-only; the test swaps in a counting subclass and puts the original back.
const intl = Intl as { DisplayNames: typeof Intl.DisplayNames };
afterEach(() => {
  intl.DisplayNames = OriginalDisplayNames;
});

describe('language names', () => {
  it('are loaded on first use, not when the module is imported (a CLI command that names no language skips them)', async () => {
    let made = 0;
    intl.DisplayNames = class extends OriginalDisplayNames {
      constructor(...args: ConstructorParameters<typeof Intl.DisplayNames>) {
        super(...args);
        made += 1;
      }
    };
    vi.resetModules();
    const { canonicalLanguage } = await import('../../src/shared/language');
    expect(made).toBe(0);
    expect(canonicalLanguage('Portuguese (Brazil)')).toBe('pt-BR');
    expect(made).toBeGreaterThan(0);
  });
});
