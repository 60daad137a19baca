/**
 * Wording for the Paste URLs view: what each pasted line was recognised as (or why not), the
 * plan's counts and its cost against the quota, and a batch's progress. Pure.
 */
import { getOperation, PLATFORM_LABELS } from '../../../shared/catalogue';
import {
  holdBackSentence,
  type BatchProgress,
  type ImportLine,
  type ImportPlan,
  type JobSummary,
  type QuotaPlan,
} from '../../../shared/queue';
import { formatItems } from './format';

const integer = new Intl.NumberFormat('en-US');

export interface LineVerdict {
  /** A short word for the status column. */
  label: string;
  /** What it was recognised as, or why it is skipped. */
  detail: string;
  /** Whether the line is a problem the user should look at. */
  problem: boolean;
}

export function lineVerdict(line: ImportLine): LineVerdict {
  const recognised = line.operation
    ? `${PLATFORM_LABELS[getOperation(line.operation).platform]} · ${getOperation(line.operation).title}`
    : line.platform
      ? PLATFORM_LABELS[line.platform]
      : '';
  const cost = line.requests > 1 ? ` (${line.requests} requests)` : '';
  switch (line.status) {
    case 'fetch':
      return { label: 'Will fetch', detail: `${recognised}${cost}${line.reason ? ` — ${line.reason}` : ''}`, problem: false };
    case 'rejected':
      return { label: 'Rejected', detail: line.reason ?? 'Not a link Gleaner can fetch.', problem: true };
    case 'duplicate':
      return { label: 'Duplicate', detail: line.reason ?? 'The same link is on an earlier line.', problem: false };
    case 'already-fetched':
      return {
        label: 'Already fetched',
        detail: line.reason ?? `${recognised ? `${recognised}: ` : ''}already in your library. Tick “Fetch again” to refresh it.`,
        problem: false,
      };
    case 'already-queued':
      return { label: 'Already queued', detail: line.reason ?? 'This link is already waiting in the queue.', problem: false };
    case 'comment':
      return { label: 'Comment', detail: 'Lines starting with # are skipped.', problem: false };
    case 'blank':
      return { label: 'Blank', detail: '', problem: false };
  }
}

/** What an import did with the links it did not fetch: those in the library, and those already waiting in the queue. */
export function knownLinksNotice(collected: number, queuedInto: number, collection: string): string | null {
  const links = (n: number, one: string, many: string) => (n === 1 ? `1 link ${one}` : `${integer.format(n)} links ${many}`);
  const parts: string[] = [];
  if (collected > 0) parts.push(`${links(collected, 'was', 'were')} already in your library: now in “${collection}”.`);
  if (queuedInto > 0)
    parts.push(
      `${links(queuedInto, 'was', 'were')} already waiting in the queue: ${queuedInto === 1 ? 'it goes' : 'they go'} into “${collection}” too.`,
    );
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The start button: fetch what is new; with nothing new, put what is already fetched in the collection. */
export function startLabel(starting: boolean, toFetch: number, toCollect: number): string {
  if (starting) return 'Starting…';
  if (toFetch > 0) return `Fetch ${linkCount(toFetch)}`;
  if (toCollect > 0) return `Add ${toCollect === 1 ? '1 item' : `${integer.format(toCollect)} items`} to the collection`;
  return 'Fetch links';
}

/** The lines worth listing: blank lines are left out. */
export const listedLines = (plan: ImportPlan): ImportLine[] => plan.lines.filter((line) => line.status !== 'blank');

/** "1 link", "28 links". */
export const linkCount = (n: number): string => (n === 1 ? '1 link' : `${integer.format(n)} links`);

/** "18 links to fetch · 3 rejected · 2 duplicates · 1 already fetched". */
export function countsSummary(counts: ImportPlan['counts']): string {
  const parts = [`${linkCount(counts.fetch)} to fetch`];
  if (counts.rejected) parts.push(`${integer.format(counts.rejected)} rejected`);
  if (counts.duplicate) parts.push(`${integer.format(counts.duplicate)} ${counts.duplicate === 1 ? 'duplicate' : 'duplicates'}`);
  if (counts['already-fetched']) parts.push(`${integer.format(counts['already-fetched'])} already fetched`);
  if (counts['already-queued']) parts.push(`${integer.format(counts['already-queued'])} already queued`);
  if (counts.comment) parts.push(`${integer.format(counts.comment)} ${counts.comment === 1 ? 'comment' : 'comments'}`);
  return parts.join(' · ');
}

function duration(minutes: number): string {
  if (minutes <= 0) return 'no time';
  if (minutes < 1) return 'under a minute';
  if (minutes < 90) return `about ${Math.ceil(minutes)} min`;
  const hours = minutes / 60;
  return hours < 48 ? `about ${hours.toFixed(1)} h` : `about ${Math.ceil(hours / 24)} days`;
}

function percent(share: number): string {
  if (!Number.isFinite(share)) return 'more than all';
  const value = share * 100;
  if (value > 0 && value < 0.1) return 'under 0.1 %';
  return `${Math.round(value * 10) / 10} %`;
}

export interface QuotaWords {
  requests: string;
  time: string;
  share: string;
  /** Present when the work does not fit in what is left of today's budget. */
  overflow: string | null;
  /** Present while Gleaner paces itself below the plan (colleagues share the budget). */
  holdBack: string | null;
}

/** The quota plan in words: what it costs, how long at the plan's pace, how much of today's budget. */
export function quotaWords(quota: QuotaPlan): QuotaWords {
  return {
    requests: quota.requests === 1 ? '1 request' : `${integer.format(quota.requests)} requests`,
    time: `${duration(quota.minutesAtPlanRate)} at ${integer.format(quota.limits.perMinute)} a minute${
      quota.ahead > 0 ? `, after the ${quota.ahead === 1 ? 'request' : `${integer.format(quota.ahead)} requests`} already waiting` : ''
    }`,
    share: `${percent(quota.shareOfRemainingToday)} of today’s remaining ${integer.format(quota.remainingToday)} (of ${integer.format(quota.limits.perDay)} a day)`,
    overflow: quota.fitsToday
      ? null
      : `This is more than today’s budget allows: it would carry over into ${quota.extraDays === 1 ? 'one more day' : `${integer.format(quota.extraDays)} more days`}.`,
    holdBack: holdBackSentence(quota.share, quota.limits),
  };
}

/** Work finished (done, failed or cancelled) and the total, for the progress bar. */
export const batchSettled = (batch: BatchProgress): number => batch.done + batch.failed + batch.cancelled;

export function progressWords(batch: BatchProgress): string {
  const settled = batchSettled(batch);
  const head = `${integer.format(settled)} of ${formatItems(batch.total, 'request')}`;
  const tail = [
    batch.failed ? `${integer.format(batch.failed)} failed` : '',
    batch.cancelled ? `${integer.format(batch.cancelled)} cancelled` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (batch.finished) return `Done: ${head}${tail ? ` (${tail})` : ''}.`;
  return `${head} finished${tail ? ` (${tail})` : ''}; ${integer.format(batch.remaining)} to go.`;
}

/**
 * The Paste URLs text once links are sent to it from elsewhere (the Library's "Fetch
 * transcripts…"): added after what is there, so links typed and not fetched yet are kept, and
 * not repeated when all are there already.
 */
export function withLinksAdded(text: string, links: readonly string[]): string {
  const present = new Set(text.split(/\r\n|\n|\r/).map((line) => line.trim()));
  const added = links.filter((link) => !present.has(link.trim()));
  if (added.length === 0) return text;
  return text.trim() === '' ? added.join('\n') : `${text.trimEnd()}\n${added.join('\n')}`;
}

/**
 * What an import's finished requests did not bring: those answered with nothing, grouped by what
 * they asked for ("3 videos without a transcript"). Failed requests are listed apart, with their reason.
 */
export function missingSummary(doneJobs: readonly Pick<JobSummary, 'operation' | 'itemCount'>[]): string | null {
  const empty = doneJobs.filter((job) => job.itemCount === 0);
  if (empty.length === 0) return null;
  const transcripts = empty.filter((job) => getOperation(job.operation).id.endsWith('transcript')).length;
  const others = empty.length - transcripts;
  const parts: string[] = [];
  if (transcripts > 0) parts.push(`${transcripts === 1 ? '1 video' : `${integer.format(transcripts)} videos`} without a transcript`);
  if (others > 0) parts.push(`${linkCount(others)} whose answer held no item (removed, private, or not there)`);
  return `Did not come: ${parts.join('; ')}.`;
}

/** While an import waits for the plan's next free request, when that is; null when it is not waiting. */
export function waitingWords(nextFreeSlot: string | null, now: number, perMinute: number | null): string | null {
  if (nextFreeSlot === null) return null;
  const wait = Date.parse(nextFreeSlot) - now;
  if (!(wait > 0)) return null;
  const seconds = Math.ceil(wait / 1000);
  const plan = perMinute === null ? '' : ` (${integer.format(perMinute)} a minute)`;
  return `Waiting for your plan’s next free request${plan}: the next goes out in ${seconds} s.`;
}
