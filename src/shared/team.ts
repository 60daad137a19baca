/**
 * What a desk knows of its team hub, as the window, the CLI and `team status --json` show it.
 * Never carries the hub password or the service token.
 */
import type { PlanLimits } from './plans';

export type TeamConnectionState =
  /** No hub set for this library. */
  | 'not-connected'
  | 'connecting'
  | 'connected'
  /** A hub is set but cannot be reached now (or refused): the desk works alone and says why. */
  | 'offline';

export interface TeamMemberInfo {
  deskId: string;
  name: string;
  /** Heard from within the last two minutes and not disconnected. */
  connected: boolean;
  lastSeenAt: string;
}

export interface TeamSyncInfo {
  lastSyncAt: string | null;
  /** What the hub does not have yet: answers, changes people made here, custody entries and watch-log entries. */
  pendingPush: number;
  /** Notes edited on two desks at once: both versions kept, shown side by side until resolved. */
  conflicts: number;
  lastError: string | null;
}

export interface TeamBudgetInfo {
  limits: PlanLimits;
  thisDeskThisMinute: number;
  teamThisMinute: number;
  thisDeskToday: number;
  colleaguesToday: number;
  leftToday: number;
  /** The hub cannot be reached: this desk keeps to `fallbackShare` of the plan on its own. */
  fallback: boolean;
  fallbackShare: number;
}

export interface TeamTokenNotice {
  /** When a desk's request was first refused with the team's token. */
  changedAt: string;
  /** The member whose desk saw it. */
  seenBy: string;
}

export interface TeamStatus {
  state: TeamConnectionState;
  /** The hub's URL without any password; null when not connected. */
  url: string | null;
  member: string | null;
  deskId: string | null;
  /** Why the desk is offline, or what it is doing; null when nothing needs saying. */
  message: string | null;
  members: TeamMemberInfo[];
  sync: TeamSyncInfo | null;
  budget: TeamBudgetInfo | null;
  token: TeamTokenNotice | null;
}
