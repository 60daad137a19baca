/** Adding work to the queue: a batch and its jobs, joined to twins already waiting; and more collections for waiting jobs. */
import type { OperationId } from '../../../shared/catalogue';
import type { WritableDB } from '../store/database';
import { batchRepository as batches } from '../store/queue/batches';
import { jobRepository as jobs, type JobIdentity } from '../store/queue/jobs';

export interface JobSpec {
  operation: OperationId;
  params: Record<string, string | number | boolean | null>;
  /** Further pages to follow after the first. */
  pages?: number;
  /** Stop following pages once this many items were stored. */
  maxItems?: number;
}

export interface BatchSpec {
  kind: 'call' | 'import' | 'refresh';
  label: string;
  collection?: string;
  /** The caller's name for a call, kept with its batch (see callOfTicket); one batch per ticket. */
  ticket?: string;
  jobs: readonly JobSpec[];
  /** Overrides the kind's priority (calls 1, the rest 0): watches go last, at -1 (issue 30). */
  priority?: number;
  /**
   * A job asking exactly what a job already waiting asks is not added again; its twin's id is
   * returned in `joined`. For imports: another process may have queued the same links between
   * this one's plan and its enqueue, and each would otherwise be fetched (and paid for) twice.
   */
  joinWaiting?: boolean;
  /**
   * With `joinWaiting`: a job that did the same and finished at or after this time (ISO UTC, when
   * the caller's plan looked) is joined too, since the plan could not see it; its items are in
   * the library already. Left out for a refresh, which fetches again on purpose.
   */
  joinDoneSince?: string;
}

/** A job spec with its parameters as the service will get them (checked, as JSON). */
export interface CheckedJob {
  job: JobSpec;
  params: string;
}

/** The key two jobs asking exactly the same share. */
export const twinKey = (operation: string, params: string): string => `${operation} ${params}`;

/** Splits jobs into those to add and the ids of the twins that already ask the same. */
export function splitTwins(
  checked: readonly CheckedJob[],
  twins: readonly JobIdentity[] | null,
): { fresh: CheckedJob[]; joined: number[] } {
  const byKey = twins === null ? null : new Map(twins.map((row) => [twinKey(row.operation, row.params), row.id]));
  const joined: number[] = [];
  const fresh = checked.filter(({ job, params }) => {
    const twin = byKey?.get(twinKey(job.operation, params));
    if (twin !== undefined) joined.push(twin);
    return twin === undefined;
  });
  return { fresh, joined };
}

/** Inserts the batch and its jobs (inside the caller's write transaction, so no twin is queued between the look and the insert). */
export function enqueueIn(tx: WritableDB, spec: BatchSpec, checked: readonly CheckedJob[], now: string) {
  const twins = spec.joinWaiting
    ? [...jobs.waiting(tx), ...(spec.joinDoneSince === undefined ? [] : jobs.doneSince(tx, spec.joinDoneSince))]
    : null;
  const { fresh, joined } = splitTwins(checked, twins);
  const batchId = batches.insert(tx, {
    kind: spec.kind,
    label: spec.label,
    collection: spec.collection ?? null,
    createdAt: now,
    ticket: spec.ticket ?? null,
  });
  const jobIds = fresh.map(({ job, params }) =>
    jobs.insert(tx, {
      batchId,
      operation: job.operation,
      params,
      collection: spec.collection ?? null,
      pagesLeft: Math.max(0, (job.pages ?? 1) - 1),
      maxItems: job.maxItems ?? null,
      itemsSoFar: 0,
      previousJobId: null,
      now,
      priority: spec.priority ?? (spec.kind === 'call' ? 1 : 0),
    }),
  );
  return { batchId, jobIds, joined };
}

/**
 * Sends the items of jobs still waiting into one more collection as well. Returns how many were
 * still waiting, and the items of those that finished in the meantime (for the caller to add).
 */
export function alsoIntoIn(tx: WritableDB, jobIds: readonly number[], collection: string): { waiting: number; itemsOfFinished: number[] } {
  let waiting = 0;
  const itemsOfFinished: number[] = [];
  // A listing's later pages are jobs of their own, made as each page comes: they count too.
  for (const id of jobs.withLaterPages(tx, jobIds)) {
    if (jobs.isWaiting(tx, id)) {
      waiting += 1;
      jobs.addCollection(tx, id, collection);
    } else {
      itemsOfFinished.push(...jobs.itemsOfDone(tx, id));
    }
  }
  return { waiting, itemsOfFinished: [...new Set(itemsOfFinished)] };
}
