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
  ])('explains %j', (input, message) => {
    const parsed = parseSearchQuery(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
