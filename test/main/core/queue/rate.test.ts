import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  INITIAL_SHARE,
  MINUTE_MS,
  backoffMs,
  countAfter,
  dayWindowAfter,
  finishTime,
  limitsForShare,
  nextFreeSlot,
  shareAfterRateLimit,
  shareAfterSuccess,
  shareAt,
  usedToday,
  type ShareState,
} from '../../../../src/main/core/queue/rate';
import { describePlan, planQuota } from '../../../../src/main/core/queue/plan';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

describe('sliding windows', () => {
  const limits = { perMinute: 3, perDay: 5 };

  it('is free while both windows have room', () => {
    expect(nextFreeSlot([], limits, 1000)).toBe(1000);
    expect(nextFreeSlot([0, 10], limits, 1000)).toBe(1000);
  });

  it('waits until the oldest send of a full minute leaves the window', () => {
    expect(nextFreeSlot([100, 200, 300], limits, 1000)).toBe(100 + MINUTE_MS);
    expect(nextFreeSlot([100, 200, 300], limits, 100 + MINUTE_MS)).toBe(100 + MINUTE_MS);
  });

  it('waits for the day window too', () => {
    const sends = [0, MINUTE_MS * 2, MINUTE_MS * 4, MINUTE_MS * 6, MINUTE_MS * 8];
    expect(nextFreeSlot(sends, limits, MINUTE_MS * 10)).toBe(DAY_MS);
  });

  it('estimates when the last of many requests goes, waiting for tomorrow when today’s budget is spent', () => {
    expect(finishTime([], limits, 1000, 0)).toBe(1000);
    expect(finishTime([], limits, 1000, 3)).toBe(1000);
    expect(finishTime([], limits, 1000, 4)).toBe(1000 + MINUTE_MS);
    // The sixth waits for the first to leave the day window, the eleventh for the sixth.
    expect(finishTime([], limits, 1000, 6)).toBe(1000 + DAY_MS);
    expect(finishTime([], limits, 1000, 11)).toBe(1000 + 2 * DAY_MS);
    // Today's five already sent: even one more request waits a day, not a minute.
    const spent = [0, MINUTE_MS * 2, MINUTE_MS * 4, MINUTE_MS * 6, MINUTE_MS * 8];
    expect(finishTime(spent, limits, MINUTE_MS * 10, 1)).toBe(DAY_MS);
    // A backoff holds the first send back.
    expect(finishTime([], limits, 1000, 1, 5000)).toBe(5000);
  });

  it('estimates exactly what stepping through every send one by one gives', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 200; round += 1) {
      const plan = { perMinute: 1 + Math.floor(random() * 4), perDay: 1 + Math.floor(random() * 12) };
      const now = DAY_MS * 2;
      const sends = Array.from({ length: Math.floor(random() * 15) }, () => now - Math.floor(random() * DAY_MS * 1.5)).sort(
        (a, b) => a - b,
      );
      const count = Math.floor(random() * 40);
      const notBefore = now + Math.floor(random() * 3) * MINUTE_MS;
      const stepped = [...sends];
      let at = Math.max(now, notBefore);
      for (let i = 0; i < count; i += 1) {
        at = nextFreeSlot(stepped, plan, at);
        stepped.push(at);
      }
      expect(finishTime(sends, plan, now, count, notBefore), JSON.stringify({ plan, sends, count, notBefore })).toBe(
        count === 0 ? now : at,
      );
    }
  });

  it('with a fixed daily reset, counts the day from the reset and frees it all at the next one', () => {
    const reset = 7 * 60 + 30; // 07:30 UTC
    const boundary = Date.UTC(2026, 10, 22, 7, 30);
    // Two sends before the reset and three after: only the three count today.
    const sends = [boundary - 2 * MINUTE_MS, boundary - MINUTE_MS, boundary, boundary + MINUTE_MS, boundary + 2 * MINUTE_MS];
    expect(usedToday(sends, boundary + 10 * MINUTE_MS, reset)).toBe(3);
    expect(usedToday(sends, boundary + 10 * MINUTE_MS, null)).toBe(5);
    expect(dayWindowAfter(boundary - 1, reset)).toBe(boundary - DAY_MS - 1);
    // Rolling, the spent day frees 24 hours after its oldest send; with the reset, at the next reset.
    const spent = [
      boundary + MINUTE_MS,
      boundary + 3 * MINUTE_MS,
      boundary + 5 * MINUTE_MS,
      boundary + 7 * MINUTE_MS,
      boundary + 9 * MINUTE_MS,
    ];
    expect(nextFreeSlot(spent, limits, boundary + 20 * MINUTE_MS, null)).toBe(boundary + MINUTE_MS + DAY_MS);
    expect(nextFreeSlot(spent, limits, boundary + 20 * MINUTE_MS, reset)).toBe(boundary + DAY_MS);
    // A day spent just before the reset is whole again just after it, not a day later.
    const lateSpent = spent.map((t) => t - 20 * MINUTE_MS);
    expect(nextFreeSlot(lateSpent, limits, boundary - 5 * MINUTE_MS, reset)).toBe(boundary);
    expect(nextFreeSlot(lateSpent, limits, boundary - 5 * MINUTE_MS, null)).toBe(lateSpent[0]! + DAY_MS);
    expect(finishTime(lateSpent, limits, boundary - 5 * MINUTE_MS, 1, boundary - 5 * MINUTE_MS, reset)).toBe(boundary);
    // Half a minute before the reset at one a minute, three a day: the first whole day starts
    // behind that send, half a minute late; the days after it start on the reset.
    const slow = { perMinute: 1, perDay: 3 };
    const start = boundary - MINUTE_MS / 2;
    expect(finishTime([], slow, start, 4, start, reset)).toBe(boundary + 2.5 * MINUTE_MS);
    expect(finishTime([], slow, start, 10, start, reset)).toBe(boundary + 2 * DAY_MS + 2 * MINUTE_MS);
  });

  it('with a fixed daily reset, estimates exactly what stepping through every send gives', () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 300; round += 1) {
      const plan = { perMinute: 1 + Math.floor(random() * 4), perDay: 1 + Math.floor(random() * 12) };
      const reset = Math.floor(random() * 1440);
      const now = T0 + Math.floor(random() * DAY_MS);
      const sends = Array.from({ length: Math.floor(random() * 15) }, () => now - Math.floor(random() * DAY_MS)).sort((a, b) => a - b);
      const count = Math.floor(random() * 60);
      const notBefore = now + Math.floor(random() * 3) * MINUTE_MS;
      const stepped = [...sends];
      let at = Math.max(now, notBefore);
      for (let i = 0; i < count; i += 1) {
        at = nextFreeSlot(stepped, plan, at, reset);
        stepped.push(at);
      }
      expect(finishTime(sends, plan, now, count, notBefore, reset), JSON.stringify({ plan, reset, sends, count, notBefore, now })).toBe(
        count === 0 ? now : at,
      );
    }
  });

  it('counts with a binary search', () => {
    expect(countAfter([1, 2, 3, 4, 5], 2)).toBe(3);
    expect(countAfter([1, 2, 3], 3)).toBe(0);
    expect(countAfter([], 0)).toBe(0);
  });

  it('scales the limits by the assumed share, never below one', () => {
    expect(limitsForShare({ perMinute: 30, perDay: 1000 }, 0.5)).toEqual({ perMinute: 15, perDay: 500 });
    expect(limitsForShare({ perMinute: 1, perDay: 1 }, 0.1)).toEqual({ perMinute: 1, perDay: 1 });
  });

  it('shrinks the share quickly, grows back briskly below the ceiling, and probes above it rarely', () => {
    const succeed = (state: ShareState, n: number) => Array.from({ length: n }).reduce<ShareState>((s) => shareAfterSuccess(s, T0), state);
    const limited = shareAfterRateLimit(shareAfterRateLimit(INITIAL_SHARE, T0), T0);
    expect(limited).toEqual({ share: 0.5625, ceiling: 0.75, successes: 0, changedAt: T0 });
    expect(succeed(limited, 20).share).toBeCloseTo(0.6125);
    // 0.6125 + 0.05 is within 5 % of the 0.75 ceiling? no: 0.6625 < 0.7125, so still brisk.
    expect(succeed(limited, 40).share).toBeCloseTo(0.6625);
    // Now near the ceiling: the next step takes 200 successes.
    expect(succeed(limited, 40 + 199).share).toBeCloseTo(0.6625);
    expect(succeed(limited, 40 + 200).share).toBeCloseTo(0.7125);
    expect(shareAfterRateLimit({ share: 0.1, ceiling: 0.2, successes: 3 }, T0).share).toBe(0.1);
    expect(shareAfterSuccess({ share: 1, ceiling: 1, successes: 0 }, T0).share).toBe(1);
  });

  it('forgets a lowered share after an hour without a 429, or when its age is unknown', () => {
    const limited = shareAfterRateLimit(INITIAL_SHARE, T0);
    expect(shareAt(limited, T0 + 59 * MINUTE_MS)).toBe(limited);
    expect(shareAt(limited, T0 + 60 * MINUTE_MS)).toEqual(INITIAL_SHARE);
    // Growing is a change too: the hour counts from it.
    const grown = Array.from({ length: 20 }).reduce<ShareState>((s) => shareAfterSuccess(s, T0 + 50 * MINUTE_MS), limited);
    expect(grown.share).toBeCloseTo(0.8);
    expect(shareAt(grown, T0 + 100 * MINUTE_MS).share).toBeCloseTo(0.8);
    // Saved by an older Gleaner, with no time: forgotten.
    expect(shareAt({ share: 0.5625, ceiling: 0.75, successes: 0 }, T0)).toEqual(INITIAL_SHARE);
    expect(shareAt(INITIAL_SHARE, T0)).toBe(INITIAL_SHARE);
  });

  it('backs off exponentially with jitter, bounded', () => {
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(1, () => 1)).toBe(2000);
    expect(backoffMs(3, () => 0)).toBe(4000);
    expect(backoffMs(30, () => 1)).toBe(300_000);
  });
});

describe('quota plan', () => {
  it('gives requests, time at the plan rate and the share of what is left today', () => {
    const plan = planQuota(300, { perMinute: 30, perDay: 1000 }, 200);
    expect(plan).toMatchObject({ requests: 300, minutesAtPlanRate: 10, remainingToday: 800, fitsToday: true, extraDays: 0 });
    expect(plan.shareOfRemainingToday).toBeCloseTo(0.375);
    expect(describePlan(plan)).toBe('300 request(s), about 10 min at 30/min, 37.5 % of today’s remaining 800 of 1000.');
  });

  it('says when work does not fit today, and for how many more days', () => {
    const plan = planQuota(2500, { perMinute: 30, perDay: 1000 }, 900);
    expect(plan).toMatchObject({ fitsToday: false, remainingToday: 100, extraDays: 3 });
    expect(describePlan(plan)).toMatch(/does not fit in today’s budget: it would carry over 3 more day/);
  });

  it('counts the requests already waiting: they go first, in time and in today’s budget', () => {
    // 700 sent today and 250 waiting leave 50 of a 1000-a-day plan for this import of 100.
    const plan = planQuota(100, { perMinute: 30, perDay: 1000 }, 700, 1, 250);
    // 50 go today; the other 50 wait a day for the budget to come back, then take 2 minutes.
    expect(plan).toMatchObject({ ahead: 250, remainingToday: 50, fitsToday: false, extraDays: 1, minutesAtPlanRate: 1441.7 });
    expect(describePlan(plan)).toMatch(
      /^100 request\(s\), about 24\.0 h \(behind 250 already waiting\) at 30\/min, 200 % of today’s remaining 50 of 1000\./,
    );
  });

  it('plans at the pace the queue keeps while colleagues share the budget, and says so', () => {
    // Half of a 30/min, 1000/day plan: 400 requests with 200 sent today do not fit.
    const plan = planQuota(400, limitsForShare({ perMinute: 30, perDay: 1000 }, 0.5), 200, 0.5);
    expect(plan).toMatchObject({ minutesAtPlanRate: 1446.7, remainingToday: 300, fitsToday: false, extraDays: 1, share: 0.5 });
    expect(describePlan(plan)).toBe(
      '400 request(s), about 24.1 h at 15/min, 133.3 % of today’s remaining 300 of 500. Colleagues on your team are using part of the same budget, so Gleaner currently allows itself 50 % of the plan (15 a minute, 500 a day). It does not fit in today’s budget: it would carry over 1 more day(s).',
    );
  });
});
