/** The service's plans (spec: Limits). Limits are per team and shared with colleagues. */
export const PLAN_NAMES = ['starter', 'pro', 'team', 'custom'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  perMinute: number;
  perDay: number;
}

export const PLAN_LIMITS: Readonly<Record<Exclude<PlanName, 'custom'>, PlanLimits>> = {
  starter: { perMinute: 30, perDay: 1000 },
  pro: { perMinute: 60, perDay: 5000 },
  team: { perMinute: 120, perDay: 20000 },
};

export const PLAN_LABELS: Readonly<Record<PlanName, string>> = {
  starter: 'Starter (30/min, 1,000/day)',
  pro: 'Pro (60/min, 5,000/day)',
  team: 'Team (120/min, 20,000/day)',
  custom: 'Custom limits',
};

/**
 * When the team's daily budget starts afresh. The interface does not say (spec: Limits, "reset
 * timing: not shown"), so the default is a sliding 24-hour window (`null`), which stays within a
 * daily limit however the service counts its days. A service known to reset at a fixed time of
 * day is set as that time, in minutes after midnight UTC: the budget is then whole again at that
 * moment instead of 24 hours after each request.
 */
export type DayReset = number | null;

/** The setting's text: `rolling`, or the reset time as HH:MM (UTC). */
export function formatDayReset(reset: DayReset): string {
  if (reset === null) return 'rolling';
  return `${String(Math.floor(reset / 60)).padStart(2, '0')}:${String(reset % 60).padStart(2, '0')}`;
}
