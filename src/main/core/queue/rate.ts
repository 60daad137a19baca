/**
 * The arithmetic of the team's shared budget: a sliding one-minute window and a day (sliding
 * 24 hours, or since a fixed daily reset when the settings name one), the
 * share of the plan Gleaner assumes is its own (colleagues spend the same budget), and
 * backoff with jitter. Pure functions of times in milliseconds, so a simulated day runs in
 * milliseconds.
 */
import type { DayReset, PlanLimits } from '../../../shared/plans';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** The limits Gleaner allows itself: the plan's, times the share it assumes is its own. */
export function limitsForShare(limits: PlanLimits, share: number): PlanLimits {
  return {
    perMinute: Math.max(1, Math.floor(limits.perMinute * share)),
    perDay: Math.max(1, Math.floor(limits.perDay * share)),
  };
}

/** The last daily reset at or before `now` (`reset` in minutes after midnight UTC). */
function lastReset(now: number, reset: number): number {
  const offset = reset * MINUTE_MS;
  return Math.floor((now - offset) / DAY_MS) * DAY_MS + offset;
}

/**
 * Sends later than this count toward today's budget: those of the last 24 hours (rolling), or
 * those since the last reset, the reset's own millisecond included.
 */
export function dayWindowAfter(now: number, reset: DayReset): number {
  return reset === null ? now - DAY_MS : lastReset(now, reset) - 1;
}

/** How many of the ascending `sends` count toward today's budget at `now`. */
export function usedToday(sends: readonly number[], now: number, reset: DayReset = null): number {
  return countAfter(sends, dayWindowAfter(now, reset));
}

/**
 * The earliest time at or after `now` when one more request keeps both windows within the
 * limits. `sends` are the times of requests already sent, ascending. A request at time t
 * counts in the window (t - 60 s, t]; for the day, see `dayWindowAfter`. With a fixed reset a
 * spent day frees at the next reset, all at once.
 */
export function nextFreeSlot(sends: readonly number[], limits: PlanLimits, now: number, reset: DayReset = null): number {
  let slot = now;
  const inMinute = countAfter(sends, now - MINUTE_MS);
  if (inMinute >= limits.perMinute) slot = Math.max(slot, sends[sends.length - limits.perMinute]! + MINUTE_MS);
  if (usedToday(sends, now, reset) >= limits.perDay) {
    slot = Math.max(slot, reset === null ? sends[sends.length - limits.perDay]! + DAY_MS : lastReset(now, reset) + DAY_MS);
  }
  return slot;
}

/**
 * When the last of `count` more requests can be sent, if each goes at its first free slot: the
 * minute window sets the pace and the day window can hold the rest back until tomorrow.
 *
 * Rolling day: beyond one day's budget each request waits for its own send a day earlier to
 * leave the window, so the first day's pattern repeats a day later; only that first day is
 * stepped through. Fixed reset: the rest of today and two whole days are stepped through, and
 * every later day repeats the second (the first may start late, behind yesterday's last sends).
 */
export function finishTime(
  sends: readonly number[],
  limits: PlanLimits,
  now: number,
  count: number,
  notBefore = now,
  reset: DayReset = null,
): number {
  if (count <= 0) return now;
  const planned = sends.slice(sends.length - countAfter(sends, now - DAY_MS));
  let at = Math.max(now, notBefore);
  if (reset !== null) {
    // The second whole day follows a whole day, as every later one does: its pattern is theirs.
    const steadyDay = lastReset(at, reset) + 2 * DAY_MS;
    for (let i = 0; i < count; i += 1) {
      at = nextFreeSlot(planned, limits, at, reset);
      if (at >= steadyDay + DAY_MS) {
        const pattern = planned.slice(planned.length - countAfter(planned, steadyDay - 1));
        const left = count - i - 1;
        return pattern[left % pattern.length]! + (Math.floor(left / pattern.length) + 1) * DAY_MS;
      }
      planned.push(at);
    }
    return at;
  }
  const firstDay = Math.min(count, limits.perDay);
  for (let i = 0; i < firstDay; i += 1) {
    at = nextFreeSlot(planned, limits, at);
    planned.push(at);
  }
  const last = count - 1;
  if (last < firstDay) return at;
  const mine = planned.slice(planned.length - firstDay);
  return mine[last % limits.perDay]! + Math.floor(last / limits.perDay) * DAY_MS;
}

/** How many of the ascending `times` are later than `after` (binary search). */
export function countAfter(times: readonly number[], after: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (times[mid]! > after) high = mid;
    else low = mid + 1;
  }
  return times.length - low;
}

/**
 * Share adaptation: shrink quickly while 429s come; grow back briskly up to just below the
 * share at which the last 429 struck (the "ceiling"), and only probe above it now and then,
 * so a team whose colleagues keep spending half the budget sees few 429s. A share left lowered
 * for an hour without another 429 is forgotten: the colleagues' spending it measured is old news,
 * and a CLI that sends a few requests a day would otherwise never earn it back.
 */
export const SHARE = {
  min: 0.1,
  max: 1,
  shrinkFactor: 0.75,
  growStep: 0.05,
  successesToGrow: 20,
  successesToProbe: 200,
  belowCeiling: 0.95,
  forgetAfterMs: 60 * MINUTE_MS,
} as const;

export interface ShareState {
  share: number;
  /** The share at which the last 429 struck (1 before any). */
  ceiling: number;
  /** Successes since the share last changed. */
  successes: number;
  /** When the share last changed (ms since the epoch); absent in states saved by older versions. */
  changedAt?: number;
}

export const INITIAL_SHARE: ShareState = { share: SHARE.max, ceiling: SHARE.max, successes: 0 };

export function shareAfterRateLimit(state: ShareState, now: number): ShareState {
  return { share: Math.max(SHARE.min, state.share * SHARE.shrinkFactor), ceiling: state.share, successes: 0, changedAt: now };
}

export function shareAfterSuccess(state: ShareState, now: number): ShareState {
  if (state.share >= SHARE.max) return { ...state, successes: 0 };
  const successes = state.successes + 1;
  const probing = state.share + SHARE.growStep > state.ceiling * SHARE.belowCeiling;
  if (successes < (probing ? SHARE.successesToProbe : SHARE.successesToGrow)) return { ...state, successes };
  const share = Math.min(SHARE.max, state.share + SHARE.growStep);
  // Above the old ceiling without a 429: the colleagues have eased off, raise it.
  return { share, ceiling: Math.max(state.ceiling, share), successes: 0, changedAt: now };
}

/** The share in force at `now`: a lowered one unchanged for SHARE.forgetAfterMs (or of unknown age) is forgotten. */
export function shareAt(state: ShareState, now: number): ShareState {
  if (state.share >= SHARE.max) return state;
  if (state.changedAt !== undefined && now - state.changedAt < SHARE.forgetAfterMs) return state;
  return INITIAL_SHARE;
}

export const BACKOFF = { baseMs: 2_000, maxMs: 5 * MINUTE_MS, maxAttempts: 5 } as const;

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread out. */
export function backoffMs(attempt: number, random: () => number, baseMs: number = BACKOFF.baseMs, maxMs: number = BACKOFF.maxMs): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
