/**
 * While the hub cannot be reached, a desk keeps to its own share of the plan (`team.fallback-share`,
 * half by default): the plan's limits scaled by it, over this desk's own sends, counted in the
 * sliding minute and the day exactly as the local queue counts them.
 */
import type { DayReset, PlanLimits } from '../../../../shared/plans';
import { DAY_MS, MINUTE_MS, countAfter, limitsForShare, nextFreeSlot, usedToday } from '../../queue/rate';

export function createFallbackShare() {
  /** This desk's sends (granted by the hub or by its own share), in its own clock, ascending. */
  let sends: number[] = [];

  const forget = (now: number) => {
    const keep = countAfter(sends, now - DAY_MS);
    if (keep < sends.length) sends = sends.slice(sends.length - keep);
  };

  return {
    /** A request left (whoever allowed it): it counts toward the share if the hub goes away. */
    sent(at: number): void {
      sends.splice(sends.length - countAfter(sends, at), 0, at);
      forget(at);
    },
    /** The earliest time one more request keeps within the share (now if at once). */
    slotFor(now: number, limits: PlanLimits, share: number, dayReset: DayReset): number {
      forget(now);
      return nextFreeSlot(sends, limitsForShare(limits, share), now, dayReset);
    },
    counts(now: number, dayReset: DayReset): { thisMinute: number; today: number } {
      return { thisMinute: countAfter(sends, now - MINUTE_MS), today: usedToday(sends, now, dayReset) };
    },
  };
}

export type FallbackShare = ReturnType<typeof createFallbackShare>;
