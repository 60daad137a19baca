import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absoluteTime, clockToMs, epochTime, timeAndText } from '../../../../../src/main/core/platforms/read/time';

/** The one shape a stored published time has: it is compared as text, so a year of other than four digits would sort wrongly. */
const STORED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('published times', () => {
  it('reads epoch times up to the end of the year 9999, and none after it', () => {
    expect(epochTime(1_697_155_200)).toBe('2023-10-13T00:00:00.000Z');
    expect(epochTime(253_402_300_799_999)).toBe('9999-12-31T23:59:59.999Z');
    expect(epochTime(253_402_300_800_000)).toBeNull();
    // A far-future epoch once became +011476-08-15T…, which sorts before every ordinary time.
    expect(epochTime(300_000_000_000_000)).toBeNull();
    expect(epochTime('300000000000000')).toBeNull();
    expect(epochTime(8.64e15)).toBeNull();
  });

  it('does not read a time that its offset moves out of the years 0000 to 9999, and keeps its wording', () => {
    expect(absoluteTime('9999-12-31T23:30:00-01:00')).toBeNull();
    expect(absoluteTime('0000-01-01T00:30:00+01:00')).toBeNull();
    expect(timeAndText('9999-12-31T23:30:00-01:00')).toEqual({ at: null, text: '9999-12-31T23:30:00-01:00' });
    expect(absoluteTime('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
    expect(absoluteTime('0000-01-01T00:00:00Z')).toBe('0000-01-01T00:00:00.000Z');
  });

  it('reads the years 0 to 99 as written, not as 1900 to 1999', () => {
    expect(absoluteTime('0050-03-01T12:00:00Z')).toBe('0050-03-01T12:00:00.000Z');
    expect(absoluteTime('0004-02-29T00:00:00Z')).toBe('0004-02-29T00:00:00.000Z');
    expect(absoluteTime('0001-02-29T00:00:00Z')).toBeNull();
  });

  it('gives every time it reads in the stored shape, whatever the number or text', () => {
    const isoText = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: -23, max: 23 }),
      )
      .map(([y, mo, d, h, zone]) => {
        const two = (n: number) => String(Math.abs(n)).padStart(2, '0');
        return `${String(y).padStart(4, '0')}-${two(mo)}-${two(d)}T${two(h)}:30:00${zone < 0 ? '-' : '+'}${two(zone)}:00`;
      });
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: 0, max: 1e17, noNaN: true }), fc.integer({ min: 0 }), isoText, fc.string()), (value) => {
        for (const read of [epochTime(value), absoluteTime(value)]) {
          if (read !== null) expect(read, String(value)).toMatch(STORED_TIME);
        }
      }),
      { numRuns: 2000, seed: 13_2023 },
    );
  });
});

describe('clock times', () => {
  it('reads m:ss, h:mm:ss, fractions and SRT commas', () => {
    expect(clockToMs('3:33')).toBe(213_000);
    expect(clockToMs('1:02:03')).toBe(3_723_000);
    expect(clockToMs('00:00:01.5')).toBe(1500);
    expect(clockToMs('00:00:01,250')).toBe(1250);
    expect(clockToMs('12:34.567')).toBe(754_567);
    expect(clockToMs('1:60')).toBeNull();
    expect(clockToMs('LIVE')).toBeNull();
    expect(clockToMs(5)).toBeNull();
  });
});
