/**
 * The queue's timers for any wait: Node fires a timer given more than 2^31 - 1 ms at once, with a
 * TimeoutOverflowWarning, so a wait of weeks became a busy loop; systemTimers waits it out in steps.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemTimers } from '../../../../src/main/core/queue/timers';
import { LONGEST_TIMER_MS } from '../../../../src/shared/long-timeout';

afterEach(() => {
  vi.useRealTimers();
});

describe('systemTimers', () => {
  it('waits out a delay longer than a timer keeps, in steps, and fires once at its end', () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    systemTimers.setTimeout(fired, LONGEST_TIMER_MS * 2 + 5);
    vi.advanceTimersByTime(LONGEST_TIMER_MS);
    vi.advanceTimersByTime(LONGEST_TIMER_MS);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('can be cleared before its end, between steps too', () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    const handle = systemTimers.setTimeout(fired, LONGEST_TIMER_MS + 10);
    vi.advanceTimersByTime(LONGEST_TIMER_MS + 1);
    systemTimers.clearTimeout(handle);
    vi.advanceTimersByTime(LONGEST_TIMER_MS);
    expect(fired).not.toHaveBeenCalled();
  });

  it('sets no timer Node would fire at once: no TimeoutOverflowWarning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const fired = vi.fn();
    // A Retry-After of 99999999 s, as the real timers would be given it.
    const handle = systemTimers.setTimeout(fired, 99_999_999_000);
    try {
      // Node emits the warning on the next tick after the timer is set.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain('TimeoutOverflowWarning');
      expect(fired).not.toHaveBeenCalled();
    } finally {
      systemTimers.clearTimeout(handle);
      process.off('warning', onWarning);
    }
  });
});
