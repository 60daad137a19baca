import type { CallResult } from '../../../shared/contract';
import { GleanerError } from '../../../shared/errors';
import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { waitForBatch } from '../queue/wait';

/**
 * Runs one operation through the queue (so it respects the budget) and waits for it. A call
 * made with a ticket keeps it with its batch: it can be cancelled by it while it waits or runs
 * (the Fetch view's Cancel), and followed again by it (service.follow) from a window reloaded or
 * reopened meanwhile, since the call goes on in the queue whoever waits for it, even after a
 * restart.
 */
export function createServiceHandlers(ctx: CoreContext): Pick<Handlers, 'service.call' | 'service.cancel' | 'service.follow'> {
  /** Waits for the call's batch to end, or for the queue to pause with it unfinished. */
  async function settle(batchId: number, jobId: number): Promise<CallResult> {
    const outcome = await waitForBatch(ctx.queue, ctx.events, batchId);
    if (outcome.kind === 'finished') return callResult(ctx, batchId, jobId, null);
    // The view stops waiting and says so: its request comes out of the queue (unless already on
    // its way), as `gleaner call`'s does, so it is not sent later, unseen and paid for, nor
    // twice when the user runs it again.
    const pauseError = { code: outcome.reason, message: outcome.message };
    if (ctx.db.prepare<[number], string>('SELECT state FROM jobs WHERE id = ?').pluck().get(jobId) === 'queued')
      ctx.queue.cancel({ jobId });
    return { ...callResult(ctx, batchId, jobId, pauseError), state: 'paused', error: pauseError };
  }

  return {
    'service.call': async ({ operation, params, collection, ticket }) => {
      // Parameters and the collection name are checked before anything is queued or sent.
      if (collection !== undefined) ctx.collections.ensure(collection);
      if (ticket !== undefined && ctx.queue.callOfTicket(ticket) !== null)
        throw new GleanerError('INVALID_INPUT', 'This ticket was used for another call: give each call its own.');
      const { batchId, jobIds } = ctx.queue.enqueue({
        kind: 'call',
        label: operation,
        ...(collection ? { collection } : {}),
        ...(ticket ? { ticket } : {}),
        jobs: [{ operation, params }],
      });
      return settle(batchId, jobIds[0]!);
    },
    // A ticket no call was made with, or whose call has ended, cancels nothing.
    'service.cancel': ({ ticket }) => {
      const call = ctx.queue.callOfTicket(ticket);
      return { cancelled: call === null ? 0 : ctx.queue.cancel({ batchId: call.batchId }) };
    },
    // Null for a ticket no call was made with (the request never reached the queue).
    'service.follow': async ({ ticket }) => {
      const call = ctx.queue.callOfTicket(ticket);
      return call === null ? null : settle(call.batchId, call.jobId);
    },
  };
}

export function callResult(
  ctx: CoreContext,
  batchId: number,
  jobId: number,
  pauseError: { code: string; message: string } | null,
): CallResult {
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
            body: string;
            parse_warnings: string;
          }
        >('SELECT request_id, status, fetched_at, duration_ms, next_page, body, parse_warnings FROM responses WHERE id = ?')
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
    requestId: response?.request_id ?? '',
    status: response?.status ?? 0,
    fetchedAt: response?.fetched_at ?? '',
    durationMs: response?.duration_ms ?? 0,
    nextPage: response?.next_page ? (JSON.parse(response.next_page) as Record<string, string>) : null,
    itemIds,
    warnings: response ? (JSON.parse(response.parse_warnings) as string[]) : [],
    data: response ? (JSON.parse(response.body) as { data?: unknown }).data : null,
    spent,
  };
}
