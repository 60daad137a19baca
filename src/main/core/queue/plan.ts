/**
 * What a piece of work will cost before it starts: requests, time at the plan's rate, and
 * the share of today's remaining budget (spec: Limits; PRODUCT.md: "Before a bulk job
 * starts, the user sees its request count, time at the current plan and share of today's
 * budget").
 */
import type { PlanLimits } from '../../../shared/plans';
import { holdBackSentence, type QuotaPlan } from '../../../shared/queue';

/**
 * @param limits what the queue allows itself now (the plan's limits times `share`): an import is
 *   sent at that pace, and what fits today is what that pace leaves of today
 * @param share the part of the plan the queue takes as its own (below 1 after colleagues' 429s)
 * @param ahead requests already waiting in the queue, which are sent first
 */
export function planQuota(requests: number, limits: PlanLimits, usedToday: number, share = 1, ahead = 0): QuotaPlan {
  const remainingToday = Math.max(0, limits.perDay - usedToday - ahead);
  const fitsToday = requests <= remainingToday;
  const beyondToday = Math.max(0, requests - remainingToday);
  const extraDays = fitsToday ? 0 : Math.ceil(beyondToday / limits.perDay);
  // Work beyond today's budget waits for the day's budget to come back (a day later, counted as
  // the queue counts its day), then goes at the minute's pace: the time must say so, not the
  // minutes the per-minute limit alone would take.
  const minutes = fitsToday
    ? (ahead + requests) / limits.perMinute
    : extraDays * 24 * 60 + (beyondToday - (extraDays - 1) * limits.perDay) / limits.perMinute;
  return {
    requests,
    ahead,
    minutesAtPlanRate: Math.ceil(minutes * 10) / 10,
    remainingToday,
    shareOfRemainingToday: remainingToday === 0 ? (requests === 0 ? 0 : Number.POSITIVE_INFINITY) : requests / remainingToday,
    fitsToday,
    extraDays,
    limits,
    share,
  };
}

export function describePlan(plan: QuotaPlan): string {
  const minutes =
    plan.minutesAtPlanRate < 1
      ? 'under a minute'
      : plan.minutesAtPlanRate < 90
        ? `about ${Math.ceil(plan.minutesAtPlanRate)} min`
        : `about ${(plan.minutesAtPlanRate / 60).toFixed(1)} h`;
  const share = Number.isFinite(plan.shareOfRemainingToday) ? `${Math.round(plan.shareOfRemainingToday * 1000) / 10} %` : 'more than all';
  const behind = plan.ahead > 0 ? ` (behind ${plan.ahead} already waiting)` : '';
  const head = `${plan.requests} request(s), ${minutes}${behind} at ${plan.limits.perMinute}/min, ${share} of today’s remaining ${plan.remainingToday} of ${plan.limits.perDay}.`;
  const holdBack = holdBackSentence(plan.share, plan.limits);
  const withHoldBack = holdBack ? `${head} ${holdBack}` : head;
  return plan.fitsToday
    ? withHoldBack
    : `${withHoldBack} It does not fit in today’s budget: it would carry over ${plan.extraDays} more day(s).`;
}
