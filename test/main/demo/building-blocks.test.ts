import { describe, expect, it } from 'vitest';
import { getOperation } from '../../../src/shared/catalogue';
import { readParams } from '../../../src/main/demo/params';
import { createRandom, hash32 } from '../../../src/main/demo/random';
import { decodePageToken, encodePageToken } from '../../../src/main/demo/responses/context';
import { languageName } from '../../../src/main/demo/sample-text';
import {
  durationFormatted,
  isoWithOffset,
  lengthText,
  relativeText,
  SAMPLE_NOW_MS,
  startTimeText,
  vttTime,
} from '../../../src/main/demo/time-format';

describe('demo building blocks', () => {
  it('draws the same numbers from the same seed, within range', () => {
    const a = createRandom('seed', 1);
    const b = createRandom('seed', 1);
    const drawsA = Array.from({ length: 50 }, () => a.int(3, 7));
    expect(Array.from({ length: 50 }, () => b.int(3, 7))).toEqual(drawsA);
    expect(drawsA.every((n) => n >= 3 && n <= 7)).toBe(true);
    expect(new Set(drawsA).size).toBe(5);
    expect(hash32('ab')).not.toBe(hash32('ba'));
  });

  it('writes times as the platforms do', () => {
    const ms = Date.UTC(2024, 2, 5, 17, 12, 44, 123);
    expect(isoWithOffset(ms, -480)).toBe('2024-03-05T09:12:44-08:00');
    expect(isoWithOffset(ms, 330, true)).toBe('2024-03-05T22:42:44.123+05:30');
    expect(lengthText(724)).toBe('12:04');
    expect(lengthText(3723)).toBe('1:02:03');
    expect(durationFormatted(3_723_000)).toBe('01:02:03');
    expect(startTimeText(65_432)).toBe('1:05');
    expect(vttTime(65_432)).toBe('00:01:05.432');
    expect(relativeText(SAMPLE_NOW_MS - 3 * 86_400_000)).toBe('3 days ago');
    expect(relativeText(SAMPLE_NOW_MS - 400 * 86_400_000)).toBe('1 year ago');
  });

  it('names languages in words', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName('he')).toBe('Hebrew');
    expect(languageName('ja')).toBe('Japanese');
  });

  it('issues page tokens it can read back, and refuses forged ones', () => {
    const token = encodePageToken('s', 'scope', '["key"]', 2);
    expect(decodePageToken('s', 'scope', token, 'p')).toEqual({ key: '["key"]', page: 2 });
    expect(() => decodePageToken('other-seed', 'scope', token, 'p')).toThrow(/not a value this service issued/);
    expect(() => decodePageToken('s', 'other-scope', token, 'p')).toThrow();
    expect(() => decodePageToken('s', 'scope', '%%%', 'p')).toThrow();
  });

  it('reads parameters by the catalogue: defaults, types and formats', () => {
    const op = getOperation('shortvideo/search');
    const params = readParams(op, new URLSearchParams('query=%20cats%20&cursor=010&trim=1&region=de&unknown=x'));
    expect(params.get('query')).toBe('cats');
    expect(params.int('cursor')).toBe(10);
    expect(params.flag('trim')).toBe(true);
    expect(params.get('region')).toBe('DE');
    expect(params.get('unknown')).toBeUndefined();
    expect(() => readParams(op, new URLSearchParams('query='))).toThrow(/Missing required parameter query/);
    const handle = readParams(getOperation('tweetsite/user/tweets'), new URLSearchParams('handle=@someone'));
    expect(handle.get('handle')).toBe('someone');
  });
});
