import type { CallResult } from '../../../shared/contract';
import { GleanerError } from '../../../shared/errors';
import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { waitForBatch } from '../queue/wait';
import { callRecords } from '../store/call-records';
import { callOutcome, callResult } from '../usecases/call-results';

/**
 * Runs one operation through the queue (so it respects the budget) and waits for it. A call
 * made with a ticket keeps it with its batch: it can be cancelled by it while it waits or runs
 * (the Fetch view's Cancel), and followed again by it (service.follow) from a window reloaded or
 * reopened meanwhile, since the call goes on in the queue whoever waits for it, even after a
 * restart.
 */
export function createServiceHandlers(
  ctx: CoreContext,
): Pick<Handlers, 'service.call' | 'service.cancel' | 'service.follow' | 'service.start' | 'service.results'> {
  /** Waits for the call's batch to end, or for the queue to pause with it unfinished. */
  async function settle(batchId: number, jobId: number): Promise<CallResult> {
    const outcome = await waitForBatch(ctx.queue, ctx.events, batchId);
    if (outcome.kind === 'finished') return callResult(ctx, batchId, jobId, null);
    // The view stops waiting and says so: its request comes out of the queue (unless already on
    // its way), as `gleaner call`'s does, so it is not sent later, unseen and paid for, nor
    // twice when the user runs it again.
    const pauseError = { code: outcome.reason, message: outcome.message };
    if (callRecords.jobState(ctx.db, jobId) === 'queued') ctx.queue.cancel({ jobId });
    return { ...callResult(ctx, batchId, jobId, pauseError), state: 'paused', error: pauseError };
  }

  return {
    'service.call': async ({ operation, params, collection, ticket, pages, maxItems }) => {
      // Parameters and the collection name are checked before anything is queued or sent.
      if (collection !== undefined) ctx.collections.ensure(collection);
      if (ticket !== undefined && ctx.queue.callOfTicket(ticket) !== null)
        throw new GleanerError('INVALID_INPUT', 'This ticket was used for another call: give each call its own.');
      const { batchId, jobIds } = ctx.queue.enqueue({
        kind: 'call',
        label: operation,
        ...(collection ? { collection } : {}),
        ...(ticket ? { ticket } : {}),
        jobs: [{ operation, params, ...pagesToFollow(pages, maxItems) }],
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
    // Parameters are checked when the job is queued: a bad one costs no request.
    // The collection is made when the first items go into it, so a refused call leaves none behind.
    'service.start': ({ operation, params, collection, pages, maxItems }) => {
      const { batchId } = ctx.queue.enqueue({
        kind: 'call',
        label: operation,
        ...(collection !== undefined ? { collection } : {}),
        jobs: [{ operation, params, ...pagesToFollow(pages, maxItems) }],
      });
      return { batchId };
    },
    'service.results': ({ batchId }) => callOutcome(ctx, batchId),
  };
}

const pagesToFollow = (pages: number | undefined, maxItems: number | undefined) => ({
  ...(pages !== undefined ? { pages } : {}),
  ...(maxItems !== undefined ? { maxItems } : {}),
});
