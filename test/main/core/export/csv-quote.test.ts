import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CELLS_OPTIONS, quoteCell } from '../../../../src/main/core/export/formats/csv';

/** What csv-stringify writes for one text cell under the CSV format's options. */
const byLibrary = (value: string): string => stringify([[value]], CELLS_OPTIONS);

// Text weighted towards the characters that decide quoting, mixed with any other.
const cellText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(',', '"', '\r', '\n', '\r\n', ' ', "'", '=', ';', '\t', '\u2028', 'é', '🙂'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }),
  ),
  maxLength: 40,
});

describe('quoteCell', () => {
  it('writes every cell as csv-stringify does', () => {
    fc.assert(
      fc.property(cellText, (value) => {
        expect(quoteCell(value)).toBe(byLibrary(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('quotes only what needs it, doubling quotes', () => {
    expect(quoteCell('plain words')).toBe('plain words');
    expect(quoteCell('')).toBe('');
    expect(quoteCell('a, b')).toBe('"a, b"');
    expect(quoteCell('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCell('one\ntwo')).toBe('"one\ntwo"');
    expect(quoteCell('one\rtwo')).toBe('"one\rtwo"');
  });

  it('quotes a semicolon or a tab, where a spreadsheet may split a cell as well', () => {
    for (const value of ['a;=1+1', 'a\t=1+1']) {
      expect(quoteCell(value)).toBe(`"${value}"`);
      expect(byLibrary(value)).toBe(`"${value}"`);
    }
  });
});
