/**
 * Storing an answer: its response and items, the job's collections, the job marked done and
 * its next page queued, all inside the caller's write transaction, so a crash can never store
 * an answer twice or lose a finished job.
 */
import type { CollectionRepository } from '../library/collections';
import type { IngestResult, ResponseToStore } from '../library/ingest';
import type { WritableDB } from '../store/database';
import { jobRepository as jobs, type JobRow } from '../store/queue/jobs';
import { sendLogRepository as sendLog } from '../store/queue/send-log';

export interface AnswerStoreDeps {
  ingest(response: ResponseToStore): IngestResult;
  collections: Pick<CollectionRepository, 'ensure' | 'add'>;
}

/** An answer received for one attempt of a job, and its send in send_log. */
export interface Answer {
  job: JobRow;
  response: ResponseToStore;
  sendId: number;
}

/**
 * Stores `answer` in `tx`. The answer is kept whatever became of the job meanwhile: it was paid
 * for, and it is evidence; only the job's own attempt is marked done and followed by a next page.
 */
export function storeAnswerIn(tx: WritableDB, deps: AnswerStoreDeps, { job, response, sendId }: Answer, now: string): IngestResult {
  const result = deps.ingest(response);
  // Read now: the collections may have been renamed, deleted or added to since the job was queued.
  const collections = jobs.collectionsOf(tx, job.id);
  if (result.itemIds.length) {
    for (const collection of collections) {
      deps.collections.ensure(collection);
      deps.collections.add(collection, result.itemIds);
    }
  }
  const finished = jobs.markDone(tx, {
    id: job.id,
    attempts: job.attempts + 1,
    responseId: result.responseId,
    itemCount: result.itemIds.length,
    now,
  });
  sendLog.setOutcome(tx, sendId, 'ok');
  const itemsSoFar = job.items_so_far + result.itemIds.length;
  const underCap = job.max_items === null || itemsSoFar < job.max_items;
  // No next page for a job cancelled meanwhile (or finished by another runner).
  const page = response.nextPage ?? response.refusedPage?.params;
  if (finished && job.pages_left > 0 && page && underCap) {
    const params = JSON.parse(job.params) as Record<string, string>;
    const next = jobs.insert(tx, {
      batchId: job.batch_id,
      operation: job.operation,
      params: JSON.stringify({ ...params, ...page }),
      collection: jobs.ownCollection(tx, job.id),
      pagesLeft: job.pages_left - 1,
      maxItems: job.max_items,
      itemsSoFar,
      previousJobId: job.id,
      now,
      priority: job.priority,
    });
    jobs.copyCollections(tx, next, job.id);
    if (response.nextPage === null && response.refusedPage) {
      // The further page asked for cannot be sent: it ends at once, the service's doing, without a request.
      const failure = {
        code: 'MALFORMED_RESPONSE',
        message: response.refusedPage.reason,
        status: null,
        requestId: null,
        serviceWords: null,
      };
      jobs.failUnsent(tx, next, failure, now);
    }
  }
  return result;
}
