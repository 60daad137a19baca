/**
 * "Get exact dates": items dated only approximately (from "1 year ago") are fetched again by
 * their details operation, which gives the exact publish time; ingest then replaces the
 * approximate date. Planned and queued as an import of the items' links with a refresh, so the
 * user sees the same plan (requests, time at the plan, share of today's budget) before it starts.
 */
import { GleanerError } from '../../../shared/errors';
import type { ExactDatesPlan, ExactDatesResult } from '../../../shared/library';
import type { CoreContext } from '../context';
import { recogniseUrl } from '../platforms/recognise-url';
import { LISTING_KINDS } from '../platforms/url-patterns';
import type { JobSpec } from '../queue/enqueue';
import { describePlan } from '../queue/plan';
import { readServiceSettings } from '../settings/service-settings';
import { repositoriesOf } from '../store/repositories';
import { planUrlImport } from './import-urls';

const NO_DETAILS = 'No operation fetches this item’s details by its link.';

/** The details fetches that would date these items exactly; nothing is queued. */
export function planExactDates(ctx: CoreContext, itemIds: readonly number[]): ExactDatesPlan & { jobs: JobSpec[] } {
  const { items } = repositoriesOf(ctx.db);
  const unique = [...new Set(itemIds)];
  const present = items.existing(unique);
  const missing = unique.filter((id) => !present.has(id));
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : '');
    throw new GleanerError('NOT_FOUND', `No item with id ${shown} is in the library.`);
  }
  const { extraHosts } = readServiceSettings(ctx.settings);
  const links: string[] = [];
  const asked: number[] = [];
  const skipped: ExactDatesPlan['skipped'] = [];
  for (const id of unique) {
    const item = items.record(id)!;
    if (!item.publishedApproximate) {
      skipped.push({ itemId: id, reason: item.publishedAt ? 'Its date is exact already.' : 'It has no date to make exact.' });
      continue;
    }
    // The details operation is the one its own link is fetched by (a video's, not a channel's listing).
    const recognition = item.url ? recogniseUrl(item.url, { extraHosts }) : null;
    if (!recognition?.ok || recognition.platform !== item.platform || LISTING_KINDS.has(recognition.kind)) {
      skipped.push({ itemId: id, reason: NO_DETAILS });
      continue;
    }
    links.push(recognition.canonicalUrl);
    asked.push(id);
  }
  const { plan, jobs } = planUrlImport(ctx, links.join('\n'), { refresh: true });
  return { plan, itemIds: asked, skipped, jobs };
}

/**
 * Plans the details fetches and, unless it is a dry run, queues them: refused whole when they do
 * not fit today's budget and may not carry over.
 */
export function getExactDates(
  ctx: CoreContext,
  input: { itemIds: readonly number[]; dryRun?: boolean; carryOver?: boolean },
): ExactDatesResult {
  const { jobs, ...planned } = planExactDates(ctx, input.itemIds);
  if (input.dryRun || jobs.length === 0) return { ...planned, batchId: null };
  if (!planned.plan.quota.fitsToday && !input.carryOver) {
    throw new GleanerError(
      'BUDGET_EXCEEDED',
      `Getting exact dates does not fit in today’s budget: ${describePlan(planned.plan.quota)} Confirm that it may carry over to the next days to start it.`,
    );
  }
  const { batchId } = ctx.queue.enqueue({
    kind: 'refresh',
    label: `Exact dates of ${planned.itemIds.length} item(s)`,
    jobs,
    joinWaiting: true,
  });
  return { ...planned, batchId };
}
