/** The in-process DemoControl over the service's parts. */
import type { FaultInjector } from './faults';
import type { RateLimiter } from './rate-limit';
import type { RequestLog } from './request-log';
import type { TeamRegistry } from './teams';
import type { TimeLayer } from './time/time-layer';
import type { DemoControl } from './types';

export interface ControlParts {
  teams: TeamRegistry;
  limiter: RateLimiter;
  faults: FaultInjector;
  requests: RequestLog;
  time: TimeLayer;
  /** Forgets per-call state such as the trending call count. */
  resetCalls(): void;
}

export function createControl(parts: ControlParts): DemoControl {
  return {
    requests: () => parts.requests.list(),
    teams: () => parts.teams.list(),
    refreshToken: (team) => parts.teams.refresh(team),
    lapse: (team) => parts.teams.setStatus(team, 'lapsed'),
    suspend: (team) => parts.teams.setStatus(team, 'suspended'),
    reactivate: (team) => parts.teams.setStatus(team, 'active'),
    setColleagues: (share, team) => parts.teams.setColleagueShare(share, team),
    faults: () => parts.faults.list(),
    setFaults: (rules) => parts.faults.set(rules),
    clearFaults: () => parts.faults.clear(),
    reset() {
      parts.requests.clear();
      parts.limiter.reset();
      parts.resetCalls();
      parts.time.reset();
    },
    advance: (hours) => parts.time.advance(hours),
    clock: () => parts.time.clock(),
    truth: () => parts.time.truth(),
  };
}
