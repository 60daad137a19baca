/**
 * The Fetch view: which operation is chosen, what its form holds, and the results of the
 * last run, page by page. Results survive switching views; the form keeps what was typed
 * for each operation.
 */
import { create } from 'zustand';
import { getOperation, operationsOf, PLATFORMS, type OperationId, type Platform } from '../../../shared/catalogue';
import type { CallResult } from '../../../shared/contract';
import type { SearchHit } from '../../../shared/library';
import { errorText } from '../lib/errors';
import { formatItems } from '../lib/format';
import {
  appendIds,
  checkForm,
  chunk,
  emptyValues,
  inResponseOrder,
  nextPageParams,
  nextSelection,
  type FormValues,
  type SelectGesture,
} from '../lib/fetch-form';
import { libraryChanged } from '../lib/library-events';
import { bridge } from '../transport';

/** The library's id filter takes at most 1,000 ids per search. */
const IDS_PER_SEARCH = 500;

/**
 * The answer's data as received, pretty-printed: read from the library by its response id, only
 * when it is shown. Undefined when there is none, or it cannot be read (the warnings still say why).
 */
async function answerAsReceived(responseId: number | null): Promise<string | undefined> {
  if (responseId === null) return undefined;
  try {
    const { body } = await bridge.call('items.raw', { responseId });
    const { data } = JSON.parse(body) as { data?: unknown };
    return data === undefined ? undefined : JSON.stringify(data, null, 2);
  } catch {
    return undefined;
  }
}

export interface FetchResults {
  operation: OperationId;
  /** The first page's parameters, as sent. */
  params: Record<string, string>;
  /** The form's values that ran, as checked (absent for results kept from before this was kept): what "stale" compares with. */
  asked?: Record<string, string>;
  itemIds: number[];
  hits: SearchHit[];
  nextPage: Record<string, string> | null;
  pages: number;
  requestId: string;
  fetchedAt: string;
  warnings: string[];
  /**
   * The answer's data as received, pretty-printed, when no item could be read from it (warnings
   * say why): the user sees what came back rather than a bare "no items".
   */
  unreadAnswer?: string;
}

export type RunStatus = 'idle' | 'running' | 'loading-more';

/** The call under way: its ticket (service.cancel and service.follow take it) and what it is for. */
export interface PendingCall {
  ticket: string;
  kind: 'run' | 'more';
}

interface FetchState {
  platform: Platform;
  operation: OperationId;
  values: Readonly<Partial<Record<OperationId, FormValues>>>;
  touched: ReadonlySet<string>;
  attempted: boolean;
  status: RunStatus;
  pending: PendingCall | null;
  /** What the last run or page load brought, in words, for the status region (screen readers hear it). */
  announcement: string | null;
  error: string | null;
  results: FetchResults | null;
  selection: ReadonlySet<number>;
  anchor: number | null;
  setPlatform(platform: Platform): void;
  setOperation(operation: OperationId): void;
  setValue(name: string, value: string | boolean): void;
  touch(name: string): void;
  /** Runs the chosen operation; resolves to false when the form was not valid (nothing was sent). */
  run(): Promise<boolean>;
  loadMore(): Promise<void>;
  /** Cancels the run or page load under way, waiting in the queue or on its way. */
  cancelRun(): Promise<void>;
  select(index: number, gesture: SelectGesture): void;
  selectAll(select: boolean): void;
  /**
   * Puts back the view as it was before a reload or a restart (see fetch-keeper): the form, the
   * last results, read again from the library, and the run or page load that was on its way,
   * followed again. Only into a view that has nothing of its own yet.
   */
  restore(kept: KeptFetch): Promise<void>;
}

/** What the view keeps across a reload: the form, the last results without their rows, and the call under way. */
export interface KeptFetch {
  platform: Platform;
  operation: OperationId;
  values: Partial<Record<OperationId, FormValues>>;
  results: Omit<FetchResults, 'hits' | 'unreadAnswer'> | null;
  pending?: PendingCall | null;
}

/** What the view says when the call it was following never reached the queue (the window went first). */
export const lostCall = (kind: PendingCall['kind']): string =>
  kind === 'run'
    ? 'The run started before the window went never reached Gleaner’s queue, so nothing was sent or fetched. Run it again.'
    : 'The page load started before the window went never reached Gleaner’s queue, so nothing was sent or fetched. Press Load more again.';

// One empty form per operation, so selectors see the same object until the user types.
const emptyForms = new Map<OperationId, FormValues>();

export function valuesOf(state: Pick<FetchState, 'values' | 'operation'>): FormValues {
  const typed = state.values[state.operation];
  if (typed) return typed;
  let empty = emptyForms.get(state.operation);
  if (!empty) emptyForms.set(state.operation, (empty = emptyValues(getOperation(state.operation))));
  return empty;
}

/** A call that did not finish, in words: the core's message says what happened and what to do. */
function callProblem(result: CallResult): string | null {
  if (result.state === 'done') return null;
  const detail = result.error?.message?.trim();
  switch (result.state) {
    case 'paused':
      return `The request queue is paused${detail ? `: ${detail}` : '.'} Nothing was sent for this. Fix it in Settings or Activity, then run again.`;
    case 'cancelled':
      return result.spent
        ? 'Cancelled while its request was on its way: the request counts against your plan, but its answer, if any came, was not kept.'
        : 'Cancelled: nothing was fetched.';
    case 'failed':
      return detail ? `The service could not answer: ${detail}` : 'The service could not answer this request. Try again in a moment.';
  }
}

async function hitsFor(ids: readonly number[]): Promise<SearchHit[]> {
  const found: SearchHit[] = [];
  for (const part of chunk(ids, IDS_PER_SEARCH)) {
    const { hits } = await bridge.call('library.search', { ids: part, limit: part.length });
    found.push(...hits);
  }
  return inResponseOrder(ids, found);
}

let runSeq = 0;

const INITIAL_PLATFORM: Platform = PLATFORMS[0];
const INITIAL_OPERATION: OperationId = operationsOf(INITIAL_PLATFORM)[0]!.id;

export const useFetchStore = create<FetchState>((set, get) => {
  /** A fresh ticket for a call, remembered with the status as the one under way. */
  function startCall(kind: PendingCall['kind']): { seq: number; ticket: string } {
    const ticket = crypto.randomUUID();
    set({ status: kind === 'run' ? 'running' : 'loading-more', pending: { ticket, kind }, announcement: null, error: null });
    return { seq: ++runSeq, ticket };
  }

  /** Ends the call under way with a problem, unless another run took its place meanwhile. */
  function fail(seq: number, error: string): void {
    if (seq === runSeq) set({ status: 'idle', pending: null, error });
  }

  /** A run's answer, shown as the new results (or why there are none). */
  async function showRun(seq: number, result: CallResult, asked?: Record<string, string>): Promise<void> {
    const problem = callProblem(result);
    if (problem) return fail(seq, problem);
    const hits = await hitsFor(result.itemIds);
    const unreadAnswer = hits.length === 0 && result.warnings.length > 0 ? await answerAsReceived(result.responseId) : undefined;
    if (seq !== runSeq) return;
    set({
      status: 'idle',
      pending: null,
      announcement:
        hits.length > 0
          ? `${formatItems(hits.length)} found.`
          : result.warnings.length > 0
            ? 'The service answered, but no item could be read from its answer.'
            : 'The service returned no items.',
      results: {
        operation: result.operation,
        params: result.params,
        ...(asked ? { asked } : {}),
        itemIds: result.itemIds,
        hits,
        nextPage: result.nextPage,
        pages: 1,
        requestId: result.requestId,
        fetchedAt: result.fetchedAt,
        warnings: result.warnings,
        ...(unreadAnswer !== undefined ? { unreadAnswer } : {}),
      },
      selection: new Set(),
      anchor: null,
    });
    libraryChanged();
  }

  /** The next page's answer, added below the results it continues. */
  async function showMore(seq: number, results: FetchResults, result: CallResult): Promise<void> {
    const problem = callProblem(result);
    if (problem) return fail(seq, problem);
    const itemIds = appendIds(results.itemIds, result.itemIds);
    const hits = await hitsFor(itemIds);
    if (seq !== runSeq) return;
    set({
      status: 'idle',
      pending: null,
      announcement: `${formatItems(hits.length - results.hits.length, 'more item')} loaded, ${formatItems(hits.length)} in all.`,
      results: {
        ...results,
        itemIds,
        hits,
        nextPage: result.nextPage,
        pages: results.pages + 1,
        requestId: result.requestId,
        fetchedAt: result.fetchedAt,
        warnings: [...results.warnings, ...result.warnings],
      },
    });
    libraryChanged();
  }

  /** Waits again for a call a reloaded page had started, and shows its answer as the page would have. */
  async function follow(pending: PendingCall): Promise<void> {
    const results = get().results;
    // A page load continues results that are shown; without them, its page is shown as a run's.
    const kind = pending.kind === 'more' && results ? 'more' : 'run';
    set({ status: kind === 'run' ? 'running' : 'loading-more', pending, announcement: null, error: null });
    const seq = ++runSeq;
    try {
      const result = await bridge.call('service.follow', { ticket: pending.ticket });
      if (seq !== runSeq) return;
      if (result === null) return fail(seq, lostCall(kind));
      await (kind === 'more' ? showMore(seq, results!, result) : showRun(seq, result));
    } catch (error) {
      fail(seq, errorText(error, kind === 'more' ? 'load more results' : 'run the operation'));
    }
  }

  return {
    platform: INITIAL_PLATFORM,
    operation: INITIAL_OPERATION,
    values: {},
    touched: new Set(),
    attempted: false,
    status: 'idle',
    pending: null,
    announcement: null,
    error: null,
    results: null,
    selection: new Set(),
    anchor: null,

    setPlatform(platform) {
      if (platform === get().platform) return;
      set({ platform, operation: operationsOf(platform)[0]!.id, touched: new Set(), attempted: false });
    },

    setOperation(operation) {
      if (operation === get().operation) return;
      set({ operation, touched: new Set(), attempted: false });
    },

    setValue(name, value) {
      const state = get();
      set({ values: { ...state.values, [state.operation]: { ...valuesOf(state), [name]: value } } });
    },

    touch(name) {
      if (get().touched.has(name)) return;
      set({ touched: new Set([...get().touched, name]) });
    },

    async run() {
      const state = get();
      const op = getOperation(state.operation);
      const { check } = checkForm(op, valuesOf(state));
      if (!check.ok) {
        // The form's own problems are what this Run answers with: the last run's outcome no longer stands beside them.
        set({ attempted: true, error: null, announcement: null });
        return false;
      }
      set({ attempted: false });
      const { seq, ticket } = startCall('run');
      try {
        const result = await bridge.call('service.call', { operation: op.id, params: check.params, ticket });
        if (seq === runSeq) await showRun(seq, result, check.params);
      } catch (error) {
        fail(seq, errorText(error, `run ${op.title.toLowerCase()}`));
      }
      return true;
    },

    async loadMore() {
      const { results, status } = get();
      if (!results?.nextPage || status !== 'idle') return;
      const { seq, ticket } = startCall('more');
      try {
        const result = await bridge.call('service.call', {
          operation: results.operation,
          params: nextPageParams(results.params, results.nextPage),
          ticket,
        });
        if (seq === runSeq) await showMore(seq, results, result);
      } catch (error) {
        fail(seq, errorText(error, 'load more results'));
      }
    },

    async cancelRun() {
      const { pending, status } = get();
      if (pending === null || status === 'idle') return;
      try {
        await bridge.call('service.cancel', { ticket: pending.ticket });
      } catch (error) {
        set({ error: errorText(error, 'cancel the request') });
      }
      // The call itself then answers "cancelled", and the run ends there.
    },

    select(index, gesture) {
      const { results, selection, anchor } = get();
      if (!results) return;
      const ids = results.hits.map((hit) => hit.id);
      set(nextSelection(selection, ids, anchor, index, gesture));
    },

    selectAll(select) {
      const { results } = get();
      set({ selection: select && results ? new Set(results.hits.map((hit) => hit.id)) : new Set(), anchor: null });
    },

    async restore(kept) {
      const untouched = (): boolean => {
        const state = get();
        return state.results === null && state.status === 'idle' && state.error === null && Object.keys(state.values).length === 0;
      };
      if (!untouched() || get().platform !== INITIAL_PLATFORM || get().operation !== INITIAL_OPERATION) return;
      set({ platform: kept.platform, operation: kept.operation, values: kept.values });
      // Shown as on its way at once, so that a Run meanwhile cannot start a second call beside it.
      if (kept.pending) set({ status: kept.pending.kind === 'run' ? 'running' : 'loading-more', pending: kept.pending });
      await restoreResults(kept);
      if (kept.pending && get().pending?.ticket === kept.pending.ticket) await follow(kept.pending);
    },
  };

  /** The kept results, their rows read again from the library. */
  async function restoreResults(kept: KeptFetch): Promise<void> {
    if (!kept.results || kept.results.itemIds.length === 0) return;
    let hits: SearchHit[];
    try {
      // The items are in the library; one deleted since is simply not listed.
      hits = await hitsFor(kept.results.itemIds);
    } catch {
      // The library could not be read just now: the form is back, and Run shows the results again.
      return;
    }
    // Shown only with their rows, and only if nothing was run meanwhile; results whose items are
    // all gone are not shown as an answer that "returned no items".
    if (hits.length > 0 && get().results === null && (get().status === 'idle' || get().pending?.ticket === kept.pending?.ticket))
      set({ results: { ...kept.results, hits } });
  }
});
