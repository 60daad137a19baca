import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../src/shared/search-query';

describe('search query parser', () => {
  it.each([
    ['climate', '"climate"'],
    ['climate policy', '"climate" AND "policy"'],
    ['clim*', '"clim"*'],
    ['"sea level"', '"sea level"'],
    ['flood OR drought', '"flood" OR "drought"'],
    ['flood AND drought', '"flood" AND "drought"'],
    ['flood NOT insurance', '"flood" NOT "insurance"'],
    ['flood -insurance', '"flood" NOT "insurance"'],
    ['(flood OR drought) europe', '("flood" OR "drought") AND "europe"'],
    ['covid-19', '"covid-19"'],
    ['or and not', '"or" AND "and" AND "not"'],
    ['NEAR(a b)', '"NEAR" AND ("a" AND "b")'],
    ['title:secret', '"title:secret"'],
    ['"say ""hi"""', '"say" AND "hi"'],
    ['مرحبا', '"مرحبا"'],
    ['日本語', '"日本語"'],
    // A phrase without letters or digits is dropped, as the same text unquoted is.
    ['guía "!!!"', '"guía"'],
    ['guía "🙂" !!!', '"guía"'],
    ['"…" guía OR "bien"', '"guía" OR "bien"'],
    ['-bien guía', '"guía" NOT "bien"'],
    [`${'('.repeat(10)}a b${')'.repeat(10)}`, '"a" AND "b"'],
  ])('%s → %s', (input, fts) => {
    const parsed = parseSearchQuery(input);
    expect(parsed).toMatchObject({ ok: true, fts });
  });

  it.each([
    ['', /Type a word/],
    ['   ', /Type a word/],
    ['"unclosed', /quotation mark is not closed/],
    ['(flood', /bracket is not closed/],
    ['flood)', /\) without a matching \(/],
    ['()', /Empty brackets/],
    ['flood OR', /OR needs a word/],
    ['AND flood', /AND needs words on both sides/],
    ['flood NOT', /NOT needs a word/],
    ['-flood', /cannot only exclude/],
    ['*', /A \* must follow/],
    ['x'.repeat(1001), /at most 1000 characters/],
    ['"!!!"', /Type a word/],
    ['"🙂"', /Type a word/],
    ['guía NOT -bien', /NOT and - both exclude/],
    ['guía NOT -(bien mal)', /NOT and - both exclude/],
    ['-rápida NOT bien', /NOT needs a word to look for on its left/],
    ['guía -rápida NOT bien', /NOT needs a word to look for on its left/],
    [`${'('.repeat(11)}a b${')'.repeat(11)}`, /nested at most 10 deep/],
    [`a ${'(b '.repeat(11)}c${')'.repeat(11)}`, /nested at most 10 deep/],
  ])('explains %j', (input, message) => {
    const parsed = parseSearchQuery(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
