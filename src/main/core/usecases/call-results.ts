/**
 * A call and its result: what one request of a call's batch came to, read back from the job and
 * the response it stored. Shared by the bridge's `service.*` methods and every host.
 */
import type { CallOutcome, CallResult } from '../../../shared/contract';
import type { CoreContext } from '../context';
import { itemLabel } from '../../../shared/item-label';
import { callRecords } from '../store/call-records';

type Reader = Pick<CoreContext, 'db'>;

export function callResult(ctx: Reader, batchId: number, jobId: number, pauseError: { code: string; message: string } | null): CallResult {
  const job = callRecords.job(ctx.db, jobId)!;
  const response = job.response_id ? callRecords.response(ctx.db, job.response_id) : undefined;
  const itemIds = job.response_id ? callRecords.itemIdsOfResponse(ctx.db, job.response_id) : [];
  const state: CallResult['state'] =
    job.state === 'done' ? 'done' : job.state === 'failed' ? 'failed' : job.state === 'cancelled' ? 'cancelled' : 'paused';
  // A request that never left is taken out of the send log (its budget given back); one that left stays in it.
  const spent = state === 'cancelled' && callRecords.wasSent(ctx.db, jobId);
  return {
    batchId,
    state,
    error: job.error_code ? { code: job.error_code, message: job.error_message ?? '' } : state === 'paused' ? pauseError : null,
    operation: job.operation,
    params: JSON.parse(job.params) as Record<string, string>,
    responseId: response ? job.response_id : null,
    requestId: response?.request_id ?? '',
    status: response?.status ?? 0,
    fetchedAt: response?.fetched_at ?? '',
    durationMs: response?.duration_ms ?? 0,
    nextPage: response?.next_page ? (JSON.parse(response.next_page) as Record<string, string>) : null,
    itemIds,
    warnings: response ? (JSON.parse(response.parse_warnings) as string[]) : [],
    spent,
  };
}

/** Every request of a call's batch (one per page followed), first first, and the items they brought, each once. */
export function callOutcome(ctx: Pick<CoreContext, 'db' | 'queue'>, batchId: number): CallOutcome {
  const results = ctx.queue.jobs({ batchId, limit: 1000, oldestFirst: true }).map((job) => callResult(ctx, batchId, job.id, null));
  const ids: number[] = [];
  for (const result of results) for (const id of result.itemIds) if (!ids.includes(id)) ids.push(id);
  const items = ids
    .map((id) => callRecords.item(ctx.db, id))
    .filter((row) => row !== undefined)
    .map(({ native_id, text, authorHandle, authorName, ...row }) => ({
      ...row,
      nativeId: native_id,
      label: itemLabel({ ...row, text, authorHandle, authorName }),
    }));
  return { results, items };
}
