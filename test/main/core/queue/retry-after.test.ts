/**
 * Reading Retry-After: every shape a service may send comes out as a wait of at most an hour, or
 * as no wait to go by (the queue backs off), and every value not taken as sent has a sentence.
 */
import { describe, expect, it } from 'vitest';
import { parseHttpDate, readRetryAfter, RETRY_AFTER_MAX_MS, waitText } from '../../../../src/main/core/queue/retry-after';

const NOW = Date.parse('2026-03-02T00:00:00Z');
const HOUR = 60 * 60_000;

describe('readRetryAfter', () => {
  it.each<[string, string, number]>([
    ['whole seconds', '17', 17_000],
    ['seconds with spaces around', '  45 ', 45_000],
    ['seconds with a fraction', '30.5', 30_500],
    ['exactly the bound', '3600', HOUR],
    ['an IMF-fixdate', 'Mon, 02 Mar 2026 00:01:30 GMT', 90_000],
    ['an IMF-fixdate in lower case', 'mon, 02 mar 2026 00:01:30 gmt', 90_000],
    ['an RFC 850 date', 'Monday, 02-Mar-26 00:01:30 GMT', 90_000],
    ['an asctime date', 'Mon Mar  2 00:01:30 2026', 90_000],
    ['the same value twice (two headers)', '30, 30', 30_000],
    ['the same date twice', 'Mon, 02 Mar 2026 00:01:30 GMT, Mon, 02 Mar 2026 00:01:30 GMT', 90_000],
  ])('takes %s as sent', (_label, header, ms) => {
    expect(readRetryAfter(header, NOW)).toEqual({ ms });
  });

  it.each<[string, string, string]>([
    ['a huge number of seconds', '99999999', 'over 3 years'],
    ['more digits than a number holds', '9'.repeat(400), 'for ever'],
    ['a date years ahead', 'Fri, 01 Mar 2030 00:00:00 GMT', 'over 4 years'],
    ['a date days ahead', 'Thu, 05 Mar 2026 00:00:00 GMT', '3 days'],
    ['a second over the bound', '3601', '61 min'],
  ])('shortens %s to an hour, and says so', (_label, header, asked) => {
    const reading = readRetryAfter(header, NOW);
    expect(reading.ms).toBe(RETRY_AFTER_MAX_MS);
    expect(reading.note).toContain(`asked to wait ${asked}`);
    expect(reading.note).toContain('at most an hour');
  });

  it.each<[string, string, string]>([
    ['zero', '0', 'try again at once'],
    ['zero with a fraction', '0.0', 'try again at once'],
    ['a negative number', '-5', 'negative number of seconds'],
    ['a word', 'soon', 'neither a number of seconds nor a date'],
    ['a number with a sign', '+30', 'neither a number of seconds nor a date'],
    ['an exponent', '1e3', 'neither a number of seconds nor a date'],
    ['a trailing dot', '1.', 'neither a number of seconds nor a date'],
    ['a date not in any HTTP form', '2026-03-02T00:01:30Z', 'neither a number of seconds nor a date'],
    ['a day that does not exist', 'Tue, 31 Feb 2026 00:00:00 GMT', 'neither a number of seconds nor a date'],
    ['a date already past', 'Sun, 06 Nov 1994 08:49:37 GMT', 'already past'],
    ['this very moment', 'Mon, 02 Mar 2026 00:00:00 GMT', 'already past'],
    ['two different values (two headers)', '120, 30', 'several different Retry-After values'],
    ['a number and a date', '120, Mon, 02 Mar 2026 00:01:30 GMT', 'several different Retry-After values'],
  ])('does not go by %s, and says why', (_label, header, why) => {
    const reading = readRetryAfter(header, NOW);
    expect(reading.ms).toBeUndefined();
    expect(reading.note).toContain(why);
  });

  it('quotes a runaway value short', () => {
    const reading = readRetryAfter('x'.repeat(10_000), NOW);
    expect(reading.ms).toBeUndefined();
    expect(reading.note!.length).toBeLessThan(400);
  });

  it('has nothing to say of a header absent or empty', () => {
    expect(readRetryAfter(null, NOW)).toEqual({});
    expect(readRetryAfter(undefined, NOW)).toEqual({});
    expect(readRetryAfter('  ', NOW)).toEqual({});
  });
});

describe('parseHttpDate', () => {
  it('reads a two-digit year more than 50 years ahead as the century before', () => {
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(Date.parse('1994-11-06T08:49:37Z'));
    expect(parseHttpDate('Friday, 01-Mar-30 00:00:00 GMT', NOW)).toBe(Date.parse('2030-03-01T00:00:00Z'));
  });
});

describe('waitText', () => {
  it('says a wait in the unit that reads best', () => {
    expect(waitText(1_500)).toBe('2 s');
    expect(waitText(45 * 60_000)).toBe('45 min');
    expect(waitText(HOUR)).toBe('60 min');
    expect(waitText(36 * HOUR)).toBe('36 h');
    expect(waitText(99_999_999_000)).toBe('over 3 years');
  });
});
