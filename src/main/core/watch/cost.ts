/**
 * What watches cost, in requests a day, and the cap all watches together may not pass: the
 * arithmetic behind `watch.plan`, pure so the planner's numbers can be checked by hand.
 */
import { WATCH_INTERVAL_MS, type WatchCost, type WatchInterval } from '../../../shared/watch';

const DAY_MS = 24 * 3_600_000;

/** Requests a day of one watch: its runs a day times the pages each run fetches. */
export function requestsPerDay(interval: WatchInterval, pages = 1): number {
  return (DAY_MS / WATCH_INTERVAL_MS[interval]) * pages;
}

/** The requests a day all watches together may use: a share of the plan's daily limit, rounded down. */
export function watchCap(dailyBudget: number, capShare: number): number {
  return Math.floor(dailyBudget * capShare);
}

/**
 * The cost of adding (or resuming) a watch of `perDay` requests beside the active watches'
 * `othersPerDay`. Costs below one request a day (weekly watches) are kept as fractions: rounding
 * each up would refuse a cap that a week's runs fit.
 */
export function watchCost(perDay: number, othersPerDay: number, dailyBudget: number, capShare: number): WatchCost {
  const allWatchesPerDay = roundCost(othersPerDay + perDay);
  const cap = watchCap(dailyBudget, capShare);
  return {
    requestsPerDay: roundCost(perDay),
    allWatchesPerDay,
    dailyBudget,
    cap,
    share: dailyBudget > 0 ? allWatchesPerDay / dailyBudget : 1,
    fits: allWatchesPerDay <= cap,
  };
}

/** Two decimals: a weekly watch costs 0.14 a day, and sums of them must not drift. */
export const roundCost = (value: number): number => Math.round(value * 100) / 100;

/** The refusal's sentence: the numbers the user needs to decide what to pause or slow down. */
export function overCapMessage(cost: WatchCost): string {
  const percent = (value: number) => `${Math.round(value * 1000) / 10} %`;
  return `This watch would bring all watches to ${cost.allWatchesPerDay} requests a day (${percent(cost.share)} of the plan’s ${cost.dailyBudget}), past the watch cap of ${cost.cap} a day. Watch less often, pause or remove another watch, or raise the cap (gleaner config set watch.cap-share 0.5).`;
}
