import { describe, expect, it } from 'vitest';
import type { QueueGauge } from '../../../../src/shared/queue';
import {
  bulkConfirmText,
  dayMeterLabel,
  describeJob,
  etaText,
  fraction,
  holdBackText,
  intoText,
  runningText,
  untilText,
} from '../../../../src/renderer/src/views/activity/activity-text';

describe('activity wording', () => {
  it('names a job by platform, operation and its telling parameter', () => {
    expect(describeJob({ operation: 'videosite/video', params: { url: 'https://www.youtube.com/watch?v=x' } })).toEqual({
      title: 'YouTube · Video details',
      subject: 'https://www.youtube.com/watch?v=x',
    });
    expect(describeJob({ operation: 'videosite/search', params: { query: 'flood', trim: 'true' } }).subject).toBe('query: flood');
  });

  it('says what a Fetch run waits for: nothing, or the plan’s next free slot', () => {
    const now = Date.parse('2024-01-01T00:00:00.000Z');
    expect(runningText('Search videos', null, now)).toBe('Running search videos…');
    expect(runningText('Search videos', '2024-01-01T00:00:00.000Z', now)).toBe('Running search videos…');
    expect(runningText('Search videos', '2024-01-01T00:00:42.000Z', now)).toBe(
      'Waiting for your plan’s next free request (in 42 s), then running search videos…',
    );
  });

  it('says when the next request may leave, and how full the windows are', () => {
    expect(untilText('2024-01-01T00:00:00.000Z', Date.parse('2024-01-01T00:00:00.000Z'))).toBe('now');
    expect(untilText('2024-01-01T00:00:42.000Z', Date.parse('2024-01-01T00:00:00.000Z'))).toBe('in 42 s');
    expect(untilText('2024-01-01T00:10:00.000Z', Date.parse('2024-01-01T00:00:00.000Z'))).toBe('in 10 min');
    expect(fraction(45, 30)).toBe(1);
    expect(fraction(0, 0)).toBe(1);
    expect(etaText(0)).toBeNull();
    expect(etaText(0.4)).toBe('under a minute');
    expect(etaText(2.1)).toBe('about 3 minutes');
    expect(etaText(150)).toBe('about 2.5 hours');
    // A queue waiting for tomorrow's budget says so in days, not in thousands of minutes.
    expect(etaText(24 * 60 + 2)).toBe('about 24 hours');
    expect(etaText(3 * 24 * 60)).toBe('about 3 days');
    const gauge: QueueGauge = {
      usedThisMinute: 0,
      usedToday: 0,
      limits: { perMinute: 60, perDay: 5000 },
      effectiveLimits: { perMinute: 45, perDay: 3750 },
      share: 0.75,
      nextFreeSlot: '',
      dayReset: 'rolling',
    };
    expect(holdBackText(gauge)).toContain('75 %');
    expect(holdBackText({ ...gauge, share: 1 })).toBeNull();
    expect(dayMeterLabel('rolling')).toBe('Last 24 hours');
    expect(dayMeterLabel('07:30')).toBe('Since 07:30 UTC');
  });
});

describe('the collections a job fills', () => {
  it('names none, one, or every one of them', () => {
    expect(intoText([])).toBe('');
    expect(intoText(['Tip sheet'])).toBe('into “Tip sheet” · ');
    expect(intoText(['Story A', 'Story B'])).toBe('into “Story A” and “Story B” · ');
  });
});

describe('the whole-queue actions ask first, with the numbers', () => {
  const gauge = (usedToday: number, perDay: number, dayReset = 'rolling') =>
    ({
      usedThisMinute: 0,
      usedToday,
      dayReset,
      limits: { perMinute: 30, perDay },
      effectiveLimits: { perMinute: 30, perDay },
      share: 1,
      nextFreeSlot: '2026-01-01T00:00:00Z',
    }) as QueueGauge;

  it('says what cancelling everything does, and that Retry all failed will not undo it', () => {
    expect(bulkConfirmText('cancel', 1, null)).toBe(
      'Cancel the 1 request waiting, in every import and call? It moves to Cancelled; Retry all failed does not bring it back, only its own Retry.',
    );
    expect(bulkConfirmText('cancel', 1234, null)).toMatch(
      /^Cancel all 1,234 requests waiting, in every import and call\? They move to Cancelled/,
    );
  });

  it('says how much of the day’s budget a retry spends, and when it is more than is left', () => {
    expect(bulkConfirmText('retry', 45, gauge(300, 1000))).toBe(
      'Send 45 requests that failed again? That spends up to 45 requests of the 700 left in the day’s budget (last 24 hours). A request the service refused for itself (not found, a bad parameter) fails again unless you changed something since.',
    );
    expect(bulkConfirmText('retry', 1200, gauge(990, 1000, '06:00'))).toContain(
      'up to 1,200 requests of the 10 left in the day’s budget (since 06:00 UTC); the rest wait for it to free up.',
    );
    expect(bulkConfirmText('retry', 2, gauge(1500, 1000))).toContain('of the 0 left');
  });
});
