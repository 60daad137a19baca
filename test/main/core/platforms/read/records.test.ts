import { describe, expect, it } from 'vitest';
import { makeItem } from '../../../../../src/main/core/platforms/read/item';
import {
  acceptsRecord,
  emptyNormalisation,
  firstRecordAt,
  NOT_AN_OBJECT,
  readList,
  withWarning,
} from '../../../../../src/main/core/platforms/read/records';

describe('collecting a normalisation', () => {
  it('refuses another platform’s operation and data that is not an object, with one warning each', () => {
    const other = emptyNormalisation();
    expect(acceptsRecord(other, 'forum/subreddit/search', false, 'videosite', {})).toBe(false);
    expect(other.warnings).toEqual([
      'The operation “forum/subreddit/search” does not belong to the videosite normaliser, so its response was not read.',
    ]);
    const notObject = emptyNormalisation();
    expect(acceptsRecord(notObject, 'videosite/video', true, 'videosite', [])).toBe(false);
    expect(notObject.warnings).toEqual([NOT_AN_OBJECT]);
    expect(acceptsRecord(emptyNormalisation(), 'videosite/video', true, 'videosite', {})).toBe(true);
    expect(withWarning('w')).toEqual({ items: [], transcripts: [], warnings: ['w'] });
  });

  it('reads each object of a list and counts, in one sentence, the entries it could not read', () => {
    const out = emptyNormalisation();
    const read = (entry: Record<string, unknown>, path: string) => {
      if (entry.bad === 'throw') throw new Error('unreadable');
      return entry.bad ? null : makeItem('forum', path, { kind: 'post' });
    };
    expect(readList(out, [{}, 'text', { bad: true }, { bad: 'throw' }, {}], 'posts', read)).toBe(true);
    expect(out.items.map((item) => item.sourcePath)).toEqual(['posts[0]', 'posts[4]']);
    expect(out.warnings).toEqual(['3 of 5 records in posts could not be read.']);
  });

  it('reports a value that is not a list, unless the list’s place was a guess', () => {
    const out = emptyNormalisation();
    expect(readList(out, 'nope', 'posts', () => null)).toBe(false);
    expect(readList(out, 'nope', 'guessed', () => null, { guessed: true })).toBe(false);
    expect(readList(out, undefined, 'absent', () => null)).toBe(false);
    expect(out.warnings).toEqual(['posts is not a list, so its records could not be read.']);
  });

  it('finds the first object at one of several places', () => {
    const data = { a: 'text', b: { c: { id: 1 } } };
    expect(firstRecordAt(data, [['a'], ['b', 'c']])).toEqual({ record: { id: 1 }, path: 'b.c' });
    expect(firstRecordAt(data, [['z']])).toBeNull();
  });
});
