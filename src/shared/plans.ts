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
