import type { OperationId } from '../../shared/catalogue';
import type { Clock } from '../core/clock';
import type { Logger } from '../core/log';

export type DemoPlan = 'starter' | 'pro' | 'team';

/** A demo team as printed by `gleaner demo-service`: one per plan. */
export interface DemoTeam {
  name: string;
  plan: DemoPlan;
  token: string;
}

/** A lapsed team gets 403; a suspended one 401 (spec: suspension makes the token invalid, and an invalid token is 401). */
export type DemoTeamStatus = 'active' | 'lapsed' | 'suspended';

export interface DemoTeamInfo extends DemoTeam {
  status: DemoTeamStatus;
  /** Share (0..1) of each rate window used up by colleagues Gleaner cannot see. */
  colleagueShare: number;
}

export const FAULT_KINDS = ['latency', 'slow-transcript', 'status', 'drop', 'truncate', 'garbled', 'html', 'rate-limit'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * One fault rule. Which requests it hits: those of `operations` (default all), then, among
 * them, every `everyNth` one and/or a seeded `rate` share; `nextN` stops it after N hits.
 * With none of the three it hits every matching request.
 *
 * - `latency`: waits `latencyMs` before answering.
 * - `slow-transcript`: the same, on the transcript operations only.
 * - `status`: answers `status` (404 or 410 for content that is gone, 500, 502, 503 or 504; default 503) with a JSON error body.
 * - `drop`: destroys the connection without an answer.
 * - `truncate`: sends the normal answer cut in half (invalid JSON, status 200).
 * - `garbled`: sends the normal answer as valid JSON, but with every record in it replaced by a
 *   string no reader can make an item of (a service whose shapes drifted).
 * - `html`: answers an HTML error page with `status` (default 502).
 * - `rate-limit`: answers 429; with `Retry-After: retryAfterSeconds` (default 1), none when null.
 */
export interface FaultRule {
  kind: FaultKind;
  operations?: OperationId[];
  everyNth?: number;
  nextN?: number;
  rate?: number;
  latencyMs?: number;
  status?: number;
  retryAfterSeconds?: number | null;
}

/** One entry of `GET /__demo/requests` (shared/CLI.md). `status` 0 means the connection was dropped. */
export interface DemoRequestRecord {
  /** ISO-8601, from the service's clock. */
  time: string;
  method: string;
  path: string;
  /** The query parameters; token-like values are replaced by "[redacted]". */
  query: Record<string, string>;
  status: number;
}

/** In-process control of a running demo service; `/__demo/…` offers the same over HTTP. */
export interface DemoControl {
  requests(): DemoRequestRecord[];
  teams(): DemoTeamInfo[];
  /** Issues a new token for the team (by name or plan); the old one gets 401 from now on. */
  refreshToken(team: string): string;
  lapse(team: string): void;
  suspend(team: string): void;
  /** Back to active, with the same token. */
  reactivate(team: string): void;
  /** Share (0..1) of every rate window used by invisible colleagues; all teams unless one is named. */
  setColleagues(share: number, team?: string): void;
  faults(): FaultRule[];
  /** Replaces the fault rules (validated; throws on a bad rule). */
  setFaults(rules: readonly FaultRule[]): void;
  clearFaults(): void;
  /** Clears the request log, the rate windows and the trending call count, and sets the demo clock back to its start. */
  reset(): void;
  /** Moves the demo clock forward by whole hours (1..DEMO_MAX_ADVANCE_HOURS; throws on anything else). */
  advance(hours: number): DemoClockState;
  clock(): DemoClockState;
  /** Every change the demo made to content it served, since start or the last reset (README: "Time"). */
  truth(): DemoTruthChange[];
}

/** The demo clock: `hours` since start; `now` is the demo time as ISO UTC. */
export interface DemoClockState {
  hours: number;
  start: string;
  now: string;
}

/** Longest single advance, and the furthest the demo clock goes (five years). */
export const DEMO_MAX_ADVANCE_HOURS = 24 * 366;
export const DEMO_MAX_HOURS = 24 * 366 * 5;

export const DEMO_TRUTH_KINDS = ['edited', 'counts', 'removed', 'private', 'restored', 'new-post', 'delisted'] as const;
export type DemoTruthKind = (typeof DEMO_TRUTH_KINDS)[number];

/**
 * One change the demo made, as `GET /__demo/truth` lists it. `operation` names the operation
 * whose answer shows it; `listing` (for 'new-post' and 'delisted') names the listing it shows in.
 * `field` is Gleaner's name: title, text, authorName, views, likes, comments, reposts, shares, followers.
 */
export interface DemoTruthChange {
  at: string;
  kind: DemoTruthKind;
  platform: string;
  itemId: string;
  url: string;
  operation: OperationId;
  account?: string;
  listing?: string;
  field?: string;
  before?: string | number;
  after?: string | number;
}

export interface DemoServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Seed of the sample data and tokens; the same seed gives the same answers. */
  seed?: string | number;
  /** Drives rate-limit windows and request-log times; latency faults use real timers. */
  clock?: Clock;
  log?: Logger;
  /**
   * Where the media addresses in answers lead. 'own-origin' (the default): to the files this
   * service serves at `<origin>/media/…`, so a case bundle made on it holds them. 'cdn-like':
   * to reserved https `.example` hosts, as a platform's CDN would be, which lead nowhere; the
   * demo inside Gleaner's window uses these, so its pictures setting has something to act on.
   */
  mediaAddresses?: 'own-origin' | 'cdn-like';
  /**
   * Whether its answers say they are invented (`meta.demo: true`, the default), so Gleaner marks
   * them demo data wherever it runs this service. Tests that need a real service's answers stand
   * it in with `false`; the `demo-service` command always declares.
   */
  declaresDemo?: boolean;
}

export interface DemoService {
  /** `http://127.0.0.1:PORT`, the base URL for clients. */
  url: string;
  port: number;
  /** The teams with their current tokens. */
  readonly teams: DemoTeam[];
  control: DemoControl;
  close(): Promise<void>;
}
