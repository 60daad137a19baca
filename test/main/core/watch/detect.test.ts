import { describe, expect, it } from 'vitest';
import { changedFields, countJumps, isEmptyRecord, membershipChanges, readGone, type Counts } from '../../../../src/main/core/watch/detect';
import { DEFAULT_WATCH_GONE_WORDS } from '../../../../src/shared/watch';

const counts = (over: Partial<Counts> = {}): Counts => ({
  views: null,
  likes: null,
  comments: null,
  reposts: null,
  shares: null,
  followers: null,
  ...over,
});
const words = [...DEFAULT_WATCH_GONE_WORDS];

describe('field changes', () => {
  it('names each watched field that differs, and none for the first answer', () => {
    const before = { title: 'Flood', text: 'Water rises', authorName: 'Ana' };
    expect(changedFields(null, before)).toEqual([]);
    expect(changedFields(before, { ...before })).toEqual([]);
    expect(changedFields(before, { title: 'Flood (updated)', text: 'Water rises', authorName: 'Ana B.' })).toEqual(['title', 'authorName']);
    expect(changedFields(before, { ...before, text: null })).toEqual(['text']);
  });
});

describe('count jumps', () => {
  it('reports a count that moved by at least the share, either way, and ignores small moves and missing counts', () => {
    const before = counts({ views: 1000, likes: 100, comments: 0, shares: 10 });
    const after = counts({ views: 1499, likes: 40, comments: 3, shares: null, followers: 5 });
    expect(countJumps(before, after, 0.5)).toEqual([
      { field: 'likes', before: 100, after: 40 },
      { field: 'comments', before: 0, after: 3 },
    ]);
    expect(countJumps(before, counts({ views: 1500 }), 0.5)).toEqual([{ field: 'views', before: 1000, after: 1500 }]);
    expect(countJumps(null, after, 0.5)).toEqual([]);
  });
});

describe('listing membership', () => {
  const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T00:00:00.000Z`;
  const before = [
    { itemId: 1, publishedAt: at(9), position: 0 },
    { itemId: 2, publishedAt: at(8), position: 1 },
    { itemId: 3, publishedAt: at(7), position: 2 },
  ];
  const known = new Set([1, 2, 3, 9]);

  it('finds items never listed before as new (an item once listed is not new again)', () => {
    const current = [{ itemId: 10, publishedAt: at(10) }, { itemId: 9, publishedAt: at(9) }, ...before];
    expect(membershipChanges(before, known, current, false)).toEqual({ added: [10], gone: [] });
  });

  it('calls an item gone when an item listed below it is still listed', () => {
    const current = [
      { itemId: 1, publishedAt: at(9) },
      { itemId: 3, publishedAt: at(7) },
    ];
    expect(membershipChanges(before, known, current, false).gone).toEqual([2]);
  });

  it('does not call the last item gone when new items may have pushed it to the next page', () => {
    const current = [{ itemId: 10, publishedAt: at(10) }, ...before.slice(0, 2)];
    expect(membershipChanges(before, known, current, false)).toEqual({ added: [10], gone: [] });
  });

  it('calls the last item gone when the listing shrank or ended within the pages fetched', () => {
    expect(membershipChanges(before, known, before.slice(0, 2), false).gone).toEqual([3]);
    const current = [{ itemId: 10, publishedAt: at(10) }, ...before.slice(0, 2)];
    expect(membershipChanges(before, known, current, true).gone).toEqual([3]);
  });
});

describe('what reads as gone', () => {
  const failure = (code: string, status: number | null, serviceWords: string | null, requestId: string | null = null) => ({
    code,
    status,
    serviceWords,
    requestId,
  });

  it('takes a 404 or 410 as gone, with the service’s words, or says which it was', () => {
    expect(readGone(failure('NOT_FOUND', 410, 'This content was removed by its author.'), words)).toEqual({
      gone: true,
      words: 'This content was removed by its author.',
      requestId: null,
    });
    expect(readGone(failure('NOT_FOUND', 404, null), words)).toEqual({ gone: true, words: 'not found (404)', requestId: null });
  });

  it('takes a well-formed refusal as gone only when its words say so (a setting)', () => {
    const refusal = failure('UPSTREAM_ERROR', 200, 'This content is private.');
    expect(readGone(refusal, words)).toEqual({ gone: true, words: 'This content is private.', requestId: null });
    expect(readGone(refusal, ['deleted'])).toEqual({ gone: false, words: 'This content is private.', requestId: null });
    expect(readGone(failure('UPSTREAM_ERROR', 200, 'quota of the partner exceeded'), words).gone).toBe(false);
    // Without the service's words nothing says gone, whatever Gleaner's own sentence holds.
    expect(readGone(failure('UPSTREAM_ERROR', 402, null), words).gone).toBe(false);
  });

  it('keeps the request id the error answer carried', () => {
    expect(readGone(failure('UPSTREAM_ERROR', 200, 'This content is private.', 'req_9f2c'), words)).toEqual({
      gone: true,
      words: 'This content is private.',
      requestId: 'req_9f2c',
    });
    expect(readGone(failure('NOT_FOUND', 410, 'Removed by its author.', 'req_77'), words)).toEqual({
      gone: true,
      words: 'Removed by its author.',
      requestId: 'req_77',
    });
  });

  it('never takes a 429, a 5xx, a time-out or the network as gone, whatever the words', () => {
    for (const facts of [
      failure('RATE_LIMITED', 429, 'not found'),
      failure('UPSTREAM_UNAVAILABLE', 503, 'unavailable'),
      failure('UPSTREAM_ERROR', 502, 'removed'),
      failure('UPSTREAM_ERROR', 500, 'deleted'),
      failure('TIMEOUT', null, 'unavailable'),
      failure('NETWORK', null, 'deleted'),
    ]) {
      expect(readGone(facts, words).gone, `${facts.code} ${facts.status}`).toBe(false);
    }
  });

  it('reads a record with nothing in it as empty, and one with a count as not', () => {
    expect(isEmptyRecord({ title: null, text: null, authorName: null }, counts())).toBe(true);
    expect(isEmptyRecord(null, counts())).toBe(true);
    expect(isEmptyRecord({ title: null, text: null, authorName: null }, counts({ views: 3 }))).toBe(false);
    expect(isEmptyRecord({ title: 'x', text: null, authorName: null }, counts())).toBe(false);
  });
});
