/** The request queue as the bridge, the CLI and the renderer see it. */
import type { OperationId, Platform } from './catalogue';
import type { ErrorCode } from './errors';
import type { PlanLimits } from './plans';

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled', 'paused'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface QuotaPlan {
  requests: number;
  /** Requests already waiting in the queue: they are sent first. */
  ahead: number;
  /** Minutes at the pace in `limits` until the last of these requests is sent, behind those `ahead`. */
  minutesAtPlanRate: number;
  /** What is left of today's budget for this work, once the requests `ahead` are sent. */
  remainingToday: number;
  /** requests / remaining today (Infinity when nothing remains). */
  shareOfRemainingToday: number;
  fitsToday: boolean;
  /** Further days the work would carry over into. */
  extraDays: number;
  /** What the queue allows itself now: the plan's limits times `share`. */
  limits: PlanLimits;
  /** The part of the plan the queue takes as its own: 1, or less while colleagues' requests meet the limit (429s). */
  share: number;
}

/**
 * Why the queue is not sending. NETWORK (the service cannot be reached) and UPSTREAM_ERROR (it
 * failed several different requests in a row: an outage) lift themselves: the queue tries again
 * after a growing wait. STORAGE_ERROR: the library cannot be written (disk full, read-only), so
 * answers could not be kept.
 */
export type PauseReason =
  | 'user'
  | 'TOKEN_REJECTED'
  | 'TOKEN_MISSING'
  | 'TOKEN_ELSEWHERE'
  | 'SUBSCRIPTION_INACTIVE'
  | 'NETWORK'
  | 'UPSTREAM_ERROR'
  | 'STORAGE_ERROR';

export interface QueueGauge {
  usedThisMinute: number;
  /** Sends that count toward today's budget: the last 24 hours, or since the daily reset. */
  usedToday: number;
  /** The `limits.day-reset` setting: `rolling` (a sliding 24 hours) or the reset time, HH:MM UTC. */
  dayReset: string;
  /** The plan's limits. */
  limits: PlanLimits;
  /** What Gleaner allows itself while colleagues' 429s suggest they spend part of the budget. */
  effectiveLimits: PlanLimits;
  share: number;
  /** ISO time of the next moment a request may be sent (now when free). */
  nextFreeSlot: string;
}

export interface QueueStatus {
  paused: { reason: PauseReason; message: string } | null;
  /**
   * The wait a 429 imposed (the service's Retry-After, at most an hour, or a backoff), and the
   * sentence saying how long and how the service's value was taken; null when none holds the
   * queue back. Nothing is paused by it: the queue sends again by itself at `until`.
   */
  serviceWait: { until: string; message: string } | null;
  counts: Record<JobState, number>;
  gauge: QueueGauge;
  /** Requests per minute over the last five minutes. */
  recentRatePerMinute: number;
  /** Estimated minutes until the queued jobs are done at the current pace. */
  etaMinutes: number | null;
}

export interface JobSummary {
  id: number;
  batchId: number;
  operation: OperationId;
  params: Record<string, string>;
  state: JobState;
  attempts: number;
  errorCode: ErrorCode | null;
  errorMessage: string | null;
  itemCount: number | null;
  /** The collection the job was queued for (renamed with it; null once deleted). */
  collection: string | null;
  /** Every collection its items go into: that one, then those of later imports that named the same link. */
  collections: string[];
  updatedAt: string;
}

export interface BatchProgress {
  batchId: number;
  label: string;
  /** A call (Fetch, an item's action, `gleaner call`), a bulk import, or a refresh. */
  kind: 'call' | 'import' | 'refresh';
  /** The collection its items go into, if any. */
  collection: string | null;
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  remaining: number;
  finished: boolean;
}

export interface ImportLine {
  line: number;
  text: string;
  status: 'fetch' | 'rejected' | 'duplicate' | 'already-fetched' | 'already-queued' | 'comment' | 'blank';
  reason?: string;
  platform?: Platform;
  operation?: OperationId;
  /** Requests this line costs (a transcript adds one where it is a separate operation). */
  requests: number;
  /** The library item the link already is, when it can be told: it goes into the import's collection at once. */
  itemId?: number;
  /** A listing link fetched before (a channel, a community's search): every item its answer listed, `itemId` first. */
  listedItemIds?: number[];
  /** The waiting job an already-queued link is: its items go into the import's collection too. */
  jobId?: number;
}

export interface ImportPlan {
  lines: ImportLine[];
  counts: Record<ImportLine['status'], number>;
  quota: QuotaPlan;
}

/**
 * The items a plan's links already are in the library, once each, in line order: an import puts them
 * in its collection at once, without a request (those whose transcript it fetches included).
 */
export function alreadyFetchedItems(plan: ImportPlan): number[] {
  return [...new Set(plan.lines.flatMap((line) => line.listedItemIds ?? (line.itemId !== undefined ? [line.itemId] : [])))];
}

/** The waiting jobs of a plan's already-queued links, once each: an import sends them into its collection too. */
export function alreadyQueuedJobs(plan: ImportPlan): number[] {
  return [...new Set(plan.lines.flatMap((line) => (line.status === 'already-queued' && line.jobId !== undefined ? [line.jobId] : [])))];
}

/** "under a minute", "about 3 minutes", "about 2.5 hours", "about 3 days": a queue estimate in words. */
export function durationText(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  if (minutes < 90) return `about ${Math.ceil(minutes)} minute${Math.ceil(minutes) === 1 ? '' : 's'}`;
  if (minutes < 48 * 60) return `about ${Math.round((minutes / 60) * 10) / 10} hours`;
  return `about ${Math.round((minutes / 60 / 24) * 10) / 10} days`;
}

/** Why Gleaner paces itself below the plan, when it does (null at the full plan). */
export function holdBackSentence(share: number, allowed: PlanLimits): string | null {
  if (share >= 1) return null;
  return `Colleagues on your team are using part of the same budget, so Gleaner currently allows itself ${Math.round(share * 100)} % of the plan (${allowed.perMinute.toLocaleString('en-US')} a minute, ${allowed.perDay.toLocaleString('en-US')} a day).`;
}

/** What "today" covers for the daily budget, from the `limits.day-reset` setting's text. */
export function dayWindowText(dayReset: string): string {
  return dayReset === 'rolling' ? 'last 24 hours' : `since ${dayReset} UTC`;
}
