/**
 * setTimeout for a delay of any length. Node (and browsers) keep a timer's delay in a signed
 * 32-bit count of milliseconds: a longer delay (from about 24.8 days) fires at once, with a
 * TimeoutOverflowWarning in Node, so a wait meant to last weeks turned into a timer that fired,
 * found the wait not over and was set again, round and round. A longer delay is waited out in
 * steps of the longest one a timer keeps.
 */

/** The longest delay a timer keeps: 2^31 - 1 ms, about 24.8 days. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface LongTimer {
  clear(): void;
}

/** A delay a timer can be given: not a number, or below zero, is now; Infinity is never. */
const delayOf = (ms: number): number => (Number.isNaN(ms) || ms < 0 ? 0 : ms);

/**
 * Calls `callback` once, `ms` from now, however long that is. With `unref`, a waiting timer does
 * not keep a Node process alive on its own.
 */
export function startTimer(callback: () => void, ms: number, options: { unref?: boolean } = {}): LongTimer {
  let handle: ReturnType<typeof setTimeout> | undefined;
  let cleared = false;
  const arm = (left: number): void => {
    const step = Math.min(left, LONGEST_TIMER_MS);
    handle = setTimeout(() => {
      if (cleared) return;
      if (left > LONGEST_TIMER_MS) arm(left - LONGEST_TIMER_MS);
      else callback();
    }, step);
    if (options.unref) (handle as { unref?: () => void }).unref?.();
  };
  arm(delayOf(ms));
  return {
    clear(): void {
      cleared = true;
      if (handle !== undefined) clearTimeout(handle);
    },
  };
}

/** Clears a timer startTimer gave, or does nothing for any other value. */
export function clearTimer(timer: unknown): void {
  if (typeof timer === 'object' && timer !== null && typeof (timer as Partial<LongTimer>).clear === 'function') {
    (timer as LongTimer).clear();
  }
}

/** A promise that resolves after `ms`, however long. */
export const delayFor = (ms: number): Promise<void> => new Promise((resolve) => startTimer(resolve, ms));
