/**
 * The plain types the bridge's methods answer with (and the token-allow code's shape), beside the
 * contract that names them; no schema here, so importing them costs nothing at start-up.
 */
import type { PlanLimits, PlanName } from './plans';

export interface AppInfo {
  name: string;
  version: string;
  dataDir: string;
  databasePath: string;
  sqliteVersion: string;
  schemaVersion: number;
  host: 'electron' | 'browser' | 'cli';
  nodeVersion: string;
}

export interface TaskProgress {
  taskId: string;
  label: string;
  done: number;
  total: number | null;
}

export interface SettingsSnapshot {
  /** Every setting in the CLI's key form (`gleaner config get`). */
  config: Record<string, string | number>;
  baseUrl: string;
  isDemo: boolean;
  plan: PlanName;
  limits: PlanLimits;
  /** Privacy (`privacy.block-images`): the window loads no picture from platforms' servers. */
  blockRemoteImages: boolean;
  /** The team's tuning keys in force (`team.fallback-share`, `team.freshness-minutes`), defaults included. */
  teamTuning?: { fallbackShare: number; freshnessMinutes: number };
}

/** Whether a token is stored and where; never any part of the token itself. */
export interface TokenStatus {
  stored: boolean;
  available: boolean;
  location: string;
  overriddenByEnvironment: boolean;
  /** The address (origin) the saved token may be sent to; null when none is saved or it is not bound yet. */
  origin: string | null;
  /**
   * Set when the base URL now points at another origin than the saved token's: that origin,
   * to which the token is not sent until allowed there (`token.allow`).
   */
  elsewhere: string | null;
}

/**
 * What came of asking to send the token to a new address. The person at the machine confirms
 * it outside the window (a system dialog on the desktop; in browser mode, a code printed in the
 * terminal that runs Gleaner), so a page cannot allow it on its own.
 */
export type TokenAllowResult =
  | { outcome: 'allowed'; token: TokenStatus }
  | { outcome: 'declined'; token: TokenStatus }
  /** A one-time code was printed where `where` says; call again with it. */
  | { outcome: 'code-needed'; token: TokenStatus; where: string };

/** The one-time code browser mode prints in its terminal to confirm `token.allow`. */
export const TOKEN_ALLOW_CODE_PATTERN = /^\d{6}$/;

export interface RawResponse {
  requestId: string;
  operation: string;
  fetchedAt: string;
  sha256: string;
  body: string;
}
