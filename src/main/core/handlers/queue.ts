import { GleanerError } from '../../../shared/errors';
import { alreadyFetchedItems, alreadyQueuedJobs, type ImportPlan } from '../../../shared/queue';
import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { describePlan } from '../queue/plan';
import { planImport } from '../queue/import-urls';
import { recogniseUrl } from '../platforms/recognise-url';
import { readServiceSettings } from '../settings/service-settings';
import { queueImport } from '../usecases/queue-import';

type QueueMethods =
  | 'queue.status'
  | 'queue.jobs'
  | 'queue.pause'
  | 'queue.resume'
  | 'queue.cancel'
  | 'queue.retry'
  | 'queue.batch'
  | 'queue.batches'
  | 'import.plan'
  | 'import.start'
  | 'queue.job'
  | 'import.queue';

const target = (input: { jobId: number } | { batchId: number } | { all: true }) => ('all' in input ? ('all' as const) : input);

/** Plans an import of pasted links against the plan's budget and what is already stored or queued. */
export function planUrlImport(ctx: CoreContext, text: string, options: { transcripts?: boolean; refresh?: boolean }) {
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
 * Sends the items of jobs queued by another import into `collection` as well (and `known` items
 * at once). A job that finished meanwhile has its items in the library: they go in now.
 */
export function joinIntoCollection(
  ctx: CoreContext,
  jobIds: readonly number[],
  collection: string,
  known: readonly number[] = [],
): { collected: number; queuedInto: number } {
  const queued = ctx.queue.alsoInto(jobIds, collection);
  const ids = [...new Set([...known, ...queued.itemsOfFinished])];
  if (ids.length > 0) {
    ctx.collections.ensure(collection);
    ctx.collections.add(collection, ids);
  }
  return { collected: ids.length, queuedInto: queued.waiting };
}

export function createQueueHandlers(ctx: CoreContext): Pick<Handlers, QueueMethods> {
  const { queue } = ctx;
  return {
    'queue.status': () => queue.status(),
    'queue.jobs': (filter) => queue.jobs(filter),
    'queue.pause': () => {
      queue.pause('user');
      return queue.status();
    },
    'queue.resume': () => {
      queue.resume();
      return queue.status();
    },
    'queue.cancel': (input) => ({ cancelled: queue.cancel(target(input)) }),
    'queue.retry': (input) => ({ retried: queue.retry(target(input)) }),
    'queue.batch': ({ batchId }) => queue.batchProgress(batchId),
    'queue.batches': () => queue.unfinishedBatches(),
    'import.plan': ({ text, transcripts, refresh }) => planUrlImport(ctx, text, { transcripts, refresh }).plan,
    'import.start': ({ text, transcripts, refresh, collection, carryOver, createCollection }) => {
      if (createCollection && !collection) throw new GleanerError('INVALID_INPUT', 'Name the collection to create.');
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
      const known = collectKnownLinks(ctx, plan, collection);
      if (jobs.length === 0) return { batchId: null, plan, ...known };
      const { batchId, joined } = queue.enqueue({
        kind: 'import',
        label: `Import of ${plan.counts.fetch} link(s)`,
        ...(collection ? { collection } : {}),
        jobs,
        joinWaiting: true,
        ...(refresh ? {} : { joinDoneSince: plannedAt }),
      });
      // Links another process queued since the plan: fetched once, there, and into this collection too.
      const joinedInto = collection && joined.length > 0 ? joinIntoCollection(ctx, joined, collection) : { collected: 0, queuedInto: 0 };
      return { batchId, plan, collected: known.collected + joinedInto.collected, queuedInto: known.queuedInto + joinedInto.queuedInto };
    },
    'queue.job': ({ jobId }) => {
      const job = queue.job(jobId);
      return job ? { id: job.id, batchId: job.batch_id, state: job.state } : null;
    },
    'import.queue': (input) => queueImport(ctx, input, { planUrlImport, collectKnownLinks, joinIntoCollection }),
  };
}
