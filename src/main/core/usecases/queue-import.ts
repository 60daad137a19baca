import type { ImportPlan } from '../../../shared/queue';
import type { CoreContext } from '../context';
import { collectKnownLinks, joinIntoCollection, planUrlImport } from './import-urls';

export interface QueuedImport {
  batchId: number | null;
  plan: ImportPlan;
  collected: number;
  queuedInto: number;
  /** The requests the plan made. */
  jobs: number;
  /** Jobs another import had queued for the same links since the plan: fetched once, there. */
  joined: number[];
}

/**
 * Plans a list of links and queues what it needs, without a budget check (the caller showed the
 * plan and decided). Links already in the library, or waiting in the queue, go into the
 * collection as they are; only the rest is fetched.
 */
export function queueImport(
  ctx: CoreContext,
  input: { text: string; collection?: string; transcripts?: boolean; refresh?: boolean },
): QueuedImport {
  const { text, collection, transcripts, refresh } = input;
  const plannedAt = new Date(ctx.clock.now()).toISOString();
  const { plan, jobs } = planUrlImport(ctx, text, { transcripts, refresh });
  const known = collectKnownLinks(ctx, plan, collection);
  if (jobs.length === 0) return { batchId: null, plan, ...known, jobs: 0, joined: [] };
  const { batchId, joined } = ctx.queue.enqueue({
    kind: 'import',
    label: `Import of ${plan.counts.fetch} link(s)`,
    ...(collection !== undefined ? { collection } : {}),
    jobs,
    joinWaiting: true,
    ...(refresh ? {} : { joinDoneSince: plannedAt }),
  });
  // Joined links are not counted here: the caller reports them as its own (waiting) work.
  if (collection !== undefined && joined.length > 0) joinIntoCollection(ctx, joined, collection);
  return { batchId, plan, ...known, jobs: jobs.length, joined };
}
