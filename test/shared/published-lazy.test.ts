import { afterEach, describe, expect, it, vi } from 'vitest';

const OriginalDateTimeFormat = Intl.DateTimeFormat;
// Intl's typing marks it read-only; the test swaps in a counting subclass and puts the original back.
const intl = Intl as { DateTimeFormat: typeof Intl.DateTimeFormat };
afterEach(() => {
  intl.DateTimeFormat = OriginalDateTimeFormat;
});

describe('published date formats', () => {
  it('are made on first use, not when the module is imported (a CLI search that shows no date skips them)', async () => {
    let made = 0;
    intl.DateTimeFormat = class extends OriginalDateTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.DateTimeFormat;
    vi.resetModules();
    const { formatPublished } = await import('../../src/shared/published');
    expect(made).toBe(0);
    expect(formatPublished({ publishedAt: '2024-03-12T10:00:00Z', publishedText: null })).toBe('12 Mar 2024');
    expect(formatPublished({ publishedAt: '2025-11-27T00:00:00Z', publishedText: '1 year ago', publishedApproximate: true })).toBe(
      '≈ Nov 2025',
    );
    expect(made).toBe(2);
  });
});
