/**
 * Watches (issue 30): what is fetched again on a schedule, what it costs, and what was noticed.
 * Pure types and constants; the renderer imports this file, so it imports only src/shared.
 */
import type { OperationId } from './operations';

/** The CLI's `--every` values; the window shows them as "hourly", "every 6 hours", "daily", "weekly". */
export const WATCH_INTERVALS = ['1h', '6h', '1d', '7d'] as const;
export type WatchInterval = (typeof WATCH_INTERVALS)[number];

export const WATCH_INTERVAL_LABELS: Record<WatchInterval, string> = {
  '1h': 'hourly',
  '6h': 'every 6 hours',
  '1d': 'daily',
  '7d': 'weekly',
};

export const WATCH_INTERVAL_MS: Record<WatchInterval, number> = {
  '1h': 3_600_000,
  '6h': 6 * 3_600_000,
  '1d': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
};

export const WATCH_CHANGE_KINDS = ['new', 'edited', 'no-longer-listed', 'unavailable', 'available-again', 'counts'] as const;
export type WatchChangeKind = (typeof WATCH_CHANGE_KINDS)[number];

export type WatchParamValue = string | number | boolean | null;

export type WatchTarget =
  /** Re-fetched with its platform's details operation. */
  | { kind: 'item'; itemId: number }
  /** A listing, search or community search. */
  | { kind: 'operation'; operation: OperationId; params: Record<string, WatchParamValue> };

export interface WatchSummary {
  id: number;
  label: string;
  target: WatchTarget;
  interval: WatchInterval;
  paused: boolean;
  createdAt: string;
  lastRunAt: string | null;
  nextDueAt: string;
  lastError: string | null;
  requestsPerDay: number;
  unread: number;
  /** Who added it (team library), else null. */
  member: string | null;
}

/** Shown before a watch is saved. */
export interface WatchCost {
  /** This watch. */
  requestsPerDay: number;
  /** Every active watch including this one. */
  allWatchesPerDay: number;
  /** The plan's per-day limit. */
  dailyBudget: number;
  /** Requests a day allowed for all watches together (default dailyBudget / 4). */
  cap: number;
  /** allWatchesPerDay / dailyBudget. */
  share: number;
  fits: boolean;
}

export interface WatchChange {
  id: number;
  watchId: number | null;
  itemId: number | null;
  change: WatchChangeKind;
  field: string | null;
  before: string | number | null;
  after: string | number | null;
  /** The answer that showed it. */
  requestId: string | null;
  sha256: string | null;
  at: string;
  /** For unavailable: the service's own words. */
  words: string | null;
  read: boolean;
  /** Demo data: shown by an answer of Gleaner's demo service, or about a demo item (demo.ts). */
  demo: boolean;
}

/** One per answer that changed the watched fields (the first fetch included). */
export interface ItemVersion {
  responseId: number;
  requestId: string | null;
  sha256: string;
  fetchedAt: string;
  title: string | null;
  text: string | null;
  authorName: string | null;
  changedFields: string[];
}

export interface ItemAvailability {
  state: 'available' | 'unavailable';
  since: string;
  words: string | null;
  requestId: string | null;
}

/** The totals `watch.list` answers beside the watches. */
export interface WatchListCost {
  allWatchesPerDay: number;
  cap: number;
  dailyBudget: number;
}

export interface WatchChangesPage {
  changes: WatchChange[];
  total: number;
  unread: number;
}

/** Settings keys (`gleaner config`), with what applies when unset. */
export const WATCH_SETTING_KEYS = {
  capShare: 'watch.cap-share',
  countJump: 'watch.count-jump',
  goneWords: 'watch.gone-words',
} as const;
export const DEFAULT_WATCH_CAP_SHARE = 0.25;
export const DEFAULT_WATCH_COUNT_JUMP = 0.5;
/** A documented guess: the interface does not say how a gone item answers (see docs/watch.md). */
export const DEFAULT_WATCH_GONE_WORDS = [
  'not found',
  'deleted',
  'private',
  'unavailable',
  'removed',
  'does not exist',
  'no longer',
] as const;
