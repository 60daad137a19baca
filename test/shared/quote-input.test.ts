import { describe, expect, it } from 'vitest';
import { MAX_QUOTED_INPUT, quoteInput, shortenInput } from '../../src/shared/quote-input';

describe('quoteInput', () => {
  it('quotes short input whole', () => {
    expect(quoteInput('harbour')).toBe('"harbour"');
    expect(quoteInput('x'.repeat(MAX_QUOTED_INPUT))).toBe(`"${'x'.repeat(MAX_QUOTED_INPUT)}"`);
  });

  it('cuts long input at 200 characters with an ellipsis', () => {
    expect(quoteInput('x'.repeat(5000))).toBe(`"${'x'.repeat(200)}…"`);
  });

  it('never splits a surrogate pair', () => {
    const cut = shortenInput(`${'x'.repeat(199)}😀${'y'.repeat(10)}`);
    expect(cut).toBe(`${'x'.repeat(199)}…`);
    expect(cut).not.toMatch(/[\uD800-\uDBFF]…$/);
  });
});
