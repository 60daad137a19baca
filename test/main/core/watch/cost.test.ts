import { describe, expect, it } from 'vitest';
import { overCapMessage, requestsPerDay, watchCap, watchCost } from '../../../../src/main/core/watch/cost';
import { nextDueAfter } from '../../../../src/main/core/watch/due';

const HOUR = 3_600_000;

describe('watch cost', () => {
  it('counts requests a day from the interval and the pages a run fetches', () => {
    expect(requestsPerDay('1h')).toBe(24);
    expect(requestsPerDay('6h')).toBe(4);
    expect(requestsPerDay('1d', 3)).toBe(3);
    expect(requestsPerDay('7d')).toBeCloseTo(1 / 7);
  });

  it('caps all watches together at a share of the daily limit, and says whether one more fits', () => {
    expect(watchCap(1000, 0.25)).toBe(250);
    expect(watchCost(24, 226, 1000, 0.25)).toEqual({
      requestsPerDay: 24,
      allWatchesPerDay: 250,
      dailyBudget: 1000,
      cap: 250,
      share: 0.25,
      fits: true,
    });
    const over = watchCost(24, 227, 1000, 0.25);
    expect(over.fits).toBe(false);
    expect(overCapMessage(over)).toContain('251 requests a day');
    expect(overCapMessage(over)).toContain('watch cap of 250');
  });
});

describe('due times', () => {
  it('follows the previous due time, so a late run does not push later ones back', () => {
    const due = Date.parse('2026-03-02T00:00:00Z');
    expect(nextDueAfter(due, due + 5 * 60_000, '1h')).toBe(due + HOUR);
  });

  it('after a run asked for before its time, counts the interval from that run', () => {
    const due = Date.parse('2026-03-02T06:00:00Z');
    expect(nextDueAfter(due, due - 5 * HOUR, '6h')).toBe(due + HOUR);
  });

  it('after a long closure, runs once now and then every interval from now', () => {
    const due = Date.parse('2026-03-02T00:00:00Z');
    expect(nextDueAfter(due, due + 30 * HOUR, '6h')).toBe(due + 36 * HOUR);
  });
});
