/**
 * When a watch is due. A run is queued within one scheduler tick of its due time (a minute), and
 * goes out once the calls and imports queued before it have gone; the next due time follows the
 * previous one, not the run, so a late run does not push every later one back.
 */
import { WATCH_INTERVAL_MS, type WatchInterval } from '../../../shared/watch';

/** How often the scheduler looks for due watches. */
export const WATCH_TICK_MS = 60_000;

/**
 * The slack Gleaner states: a watch runs within its interval plus this, while the queue runs and
 * its budget is not spent by other work (one tick, plus the time its request waits in line).
 */
export const WATCH_SLACK_MS = 5 * 60_000;

/**
 * The due time after a run queued at `now` for a watch due at `dueAt`. A run asked for before
 * its time (`watch run --all`) starts the interval afresh from now rather than skipping a turn.
 */
export function nextDueAfter(dueAt: number, now: number, interval: WatchInterval): number {
  const step = WATCH_INTERVAL_MS[interval];
  const next = Math.min(dueAt, now) + step;
  // Gleaner was closed for longer than an interval: one run now stands for all that were missed.
  return next > now ? next : now + step;
}

export const isDue = (dueAt: number, now: number): boolean => dueAt <= now;
