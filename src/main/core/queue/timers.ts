import { clearTimer, startTimer } from '../../../shared/long-timeout';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  // However long the wait: a timer given more than 2^31 - 1 ms fires at once (long-timeout.ts).
  // A waiting queue must not keep a CLI process alive on its own.
  setTimeout: (callback, ms) => startTimer(callback, ms, { unref: true }),
  clearTimeout: clearTimer,
};
