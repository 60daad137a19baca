/** The `watch.*` bridge methods (issue 30), spread into the contract's one list (contract.ts). */
import { z } from './zod';
import { OPERATION_IDS } from './catalogue';
import { method, once, returns } from './contract-method';
import { isoDate } from './iso-date-schema';
import { MAX_ITEMS_PER_ACTION } from './library';
import { textKeyedRecord } from './text-keys';
import { WATCH_INTERVALS, type WatchChangesPage, type WatchCost, type WatchListCost, type WatchSummary } from './watch';

const noInput = once(() => z.object({}).strict());
const itemId = once(() => z.number().int().positive());
const paramValue = once(() => z.union([z.string().max(4096), z.number().finite(), z.boolean(), z.null()]));

/** What a watch fetches again: an item by its details operation, or what an operation lists. */
const watchTarget = once(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('item'), itemId: itemId() }).strict(),
    z
      .object({
        kind: z.literal('operation'),
        operation: z.enum(OPERATION_IDS),
        params: textKeyedRecord(z.string().max(100), paramValue()).default({}),
      })
      .strict(),
  ]),
);
const watchPlanInput = once(() => z.object({ target: watchTarget(), interval: z.enum(WATCH_INTERVALS) }).strict());
const watchId = once(() => z.object({ id: itemId() }).strict());

export const watchMethods = {
  /** Watches (issue 30). `watch.plan` sends nothing and saves nothing: the cost shown before saving. */
  'watch.plan': method(() => watchPlanInput(), returns<WatchCost>()),
  // Refused with BUDGET_EXCEEDED, naming the numbers, when all watches together would pass the cap.
  'watch.add': method(
    () =>
      watchPlanInput()
        .extend({ label: z.string().trim().min(1).max(200).optional() })
        .strict(),
    returns<WatchSummary>(),
  ),
  'watch.list': method(() => noInput(), returns<{ watches: WatchSummary[]; cost: WatchListCost }>()),
  'watch.remove': method(() => watchId(), returns<{ removed: true }>()),
  'watch.pause': method(() => watchId(), returns<WatchSummary>()),
  'watch.resume': method(() => watchId(), returns<WatchSummary>()),
  // Queues the watches that are due (or every active one with `all`); their changes follow as `watch.changed`.
  // batchIds: the queue's batch of each run, for a host that waits for them (the CLI's `watch run`).
  'watch.run': method(
    () => z.object({ all: z.boolean().optional() }).strict(),
    returns<{ queued: number; watchIds: number[]; batchIds: number[] }>(),
  ),
  'watch.changes': method(
    () =>
      z
        .object({
          since: isoDate().optional(),
          watchId: itemId().optional(),
          itemId: itemId().optional(),
          unreadOnly: z.boolean().optional(),
          limit: z.number().int().min(1).max(1000).optional(),
          offset: z.number().int().min(0).optional(),
        })
        .strict(),
    returns<WatchChangesPage>(),
  ),
  'watch.markRead': method(
    () =>
      z
        .object({ ids: z.array(itemId()).min(1).max(MAX_ITEMS_PER_ACTION).optional(), all: z.literal(true).optional() })
        .strict()
        .refine((input) => (input.ids === undefined) !== (input.all === undefined), { message: 'needs either ids or all' }),
    returns<{ unread: number }>(),
  ),
};
