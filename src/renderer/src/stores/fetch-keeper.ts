/**
 * The Fetch view outlives a reload, a crash or quitting: the operation chosen, what its forms
 * hold, the last results (their items read again from the library, "Load more" where the
 * service had more), and the run or page load on its way when the page went, which the reloaded
 * page follows again (the call itself went on in Gleaner's core). Kept per library.
 */
import { z } from '../../../shared/zod';
import { isOperationId, PLATFORMS, getOperation, type OperationId } from '../../../shared/catalogue';
import { createKeeper } from '../lib/page-storage';
import { useFetchStore, type FetchResults, type KeptFetch } from './fetch-store';

/** More ids than this are not kept (a run follows at most a few hundred pages). */
const MAX_KEPT_IDS = 100_000;

const operationId = z.string().refine(isOperationId);
const strings = z.record(z.string(), z.string());
const keptSchema = z.object({
  platform: z.enum(PLATFORMS),
  operation: operationId,
  values: z.record(z.string(), z.record(z.string(), z.union([z.string(), z.boolean()]))),
  results: z
    .object({
      operation: operationId,
      params: strings,
      asked: strings.optional(),
      itemIds: z.array(z.number().int().positive()).max(MAX_KEPT_IDS),
      nextPage: strings.nullable(),
      pages: z.number().int().positive(),
      requestId: z.string(),
      fetchedAt: z.string(),
      warnings: z.array(z.string()),
    })
    .nullable(),
  pending: z
    .object({ ticket: z.string().min(8).max(100), kind: z.enum(['run', 'more']) })
    .nullable()
    .optional(),
});

/** Results as kept: the rows are read again from the library, and an unread answer is in the library too. */
const withoutRows = ({ hits: _hits, unreadAnswer: _unread, ...kept }: FetchResults): KeptFetch['results'] => kept;

function read(stored: unknown): KeptFetch | null {
  const parsed = keptSchema.safeParse(stored);
  if (!parsed.success) return null;
  const { platform, operation, values, results, pending } = parsed.data;
  if (getOperation(operation as OperationId).platform !== platform) return null;
  // Forms of operations this Gleaner no longer has are dropped.
  const known = Object.fromEntries(Object.entries(values).filter(([id]) => isOperationId(id)));
  return {
    platform,
    operation: operation as OperationId,
    values: known,
    results: results && { ...results, operation: results.operation as OperationId },
    pending: pending ?? null,
  };
}

const fetchKeeper = createKeeper<ReturnType<typeof useFetchStore.getState>, KeptFetch>({
  entry: 'gleaner.fetch:',
  store: useFetchStore,
  changed: (state, previous) =>
    state.platform !== previous.platform ||
    state.operation !== previous.operation ||
    state.values !== previous.values ||
    state.results !== previous.results ||
    state.pending !== previous.pending,
  // The call under way is written as soon as it starts: a renderer crash fires no pagehide.
  urgent: (state, previous) => state.pending !== previous.pending,
  pick({ platform, operation, values, results, pending }) {
    if (results === null && pending === null && Object.keys(values).length === 0) return null;
    return {
      platform,
      operation,
      values,
      results: results && results.itemIds.length <= MAX_KEPT_IDS ? withoutRows(results) : null,
      pending,
    };
  },
  read,
  restore: (kept) => void useFetchStore.getState().restore(kept),
});

/** Keeps the Fetch view under this library's entry, and brings back what was left there last time. */
export const keepFetchFor = fetchKeeper.keepFor;
