import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approximateDate, precisionOf, publishedValue, type DatePrecision } from '../../src/shared/relative-date';

const FETCHED = '2026-11-27T08:24:31.123Z';

describe('approximateDate', () => {
  it.each<[string, string, DatePrecision]>([
    // The video site's wording (the demo service writes "N units ago").
    ['1 year ago', '2025-11-27T00:00:00.000Z', 'year'],
    ['2 years ago', '2024-11-27T00:00:00.000Z', 'year'],
    ['3 weeks ago', '2026-11-06T00:00:00.000Z', 'week'],
    ['1 month ago', '2026-10-27T00:00:00.000Z', 'month'],
    ['Streamed 2 days ago', '2026-11-25T00:00:00.000Z', 'day'],
    ['Streamed live 5 hours ago', '2026-11-27T03:00:00.000Z', 'hour'],
    ['Premiered 1 day ago', '2026-11-26T00:00:00.000Z', 'day'],
    ['23 hours ago', '2026-11-26T09:00:00.000Z', 'hour'],
    ['an hour ago', '2026-11-27T07:00:00.000Z', 'hour'],
    ['a year ago', '2025-11-27T00:00:00.000Z', 'year'],
    ['14 minutes ago', '2026-11-27T08:10:00.000Z', 'minute'],
    ['30 seconds ago', '2026-11-27T08:24:00.000Z', 'minute'],
    ['just now', '2026-11-27T08:24:00.000Z', 'minute'],
    ['yesterday', '2026-11-26T00:00:00.000Z', 'day'],
    // Short forms of the short-video and photo apps.
    ['1 yr', '2025-11-27T00:00:00.000Z', 'year'],
    ['5 mo', '2026-06-27T00:00:00.000Z', 'month'],
    ['5d', '2026-11-22T00:00:00.000Z', 'day'],
    ['3w', '2026-11-06T00:00:00.000Z', 'week'],
    ['2h', '2026-11-27T06:00:00.000Z', 'hour'],
    ['  6 Months Ago ', '2026-05-27T00:00:00.000Z', 'month'],
    // Dates without a zone (the video site's publishDateText): the day, approximately.
    ['Mar 4, 2024', '2024-03-04T00:00:00.000Z', 'day'],
    ['Premiered Mar 4, 2024', '2024-03-04T00:00:00.000Z', 'day'],
    ['Streamed live on September 12, 2023', '2023-09-12T00:00:00.000Z', 'day'],
    ['4 Mar 2024', '2024-03-04T00:00:00.000Z', 'day'],
    ['2024-03-04', '2024-03-04T00:00:00.000Z', 'day'],
  ])('reads %j', (text, at, precision) => {
    expect(approximateDate(text, FETCHED)).toEqual({ at, precision });
  });

  it('keeps calendar months whole: a month before 31 March is the last day of February', () => {
    expect(approximateDate('1 month ago', '2024-03-31T10:00:00.000Z')?.at).toBe('2024-02-29T00:00:00.000Z');
    expect(approximateDate('1 year ago', '2024-02-29T10:00:00.000Z')?.at).toBe('2023-02-28T00:00:00.000Z');
  });

  it.each([
    '',
    'Premieres in 3 days',
    'in 3 days',
    'Feb 30, 2024',
    'Dec 4, 2030',
    'Scheduled',
    '3 fortnights ago',
    'about',
    'N/A',
    '100001 days ago',
  ])('does not read %j', (text) => {
    expect(approximateDate(text, FETCHED)).toBeNull();
  });

  it('reads nothing against a fetch time that is not a time', () => {
    expect(approximateDate('1 year ago', 'yesterday')).toBeNull();
  });

  it('never throws, and any date it gives is ISO-8601 UTC no later than the fetch', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01') }), (text, fetched) => {
        if (Number.isNaN(fetched.getTime())) return;
        const found = approximateDate(text, fetched.toISOString());
        if (found === null) return;
        expect(found.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
        expect(Date.parse(found.at)).toBeLessThanOrEqual(fetched.getTime());
      }),
    );
  });

  it('places "N units ago" within one unit (and a day for the cut) of the fetch time minus N units, later counts earlier', () => {
    const unitMs = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000, month: 31 * 86_400_000, year: 366 * 86_400_000 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(...(Object.keys(unitMs) as (keyof typeof unitMs)[])),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01') }),
        (count, unit, fetched) => {
          if (Number.isNaN(fetched.getTime())) return;
          const fetchedAt = fetched.toISOString();
          const found = approximateDate(`${count} ${unit}${count === 1 ? '' : 's'} ago`, fetchedAt)!;
          expect(found.precision).toBe(unit);
          const age = fetched.getTime() - Date.parse(found.at);
          expect(age).toBeGreaterThanOrEqual(count * unitMs[unit] * (unit === 'month' || unit === 'year' ? 0.9 : 1) - unitMs.minute);
          expect(age).toBeLessThanOrEqual(count * unitMs[unit] + unitMs.day);
          const older = approximateDate(`${count + 1} ${unit}s ago`, fetchedAt)!;
          expect(older.at <= found.at).toBe(true);
        },
      ),
    );
  });
});

describe('precisionOf', () => {
  it('is the unit of the wording, whatever the fetch time', () => {
    expect(precisionOf('1 year ago')).toBe('year');
    expect(precisionOf('Mar 4, 2024')).toBe('day');
    expect(precisionOf('whenever')).toBeNull();
    expect(precisionOf(null)).toBeNull();
  });
});

describe('publishedValue', () => {
  it('keeps an exact time as exact, dates wording approximately, and leaves the rest empty', () => {
    expect(publishedValue('2024-01-01T00:00:00.000Z', '1 year ago', FETCHED)).toEqual({ at: '2024-01-01T00:00:00.000Z', approximate: 0 });
    expect(publishedValue(null, '1 year ago', FETCHED)).toEqual({ at: '2025-11-27T00:00:00.000Z', approximate: 1 });
    expect(publishedValue(null, 'sometime', FETCHED)).toEqual({ at: null, approximate: 0 });
    expect(publishedValue(null, null, FETCHED)).toEqual({ at: null, approximate: 0 });
  });
});
