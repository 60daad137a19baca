/**
 * The search query parser over arbitrary text: it answers a parse or a message, never throws,
 * and what it writes is always a valid FTS5 query: the library's own FTS5 tables (built by the
 * real migrations) accept it, and a word typed on its own finds the row that contains it.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/core/store/database';
import { parseSearchQuery } from '../../../src/shared/search-query';
import { SIZES } from '../sizes';

const db = openDatabase({ path: ':memory:' });
afterAll(() => db.close());
const columns = db.prepare("SELECT name FROM pragma_table_info('items_fts')").pluck().all() as string[];
const match = db.prepare('SELECT rowid FROM items_fts WHERE items_fts MATCH ? ORDER BY rowid');
const insert = db.prepare(`INSERT INTO items_fts (rowid, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`);
const SAMPLE = [
  'harbour floods "sea level" rise',
  'NEAR AND OR NOT * ^ : ( ) - +',
  'Überschwemmung café naïve 東京 🌊',
  'drop table items; -- \' "',
];
SAMPLE.forEach((text, i) => insert.run(i + 1, ...columns.map(() => text)));

const syntax = fc.constantFrom(
  'AND',
  'OR',
  'NOT',
  'NEAR',
  'NEAR(',
  '(',
  ')',
  '"',
  '-',
  '*',
  '^',
  ':',
  '+',
  '{',
  '}',
  'title:',
  'rowid',
  ';',
  "'",
  '\\',
  '\u0000',
  'items_fts',
);
const word = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/),
  fc.constantFrom('harbour', 'floods', 'café', '東京', 'Überschwemmung', 'clim*', '"sea level"', '-floods'),
);
const queryText = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.oneof(word, syntax), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(' ')) },
  { weight: 2, arbitrary: fc.array(fc.oneof(word, syntax), { minLength: 1, maxLength: 12 }).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.string({ maxLength: 80, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 80, unit: 'binary' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'x'.repeat(1001),
      Array.from({ length: 80 }, (_, i) => `w${i}`).join(' '),
      '('.repeat(500) + 'a' + ')'.repeat(500),
    ),
  },
);

describe('the search query parser under arbitrary text', () => {
  it('answers a parse or a message, and every parse is an FTS5 query the library accepts', () => {
    let parsed = 0;
    fc.assert(
      fc.property(queryText, (text) => {
        const result = parseSearchQuery(text);
        if (!result.ok) {
          expect(result.message).toMatch(/\w/);
          return;
        }
        parsed += 1;
        // Every term is quoted: nothing of the user's text can reach FTS5 as an operator or column filter.
        expect(() => match.all(result.fts), result.fts).not.toThrow();
        // An empty term matches nothing, so the search would quietly find nothing (or exclude nothing).
        expect(result.fts, text).not.toContain('""');
      }),
      { numRuns: SIZES.propertyRuns * 10, seed: 4_2026 },
    );
    expect(parsed).toBeGreaterThan(0);
  });

  it('refuses brackets nested too deep for FTS5 with its own message, and every depth it accepts FTS5 accepts too', () => {
    // Each frame adds one bracket level around X, in the shapes that nest the written query deepest.
    const frames = ['a -b (X)', 'a OR (X)', 'a NOT (X)', '(X) NOT a', '-(X) a', 'a (X) -b', '(X)', 'a AND (X) OR "b c"', 'a -(b X)'];
    const nested = (depth: number) =>
      fc
        .array(fc.constantFrom(...frames), { minLength: depth, maxLength: depth })
        .map((chosen) => chosen.reduce((inner, frame) => frame.replace('X', inner), 'z'));
    fc.assert(
      fc.property(nested(10), (text) => {
        const result = parseSearchQuery(text);
        expect(result.ok, text).toBe(true);
        if (result.ok) expect(() => match.all(result.fts), result.fts).not.toThrow();
      }),
      { numRuns: SIZES.propertyRuns * 5, seed: 4_2028 },
    );
    fc.assert(
      fc.property(nested(11), (text) => {
        expect(parseSearchQuery(text), text).toEqual({
          ok: false,
          message: 'Brackets can be nested at most 10 deep: take out some of the inner ( and ).',
        });
      }),
      { numRuns: SIZES.propertyRuns, seed: 4_2029 },
    );
  });

  it('finds a row by any one of its words', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/), fc.stringMatching(/^[a-z]{1,6}$/), (term, filler) => {
        const rowid = 1000;
        db.prepare('DELETE FROM items_fts WHERE rowid = ?').run(rowid);
        insert.run(rowid, ...columns.map(() => `${filler} ${term} ${filler}`));
        const result = parseSearchQuery(term);
        if (['and', 'or', 'not'].includes(term)) expect(result.ok).toBe(true);
        expect(result.ok).toBe(true);
        if (result.ok) expect(match.all(result.fts).map((r) => (r as { rowid: number }).rowid)).toContain(rowid);
      }),
      { numRuns: SIZES.propertyRuns, seed: 4_2027 },
    );
  });
});
