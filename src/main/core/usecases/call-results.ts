/**
 * A call and its result: what one request of a call's batch came to, read back from the job and
 * the response it stored. Shared by the bridge's `service.*` methods and every host.
 */
import type { CallItem, CallOutcome, CallResult } from '../../../shared/contract';
import type { CoreContext } from '../context';

type Reader = Pick<CoreContext, 'db'>;

export function callResult(ctx: Reader, batchId: number, jobId: number, pauseError: { code: string; message: string } | null): CallResult {
  const job = ctx.db
    .prepare<
      [number],
      {
        operation: CallResult['operation'];
        params: string;
        state: string;
        error_code: string | null;
        error_message: string | null;
        response_id: number | null;
      }
    >('SELECT operation, params, state, error_code, error_message, response_id FROM jobs WHERE id = ?')
    .get(jobId)!;
  const response = job.response_id
    ? ctx.db
        .prepare<
          [number],
          {
            request_id: string;
            status: number;
            fetched_at: string;
            duration_ms: number | null;
            next_page: string | null;
            parse_warnings: string;
          }
        >('SELECT request_id, status, fetched_at, duration_ms, next_page, parse_warnings FROM responses WHERE id = ?')
        .get(job.response_id)
    : undefined;
  const itemIds = job.response_id
    ? ctx.db
        .prepare<[number], { item_id: number }>(
          'SELECT item_id FROM item_sources WHERE response_id = ? GROUP BY item_id ORDER BY min(position)',
        )
        .all(job.response_id)
        .map((r) => r.item_id)
    : [];
  const state: CallResult['state'] =
    job.state === 'done' ? 'done' : job.state === 'failed' ? 'failed' : job.state === 'cancelled' ? 'cancelled' : 'paused';
  // A request that never left is taken out of the send log (its budget given back); one that left stays in it.
  const spent =
    state === 'cancelled' &&
    ctx.db.prepare<[number], number>('SELECT 1 FROM send_log WHERE job_id = ? LIMIT 1').pluck().get(jobId) !== undefined;
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
  const select = ctx.db.prepare<
    [number],
    { id: number; platform: string; kind: CallItem['kind']; native_id: string | null; url: string | null; title: string | null }
  >('SELECT id, platform, kind, native_id, url, title FROM items WHERE id = ?');
  const items = ids
    .map((id) => select.get(id))
    .filter((row) => row !== undefined)
    .map(({ native_id, ...row }) => ({ ...row, nativeId: native_id }));
  return { results, items };
}
