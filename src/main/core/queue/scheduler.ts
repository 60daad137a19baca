/**
 * The scheduler's timing: one wake timer for the earliest moment something can be sent (a free
 * slot, a job due), and how many requests may be in flight at once.
 */
import type { Clock } from '../clock';
import type { Timers } from './timers';

/** Requests in flight at once: after the service could not be reached, one tries it before the others follow. */
export function lanesFor(concurrency: number, inOutage: boolean): number {
  return inOutage ? 1 : concurrency;
}

/** Whether a wake at `at` is needed, given the one already set for `current`. */
export const isEarlier = (at: number, current: number): boolean => at < current;

/** A single timer that fires at the earliest time asked of it (later asks are already covered). */
export function createWakeTimer(clock: Clock, timers: Timers, onWake: () => void) {
  let handle: unknown = null;
  let wakeAt = Number.POSITIVE_INFINITY;
  return {
    at(at: number): void {
      if (!isEarlier(at, wakeAt)) return;
      if (handle !== null) timers.clearTimeout(handle);
      wakeAt = at;
      handle = timers.setTimeout(
        () => {
          handle = null;
          wakeAt = Number.POSITIVE_INFINITY;
          onWake();
        },
        Math.max(0, at - clock.now()),
      );
    },
    cancel(): void {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      wakeAt = Number.POSITIVE_INFINITY;
    },
  };
}
