/**
 * Per-team rate limits over sliding windows (60 s and 24 h) on the injected clock. Colleagues
 * Gleaner cannot see use a share of every window, so Gleaner meets 429s it did not cause.
 */
import type { Clock } from '../core/clock';
import { PLAN_LIMITS } from '../../shared/plans';
import type { DemoTeamInfo } from './types';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number; message: string };

export interface RateLimiter {
  /** Counts the request against the team's windows when it is allowed. */
  take(team: DemoTeamInfo): RateDecision;
  reset(): void;
}

export function createRateLimiter(clock: Clock): RateLimiter {
  /** Times of the accepted requests of each team, oldest first, within the last day. */
  const history = new Map<string, number[]>();

  /** Null when under the limit, else how long until enough of the window has passed. */
  function wait(times: readonly number[], since: number, windowMs: number, limit: number, share: number, now: number): number | null {
    const available = limit - Math.round(limit * share);
    const first = lowerBound(times, since);
    const used = times.length - first;
    if (used < available) return null;
    // Colleagues hold the whole window: nothing Gleaner waits for frees it sooner.
    if (available <= 0) return windowMs;
    const freeing = times[first + used - available] ?? now;
    return Math.max(1, freeing + windowMs - now);
  }

  return {
    take(team) {
      const now = clock.now();
      const limits = PLAN_LIMITS[team.plan];
      const times = history.get(team.name) ?? [];
      const expired = lowerBound(times, now - DAY_MS + 1);
      if (expired > 0) times.splice(0, expired);
      const minuteWait = wait(times, now - MINUTE_MS + 1, MINUTE_MS, limits.perMinute, team.colleagueShare, now);
      const dayWait = wait(times, now - DAY_MS + 1, DAY_MS, limits.perDay, team.colleagueShare, now);
      if (minuteWait !== null || dayWait !== null) {
        const waitMs = Math.max(minuteWait ?? 0, dayWait ?? 0);
        const which = dayWait !== null ? `${limits.perDay} requests per day` : `${limits.perMinute} requests per minute`;
        const retryAfterSeconds = Math.ceil(waitMs / 1000);
        return {
          ok: false,
          retryAfterSeconds,
          message: `Rate limit exceeded: the ${team.plan} plan allows ${which} for the whole team. Retry after ${retryAfterSeconds} s.`,
        };
      }
      times.push(now);
      history.set(team.name, times);
      return { ok: true };
    },
    reset: () => history.clear(),
  };
}

/** Index of the first time >= value in an ascending list. */
function lowerBound(times: readonly number[], value: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
