/**
 * The rules of the team's one quota, as pure functions of what the hub counted (see
 * store/hub/quota-repository): never more than the plan's limits in any window, a call from the
 * window ahead of bulk work, and the minute shared fairly between members with backlogs.
 */
import type { GrantFacts, GrantVerdict } from '../../store/hub';
import type { PlanLimits } from '../../../../shared/plans';

/**
 * Fairness: each member with work waiting is owed an equal part of the minute. A desk already at
 * its part waits only when the slots left are all owed to colleagues who are waiting too, so a
 * slot nobody else wants is never left unused (the plan is paid for).
 */
export function fairShareVerdict(facts: GrantFacts, perMinute: number, windowMs: number): GrantVerdict | null {
  const active = new Set(facts.demands.map((d) => d.member));
  active.add(facts.deskId);
  if (active.size < 2) return null;
  const part = Math.ceil(perMinute / active.size);
  const used = new Map<string, number>();
  for (const grant of facts.minute) used.set(grant.member, (used.get(grant.member) ?? 0) + 1);
  const mine = used.get(facts.deskId) ?? 0;
  if (mine < part) return null;
  let owedToOthers = 0;
  for (const member of active) if (member !== facts.deskId) owedToOthers += Math.max(0, part - (used.get(member) ?? 0));
  if (facts.minute.length + owedToOthers < perMinute) return null;
  const myFirstToLeave = facts.minute.find((g) => g.member === facts.deskId);
  return { grant: false, notBefore: myFirstToLeave?.leavesAt ?? facts.now + windowMs };
}

export function decideGrant(facts: GrantFacts, limits: PlanLimits, windowMs: number): GrantVerdict {
  if (facts.dayCount >= limits.perDay) return { grant: false, notBefore: Math.max(facts.dayFreesAt, facts.now + 1) };
  const inWindow = facts.minute.length;
  if (inWindow >= limits.perMinute) {
    return { grant: false, notBefore: facts.minute[inWindow - limits.perMinute]!.leavesAt };
  }
  // Calls from the window are only held by the limits themselves.
  if (facts.priority > 0) return { grant: true };
  const callWaiting = facts.demands.some((d) => d.calls > 0);
  if (callWaiting && inWindow === limits.perMinute - 1) {
    // The minute's last slot is the waiting call's; bulk work waits for the next one to free.
    return { grant: false, notBefore: facts.minute[0]?.leavesAt ?? facts.now + windowMs };
  }
  return fairShareVerdict(facts, limits.perMinute, windowMs) ?? { grant: true };
}
