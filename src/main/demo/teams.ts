/**
 * Demo teams, their tokens and subscription states. Tokens are derived from the seed, so a
 * given seed always prints the same ones; refreshing derives the next one in the sequence.
 */
import { DemoRequestError } from './errors';
import { HEX, createRandom } from './random';
import type { DemoPlan, DemoTeamInfo, DemoTeamStatus } from './types';

export const DEMO_PLANS: readonly DemoPlan[] = ['starter', 'pro', 'team'];

interface TeamState {
  name: string;
  plan: DemoPlan;
  generation: number;
  token: string;
  status: DemoTeamStatus;
  colleagueShare: number;
}

export type AuthResult = { ok: true; team: DemoTeamInfo } | { ok: false; status: 401 | 403; message: string };

export interface TeamRegistry {
  list(): DemoTeamInfo[];
  find(nameOrPlan: string): DemoTeamInfo | undefined;
  authenticate(authorization: string | undefined): AuthResult;
  refresh(nameOrPlan: string): string;
  setStatus(nameOrPlan: string, status: DemoTeamStatus): void;
  setColleagueShare(share: number, nameOrPlan?: string): void;
  /** Every token ever issued, for redaction. */
  everIssued(): string[];
}

const tokenFor = (seed: string, plan: DemoPlan, generation: number): string =>
  `demo_${plan}_${createRandom(seed, 'token', plan, generation).chars(HEX, 32)}`;

export function createTeamRegistry(seed: string, onToken: (token: string) => void = () => undefined): TeamRegistry {
  const teams: TeamState[] = DEMO_PLANS.map((plan) => ({
    name: `demo-${plan}`,
    plan,
    generation: 0,
    token: tokenFor(seed, plan, 0),
    status: 'active',
    colleagueShare: 0,
  }));
  const issued = new Set(teams.map((t) => t.token));
  issued.forEach(onToken);

  const info = (t: TeamState): DemoTeamInfo => ({
    name: t.name,
    plan: t.plan,
    token: t.token,
    status: t.status,
    colleagueShare: t.colleagueShare,
  });
  const state = (nameOrPlan: string): TeamState => {
    const team = teams.find((t) => t.name === nameOrPlan || t.plan === nameOrPlan);
    if (!team)
      throw new DemoRequestError(404, `No demo team named ${JSON.stringify(nameOrPlan)}; teams: ${teams.map((t) => t.name).join(', ')}.`);
    return team;
  };

  return {
    list: () => teams.map(info),
    find: (nameOrPlan) => {
      const team = teams.find((t) => t.name === nameOrPlan || t.plan === nameOrPlan);
      return team ? info(team) : undefined;
    },
    authenticate(authorization) {
      const match = (authorization ?? '').match(/^\s*bearer\s+(\S+)\s*$/i);
      if (!match?.[1]) {
        return { ok: false, status: 401, message: 'Missing API token: send the header Authorization: Bearer <API_TOKEN>.' };
      }
      const token = match[1];
      const team = teams.find((t) => t.token === token);
      if (!team) return { ok: false, status: 401, message: 'Invalid API token: it is unknown, or it was refreshed or replaced.' };
      if (team.status === 'lapsed') return { ok: false, status: 403, message: 'The team has no active subscription.' };
      // The spec: a suspension makes the token invalid, and an invalid token is 401 (403 is for a lapsed subscription only).
      if (team.status === 'suspended')
        return { ok: false, status: 401, message: 'This account is suspended, so its API token is invalid.' };
      return { ok: true, team: info(team) };
    },
    refresh(nameOrPlan) {
      const team = state(nameOrPlan);
      team.generation += 1;
      team.token = tokenFor(seed, team.plan, team.generation);
      issued.add(team.token);
      onToken(team.token);
      return team.token;
    },
    setStatus(nameOrPlan, status) {
      state(nameOrPlan).status = status;
    },
    setColleagueShare(share, nameOrPlan) {
      if (!Number.isFinite(share) || share < 0 || share > 1) throw new DemoRequestError(400, 'share must be a number from 0 to 1.');
      for (const team of nameOrPlan === undefined ? teams : [state(nameOrPlan)]) team.colleagueShare = share;
    },
    everIssued: () => [...issued],
  };
}
