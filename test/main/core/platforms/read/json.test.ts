import { describe, expect, it } from 'vitest';
import {
  at,
  count,
  decimal,
  errorText,
  firstCount,
  firstText,
  has,
  idText,
  isTruthyFlag,
  prop,
  text,
  withoutAt,
} from '../../../../../src/main/core/platforms/read/json';

describe('reading untrusted JSON', () => {
  it('reads own properties only, and follows paths until a step is missing', () => {
    const record = JSON.parse('{"a":{"b":[{"c":"deep"}]},"__proto__":{"polluted":1}}') as unknown;
    expect(at(record, 'a', 'b', 0, 'c')).toBe('deep');
    expect(at(record, 'a', 'b', 1, 'c')).toBeUndefined();
    expect(at(record, 'a', 0)).toBeUndefined();
    expect(prop({}, 'constructor')).toBeUndefined();
    expect(has({ present: null }, 'present')).toBe(true);
    expect(has({}, 'toString')).toBe(false);
  });

  it('keeps text as given and treats blank text as absent', () => {
    expect(text('  padded  ')).toBe('  padded  ');
    expect(text('   ')).toBeNull();
    // Text starting with a visible character is kept without trimming; other text is still trimmed to test.
    expect(text('x')).toBe('x');
    expect(text('\u00a0\u2003')).toBeNull();
    expect(text('\u00a0é')).toBe('\u00a0é');
    expect(text('')).toBeNull();
    expect(text(5)).toBeNull();
    expect(firstText(null, '', 'second', 'third')).toBe('second');
    expect(withoutAt('@name')).toBe('name');
    expect(withoutAt(null)).toBeNull();
  });

  it('reads ids from strings and from non-negative integers only', () => {
    expect(idText('abc')).toBe('abc');
    expect(idText(42)).toBe('42');
    expect(idText(-1)).toBeNull();
    expect(idText(1.5)).toBeNull();
  });

  it('reads counts and decimals, refusing words, negatives and floats where a count is due', () => {
    expect(count('1200')).toBe(1200);
    expect(count(-1)).toBeNull();
    expect(count('1.2K')).toBeNull();
    expect(count(2.5)).toBeNull();
    expect(firstCount('n/a', -1, '7')).toBe(7);
    expect(decimal('2.5')).toBe(2.5);
    expect(decimal(-0.1)).toBeNull();
    expect(decimal(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('reads the usual spellings of a true flag', () => {
    for (const yes of ['true', '1', 'YES', ' on ']) expect(isTruthyFlag(yes)).toBe(true);
    for (const no of ['false', '0', '', true]) expect(isTruthyFlag(no)).toBe(false);
  });

  it('turns any thrown value into a sentence', () => {
    expect(errorText(new Error('broke'))).toBe('broke');
    expect(errorText('plain')).toBe('plain');
    expect(
      errorText({
        toString() {
          throw new Error('no');
        },
      }),
    ).toBe('unknown error');
  });
});
