/** Words for the queue: what a job fetches, why it failed, how much quota is left. Pure. */
import { getOperation, isOperationId, PLATFORM_LABELS } from '../../../../shared/catalogue';
import {
  dayWindowText,
  durationText,
  holdBackSentence,
  type JobSummary,
  type PauseReason,
  type QueueGauge,
} from '../../../../shared/queue';

/** The parameter that says best what a job fetches, in the order a reader looks for it. */
const TELLING_PARAMS = ['url', 'query', 'keyword', 'handle', 'user_id', 'username', 'hashtag', 'channel_id', 'subreddit'];

export function describeJob(job: Pick<JobSummary, 'operation' | 'params'>): { title: string; subject: string } {
  const op = isOperationId(job.operation) ? getOperation(job.operation) : null;
  const title = op ? `${PLATFORM_LABELS[op.platform]} · ${op.title}` : job.operation;
  const key = TELLING_PARAMS.find((name) => job.params[name]) ?? Object.keys(job.params).find((name) => job.params[name]);
  return { title, subject: key ? `${key === 'url' ? '' : `${key}: `}${job.params[key]}` : '' };
}

/** `into “Story A” and “Story B” · `: the collections a job's items go into, if any. */
export function intoText(collections: readonly string[]): string {
  return collections.length > 0 ? `into ${collections.map((name) => `“${name}”`).join(' and ')} · ` : '';
}

/** Plain words for why the queue is paused (the core's message is already a sentence). */
export const PAUSE_TITLES: Readonly<Record<PauseReason, string>> = {
  user: 'Paused by you',
  TOKEN_REJECTED: 'Paused: the service rejected the API token',
  TOKEN_MISSING: 'Paused: no API token is set',
  TOKEN_ELSEWHERE: 'Paused: the token was saved for another address',
  SUBSCRIPTION_INACTIVE: 'Paused: the subscription is not active',
  NETWORK: 'Waiting: the service cannot be reached',
  UPSTREAM_ERROR: 'Waiting: the service is failing requests',
  STORAGE_ERROR: 'Paused: the library cannot be written',
};

/** The title while a 429 holds the queue back; the core's message says how long and why. */
export const SERVICE_WAIT_TITLE = 'Waiting: the team’s rate limit was reached';

/** "in 42 s", "in 3 min", "now": when the next request may leave. */
export function untilText(nextIso: string, now: number): string {
  const at = Date.parse(nextIso);
  if (Number.isNaN(at) || at <= now + 500) return 'now';
  const seconds = Math.ceil((at - now) / 1000);
  if (seconds < 90) return `in ${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `in ${minutes} min`;
  return `in ${Math.round((minutes / 60) * 10) / 10} h`;
}

/** A share of a limit for a meter, clamped to 0..1. */
export const fraction = (used: number, limit: number): number => (limit <= 0 ? 1 : Math.min(1, Math.max(0, used / limit)));

/** A sentence when Gleaner holds back below the plan because colleagues' requests hit the limit. */
export const holdBackText = (gauge: QueueGauge): string | null => holdBackSentence(gauge.share, gauge.effectiveLimits);

/** "about 3 minutes" for the queue's estimate; null when nothing waits. */
export function etaText(minutes: number | null): string | null {
  if (minutes === null || minutes <= 0) return null;
  return durationText(minutes);
}

/**
 * What a Fetch run is doing while its answer is awaited: interactive calls go first in the queue,
 * so the only wait is for the plan's next free slot, which is said when there is one.
 */
export function runningText(operationTitle: string, nextFreeSlot: string | null, now: number): string {
  const until = nextFreeSlot === null ? 'now' : untilText(nextFreeSlot, now);
  const running = `Running ${operationTitle.toLowerCase()}…`;
  return until === 'now'
    ? running
    : `Waiting for your plan’s next free request (${until}), then ${running.charAt(0).toLowerCase()}${running.slice(1)}`;
}

/** The day meter's label: "Last 24 hours", or "Since 00:00 UTC" when the day resets at a set time. */
export function dayMeterLabel(dayReset: string): string {
  const text = dayWindowText(dayReset);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const requests = (n: number): string => `${n.toLocaleString('en-US')} request${n === 1 ? '' : 's'}`;

/**
 * What "Cancel all waiting" and "Retry all failed" are about to do, said before they do it:
 * cancelling is not undone by Retry all failed (a cancelled job comes back only from its own
 * row), and retrying spends requests from today's budget.
 */
export function bulkConfirmText(action: 'cancel' | 'retry', count: number, gauge: QueueGauge | null): string {
  if (action === 'cancel') {
    return `Cancel ${count === 1 ? 'the' : 'all'} ${requests(count)} waiting, in every import and call? ${count === 1 ? 'It moves' : 'They move'} to Cancelled; Retry all failed does not bring ${count === 1 ? 'it' : 'them'} back, only ${count === 1 ? 'its' : 'each one’s'} own Retry.`;
  }
  const budget = gauge ? gauge.effectiveLimits.perDay : null;
  const left = gauge && budget !== null ? Math.max(0, budget - gauge.usedToday) : null;
  const spend =
    left === null
      ? ''
      : ` That spends up to ${requests(count)} of the ${left.toLocaleString('en-US')} left in the day’s budget (${dayWindowText(gauge!.dayReset)})${count > left ? '; the rest wait for it to free up' : ''}.`;
  return `Send ${requests(count)} that failed again?${spend} A request the service refused for itself (not found, a bad parameter) fails again unless you changed something since.`;
}
