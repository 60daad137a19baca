/**
 * Bulk URL import: each line of a pasted list or a file is recognised (platform and
 * operation) or rejected with its reason; duplicates, items already in the library and
 * links already waiting in the queue are flagged and skipped (unless a refresh is asked
 * for); the result is a plan with its cost, and the jobs to enqueue. An import's collection
 * gets the links already in the library at once, and those waiting in the queue when fetched.
 */
import { bringsTranscript, withTranscript, type OperationId } from '../../../shared/catalogue';
import { GleanerError } from '../../../shared/errors';
import type { PlanLimits } from '../../../shared/plans';
import { alreadyFetchedItems, alreadyQueuedJobs, type ImportLine, type ImportPlan } from '../../../shared/queue';
import { toOneLine } from '../../../shared/text';
import { parseAtUri } from '../platforms/microblog/normalise';
import type { CoreContext } from '../context';
import { recogniseUrl, type Recognition } from '../platforms/recognise-url';
import { LISTING_KINDS } from '../platforms/url-patterns';
import type { JobSpec } from '../queue/enqueue';
import { describePlan, planQuota } from '../queue/plan';
import { readServiceSettings } from '../settings/service-settings';
import type { Database, ReadableDB } from '../store/database';
import { jobRepository } from '../store/queue/jobs';
import { knownLinksRepository as knownLinks } from '../store/queue/known-links';

export interface ImportOptions {
  transcripts?: boolean;
  refresh?: boolean;
}

export const MAX_IMPORT_LINES = 100_000;

/** Where a transcript is a separate request, and where it is a flag on the fetch itself: the catalogue says which. */
const transcriptJobs = (operation: OperationId, params: Record<string, string>): { extra: JobSpec[]; params: Record<string, string> } =>
  withTranscript(operation, params);

/** The one request that brings a known item's transcript: the fetch itself where it brings it (with its flag), else the separate request. */
function transcriptRequest(main: JobSpec, extra: readonly JobSpec[]): JobSpec | null {
  return bringsTranscript(main.operation) ? main : (extra[0] ?? null);
}

export function planImport(
  text: string,
  deps: { db: Database; recognise: (line: string) => Recognition; limits: PlanLimits; usedToday: number; share?: number; ahead?: number },
  options: ImportOptions = {},
): { plan: ImportPlan; jobs: JobSpec[] } {
  const rawLines = text.split(/\r\n|\n|\r/);
  while (rawLines.length > MAX_IMPORT_LINES && rawLines[rawLines.length - 1]!.trim() === '') rawLines.pop();
  if (rawLines.length > MAX_IMPORT_LINES) {
    // Refused whole rather than cut: links past the limit would be dropped without a word.
    throw new GleanerError(
      'INVALID_INPUT',
      `An import takes up to ${MAX_IMPORT_LINES.toLocaleString('en-US')} lines; this one has ${rawLines.length.toLocaleString('en-US')}. Split it into several imports.`,
    );
  }
  const db = deps.db as ReadableDB;
  // A microblog post link may name its author by handle, while the library keeps the post under the
  // author's DID (the service's at:// uri): each DID the library has seen behind that handle is tried.
  const knownItem = (platform: string, nativeId: string | undefined, canonicalUrl: string) => {
    // A share link (vm.tiktok.com/…) names no item: what it resolved to when fetched, in any spelling the URL table reads.
    const direct =
      (nativeId ? knownLinks.itemByNativeId(db, platform, nativeId) : undefined) ??
      knownLinks.itemByUrl(db, platform, canonicalUrl) ??
      knownLinks.itemByResolvedLink(db, platform, canonicalUrl);
    const uri = direct === undefined && platform === 'microblog' ? parseAtUri(nativeId) : null;
    if (uri === null || uri.authority.startsWith('did:')) return direct;
    for (const did of knownLinks.didsOfHandle(db, uri.authority)) {
      const viaDid = knownLinks.itemByNativeId(db, platform, `at://${did}/${uri.collection}/${uri.rkey}`);
      if (viaDid) return viaDid;
    }
    return undefined;
  };
  const waiting = new Map(jobRepository.waiting(db).map((row) => [`${row.operation} ${row.params}`, row.id]));
  const seen = new Map<string, number>();
  const lines: ImportLine[] = [];
  const jobs: JobSpec[] = [];

  rawLines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    const shown = toOneLine(trimmed).slice(0, 300);
    if (trimmed === '') return lines.push({ line, text: '', status: 'blank', requests: 0 });
    if (trimmed.startsWith('#')) return lines.push({ line, text: shown, status: 'comment', requests: 0 });
    const recognition = deps.recognise(trimmed);
    if (!recognition.ok) return lines.push({ line, text: shown, status: 'rejected', reason: recognition.reason, requests: 0 });
    const { platform, operation, canonicalUrl, nativeId } = recognition;
    const key = `${operation} ${canonicalUrl}`;
    const base = { line, text: shown, platform, operation };
    const firstLine = seen.get(key);
    if (firstLine !== undefined) return lines.push({ ...base, status: 'duplicate', reason: `Same as line ${firstLine}.`, requests: 0 });
    seen.set(key, line);
    const withTranscripts = options.transcripts ? transcriptJobs(operation, recognition.params) : { extra: [], params: recognition.params };
    const main: JobSpec = { operation, params: withTranscripts.params };
    if (!options.refresh) {
      // A channel, profile or community link stands for its listing, not for the item that names
      // it (met in a search): only the listing fetched before counts (below).
      const known = LISTING_KINDS.has(recognition.kind) ? undefined : knownItem(platform, nativeId, canonicalUrl);
      // Transcripts asked for, and a known item has none: only the transcript's request is spent.
      const transcriptOnly =
        known && options.transcripts && known.askedTranscript === 0 ? transcriptRequest(main, withTranscripts.extra) : null;
      if (known && transcriptOnly) {
        const queuedTranscript = waiting.get(`${transcriptOnly.operation} ${JSON.stringify(transcriptOnly.params)}`);
        if (queuedTranscript !== undefined) {
          return lines.push({
            ...base,
            status: 'already-queued',
            reason: 'Its transcript is already waiting in the queue.',
            requests: 0,
            itemId: known.id,
          });
        }
        jobs.push(transcriptOnly);
        const reason = `Already in the library as item ${known.id}; only its transcript is fetched.`;
        return lines.push({ ...base, operation: transcriptOnly.operation, status: 'fetch', reason, requests: 1, itemId: known.id });
      }
      if (known)
        return lines.push({
          ...base,
          status: 'already-fetched',
          reason: `Already in the library as item ${known.id}; ask for a refresh to fetch it again.`,
          requests: 0,
          itemId: known.id,
        });
      // A link counts as fetched when an item matches it (above), or a finished job fetched exactly it
      // (the service may return the item under another identity, e.g. a DID for a handle).
      const job = knownLinks.fetchedBefore(db, operation, JSON.stringify(recognition.params));
      if (job) {
        const reason = 'Already fetched into the library; ask for a refresh to fetch it again.';
        // Every item the answer held, in its order: a listing link stands for all of them.
        const listed = knownLinks.itemsOfResponse(db, job.responseId);
        return lines.push({
          ...base,
          status: 'already-fetched',
          reason,
          requests: 0,
          ...(listed.length > 0 ? { itemId: listed[0]! } : {}),
          ...(listed.length > 1 ? { listedItemIds: listed } : {}),
        });
      }
    }
    const waitingJob = waiting.get(`${operation} ${JSON.stringify(main.params)}`);
    if (waitingJob !== undefined) {
      return lines.push({ ...base, status: 'already-queued', reason: 'Already waiting in the queue.', requests: 0, jobId: waitingJob });
    }
    const lineJobs = [main, ...withTranscripts.extra];
    jobs.push(...lineJobs);
    lines.push({ ...base, status: 'fetch', requests: lineJobs.length });
  });

  const counts = {
    fetch: 0,
    rejected: 0,
    duplicate: 0,
    'already-fetched': 0,
    'already-queued': 0,
    comment: 0,
    blank: 0,
  } satisfies ImportPlan['counts'];
  for (const l of lines) counts[l.status] += 1;
  return { plan: { lines, counts, quota: planQuota(jobs.length, deps.limits, deps.usedToday, deps.share, deps.ahead) }, jobs };
}

/** Plans an import of pasted links against the plan's budget and what is already stored or queued. */
export function planUrlImport(ctx: CoreContext, text: string, options: ImportOptions) {
  const settings = readServiceSettings(ctx.settings);
  const recogniseOptions = { extraHosts: settings.extraHosts };
  // The pace the queue will really keep: below the plan while colleagues' requests meet the limit;
  // and the work already waiting, which is sent first and spends today's budget first.
  const { gauge, counts } = ctx.queue.status();
  const ahead = counts.queued + counts.running + counts.paused;
  return planImport(
    text,
    {
      db: ctx.db,
      recognise: (line) => recogniseUrl(line, recogniseOptions),
      limits: gauge.effectiveLimits,
      usedToday: gauge.usedToday,
      share: gauge.share,
      ahead,
    },
    options,
  );
}

/**
 * An import's collection holds its whole list, not only what it fetches: links already in the
 * library go in now (the collection is created if need be), and links already waiting in the
 * queue for another import go in when they are fetched. Says how many of each.
 */
export function collectKnownLinks(
  ctx: CoreContext,
  plan: ImportPlan,
  collection: string | undefined,
): { collected: number; queuedInto: number } {
  if (!collection) return { collected: 0, queuedInto: 0 };
  return joinIntoCollection(ctx, alreadyQueuedJobs(plan), collection, alreadyFetchedItems(plan));
}

/**
 * Sends the items of jobs queued by another import into `collection` as well (and `knownItems`
 * at once). A job that finished meanwhile has its items in the library: they go in now.
 */
export function joinIntoCollection(
  ctx: CoreContext,
  jobIds: readonly number[],
  collection: string,
  knownItems: readonly number[] = [],
): { collected: number; queuedInto: number } {
  const queued = ctx.queue.alsoInto(jobIds, collection);
  const ids = [...new Set([...knownItems, ...queued.itemsOfFinished])];
  if (ids.length > 0) {
    ctx.collections.ensure(collection);
    ctx.collections.add(collection, ids);
  }
  return { collected: ids.length, queuedInto: queued.waiting };
}

export interface ImportStart extends ImportOptions {
  text: string;
  collection?: string | undefined;
  /** The import may take more than today's budget and carry over to the next days. */
  carryOver?: boolean | undefined;
  /** Create `collection` first (a new one named by the user). */
  createCollection?: boolean | undefined;
}

/**
 * Plans an import and queues what it fetches: refused whole when it does not fit today's budget
 * and may not carry over; its collection gets the links known already and, when fetched, the rest.
 */
export function startUrlImport(ctx: CoreContext, start: ImportStart) {
  const { text, transcripts, refresh, collection, carryOver, createCollection } = start;
  const plannedAt = new Date(ctx.clock.now()).toISOString();
  const { plan, jobs } = planUrlImport(ctx, text, { transcripts, refresh });
  if (jobs.length > 0 && !plan.quota.fitsToday && !carryOver) {
    throw new GleanerError(
      'BUDGET_EXCEEDED',
      `This import does not fit in today’s budget: ${describePlan(plan.quota)} Confirm that it may carry over to the next days to start it.`,
    );
  }
  // Only once nothing stands in the way, so a refused start leaves no empty collection.
  if (createCollection && collection) ctx.collections.create(collection);
  const inLibrary = collectKnownLinks(ctx, plan, collection);
  if (jobs.length === 0) return { batchId: null, plan, ...inLibrary };
  const { batchId, joined } = ctx.queue.enqueue({
    kind: 'import',
    label: `Import of ${plan.counts.fetch} link(s)`,
    ...(collection ? { collection } : {}),
    jobs,
    joinWaiting: true,
    ...(refresh ? {} : { joinDoneSince: plannedAt }),
  });
  // Links another process queued since the plan: fetched once, there, and into this collection too.
  const joinedInto = collection && joined.length > 0 ? joinIntoCollection(ctx, joined, collection) : { collected: 0, queuedInto: 0 };
  return {
    batchId,
    plan,
    collected: inLibrary.collected + joinedInto.collected,
    queuedInto: inLibrary.queuedInto + joinedInto.queuedInto,
  };
}
