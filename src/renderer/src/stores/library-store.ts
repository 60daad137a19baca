/**
 * The Library's state: what is typed and filtered, the results (loaded a page at a time, so a
 * 100,000-item library never loads at once), and the multi-selection.
 *
 * Typing searches at once when no search is on its way, else once the one on its way has
 * answered, with whatever is typed by then: results follow the keyboard without a fixed delay,
 * and a fast typist never queues more than one search. Every search gets a generation number
 * and answers from an older generation are dropped, so a slow answer never overwrites a newer one.
 */
import { create } from 'zustand';
import { MAX_ITEMS_PER_ACTION, type SearchHit, type SearchRequest, type SearchSort } from '../../../shared/library';
import { errorText } from '../lib/errors';
import { libraryChanged, onLibraryChanged } from '../lib/library-events';
import { queryForTyped } from '../../../shared/typed-query';
import { buildSearchRequest, EMPTY_FILTERS, type LibraryFilters } from '../lib/search-request';
import { bridge } from '../transport';
import { useItemStore } from './item-store';

export { activeFilterCount, EMPTY_FILTERS, type LibraryFilters } from '../lib/search-request';

/**
 * Rows per request. A page is what each keystroke waits for (its rows, snippets and transfer), so
 * it is kept near what a tall window shows plus the rows loaded ahead of the scroll (ResultList).
 */
export const PAGE_SIZE = 100;
/** How long a free-text filter (a tag) waits for typing to pause. */
export const TAG_DEBOUNCE_MS = 300;

export type SelectMode = 'single' | 'toggle' | 'range';

interface LibraryState {
  /** The text in the search box, as typed. */
  query: string;
  filters: LibraryFilters;
  sort: SearchSort;
  /** Why the typed text cannot be searched yet (an unclosed quote…); the last results stay. */
  queryHint: string | null;
  /** The query the shown results answer; '' when browsing. */
  resultQuery: string;
  /** The filters the shown results answer (the filters above may already have changed). */
  resultFilters: LibraryFilters;
  /** Matching items in all; null before the first answer. */
  total: number | null;
  /** The shown results of a relevance search: false when too many matched to rank (listed newest added first). */
  resultRanked: boolean | null;
  /** Loaded pages of results by page number (index / PAGE_SIZE). */
  pages: ReadonlyMap<number, SearchHit[]>;
  /** Bumped for every new result set (not for a refresh), so the list can scroll to the top. */
  resultsVersion: number;
  loading: boolean;
  error: string | null;
  selection: ReadonlySet<number>;
  /** What the selection is waiting for, or why it is smaller than asked ("the first 100,000 of…"). */
  selectionNote: string | null;
  /** The keyboard cursor (row index). */
  cursor: number | null;
  /** Where a Shift-selection starts (row index). */
  anchor: number | null;

  setQuery(text: string): void;
  setFilter<K extends keyof LibraryFilters>(key: K, value: LibraryFilters[K]): void;
  clearFilters(): void;
  setSort(sort: SearchSort): void;
  /** Runs the search now (the first load, or Enter in the search box). */
  search(): void;
  /** Reloads the loaded pages after a change in the library, keeping scroll and selection. */
  refresh(): Promise<void>;
  /** Loads the pages covering rows first…last when they are not loaded yet. */
  ensureRange(first: number, last: number): void;
  select(index: number, mode: SelectMode): void;
  /** Moves the cursor by delta rows (extend: Shift held). Returns the new cursor. */
  /** Moves the cursor; plain moves select and open the row, `extend` grows the range, `keep` leaves the selection as it is. */
  moveCursor(delta: number, extend: boolean | 'keep'): number | null;
  toggleAtCursor(): void;
  /** Selects every row of the result (pages not loaded yet included), up to what one action takes. */
  selectAll(): void;
  clearSelection(): void;
}

/** The hit at a row, when its page is loaded. */
export const hitAt = (pages: ReadonlyMap<number, SearchHit[]>, index: number): SearchHit | undefined =>
  pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];

/** Opens a hit in the detail pane; a transcript hit opens at its moment. */
export function openHit(hit: SearchHit): void {
  const { segmentStartMs } = hit;
  useItemStore
    .getState()
    .open(hit.id, hit.matchedIn === 'transcript' && segmentStartMs !== null ? { ms: segmentStartMs, language: hit.segmentLanguage } : null);
}

let generation = 0;
let currentRequest: SearchRequest | null = null;
let pageLoads = new Map<number, Promise<void>>();
let debounceTimer: ReturnType<typeof setTimeout> | undefined;
let visible: { first: number; last: number } = { first: 0, last: 0 };
/** A refresh asked for while a new search was on its way: run it once that search has answered. */
let refreshAfterSearch = false;
/** Searches sent and not answered yet, and whether the text changed meanwhile. */
let searchesInFlight = 0;
let searchWanted = false;
/** Bumped by every change of the selection, so a slow answer for a range never overwrites a later choice. */
let selectionSeq = 0;

export const useLibraryStore = create<LibraryState>((set, get) => {
  const fetchPage = (request: SearchRequest, page: number) =>
    bridge.call('library.search', { ...request, limit: PAGE_SIZE, offset: page * PAGE_SIZE });

  function runSearch(): void {
    clearTimeout(debounceTimer);
    // This search takes the text as it is now: what was typed while another was on its way is in it.
    searchWanted = false;
    const state = get();
    const typed = queryForTyped(state.query);
    if (!typed.ok) {
      set({ queryHint: typed.waiting ? null : typed.message });
      return;
    }
    const filters = state.filters;
    const request = buildSearchRequest(typed.query, filters, state.sort);
    const gen = ++generation;
    currentRequest = request;
    pageLoads = new Map();
    set({ queryHint: null, loading: true });
    searchesInFlight += 1;
    const answered = (): void => {
      searchesInFlight -= 1;
      if (searchesInFlight === 0 && searchWanted) {
        searchWanted = false;
        runSearch();
      }
    };
    const first = fetchPage(request, 0).then(
      (result) => {
        answered();
        if (gen !== generation) return;
        if (refreshAfterSearch) {
          refreshAfterSearch = false;
          queueMicrotask(() => void get().refresh());
        }
        set((s) => ({
          pages: new Map([[0, result.hits]]),
          total: result.total,
          resultRanked: result.ranked ?? null,
          resultQuery: typed.query,
          resultFilters: filters,
          resultsVersion: s.resultsVersion + 1,
          loading: false,
          error: null,
          ...noSelection(),
          cursor: null,
          anchor: null,
        }));
      },
      (error: unknown) => {
        answered();
        if (gen !== generation) return;
        pageLoads.delete(0);
        set((s) => ({
          pages: new Map(),
          total: null,
          resultRanked: null,
          resultQuery: typed.query,
          resultFilters: filters,
          resultsVersion: s.resultsVersion + 1,
          loading: false,
          error: errorText(error, 'search the library'),
          ...noSelection(),
          cursor: null,
          anchor: null,
        }));
      },
    );
    pageLoads.set(0, first);
  }

  function schedule(delay: number): void {
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(runSearch, delay);
  }

  /** Searches now, or as soon as the search on its way has answered. */
  function searchSoon(): void {
    clearTimeout(debounceTimer);
    if (searchesInFlight > 0) searchWanted = true;
    else runSearch();
  }

  function noSelection(): Pick<LibraryState, 'selection' | 'selectionNote'> {
    selectionSeq += 1;
    return { selection: new Set(), selectionNote: null };
  }

  function selectOnly(ids: Iterable<number>): Pick<LibraryState, 'selection' | 'selectionNote'> {
    selectionSeq += 1;
    return { selection: new Set(ids), selectionNote: null };
  }

  /**
   * Selects rows from…to (either order). Rows on pages not loaded yet (a Shift-click after a long
   * scroll, "select all") are asked for by their ids; until they answer, the loaded ones are selected.
   */
  function selectRows(from: number, to: number): void {
    const low = Math.max(Math.min(from, to), 0);
    const high = Math.max(from, to);
    const { pages } = get();
    const loaded: number[] = [];
    for (let i = low; i <= high; i += 1) {
      const hit = hitAt(pages, i);
      if (hit) loaded.push(hit.id);
    }
    const rows = high - low + 1;
    if (loaded.length === rows) {
      set(selectOnly(loaded));
      return;
    }
    const request = currentRequest;
    if (!request) return;
    const wanted = Math.min(rows, MAX_ITEMS_PER_ACTION);
    set(selectOnly(loaded));
    set({ selectionNote: `Selecting ${wanted.toLocaleString('en-US')} items…` });
    const seq = selectionSeq;
    const search = { ...request };
    delete search.limit;
    delete search.offset;
    delete search.ids;
    bridge.call('library.ids', { search, offset: low, limit: wanted }).then(
      ({ ids }) => {
        if (seq !== selectionSeq || request !== currentRequest) return;
        set(selectOnly(ids));
        if (rows > wanted) {
          set({
            selectionNote: `Selected the first ${wanted.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')}: one action takes at most ${MAX_ITEMS_PER_ACTION.toLocaleString('en-US')} items.`,
          });
        }
      },
      (error: unknown) => {
        if (seq !== selectionSeq) return;
        set({ selectionNote: errorText(error, 'select those items') });
      },
    );
  }

  return {
    query: '',
    filters: EMPTY_FILTERS,
    sort: 'relevance',
    queryHint: null,
    resultQuery: '',
    resultFilters: EMPTY_FILTERS,
    total: null,
    resultRanked: null,
    pages: new Map(),
    resultsVersion: 0,
    loading: false,
    error: null,
    selection: new Set(),
    selectionNote: null,
    cursor: null,
    anchor: null,

    setQuery(text) {
      set({ query: text });
      searchSoon();
    },

    setFilter(key, value) {
      set({ filters: { ...get().filters, [key]: value } });
      // Free text (a tag) waits for the typing to pause; choices apply at once.
      if (key === 'tag') schedule(TAG_DEBOUNCE_MS);
      else searchSoon();
    },

    clearFilters() {
      set({ filters: EMPTY_FILTERS });
      searchSoon();
    },

    setSort(sort) {
      set({ sort });
      searchSoon();
    },

    search() {
      // Enter on results that already answer what is typed keeps them, and the row the cursor is on.
      const state = get();
      const typed = queryForTyped(state.query);
      if (
        typed.ok &&
        !searchWanted &&
        currentRequest !== null &&
        JSON.stringify(currentRequest) === JSON.stringify(buildSearchRequest(typed.query, state.filters, state.sort))
      )
        return;
      runSearch();
    },

    async refresh() {
      const request = currentRequest;
      if (!request) return;
      // A new search is on its way: never overtake it; refresh once it has answered.
      if (get().loading) {
        refreshAfterSearch = true;
        return;
      }
      const gen = ++generation;
      const wanted = new Set<number>([0]);
      for (let p = Math.floor(visible.first / PAGE_SIZE); p <= Math.floor(visible.last / PAGE_SIZE); p += 1) wanted.add(p);
      try {
        const answers = await Promise.all([...wanted].map(async (page) => [page, await fetchPage(request, page)] as const));
        if (gen !== generation) return;
        const pages = new Map(answers.map(([page, result]) => [page, result.hits]));
        const total = answers[0]?.[1].total ?? 0;
        const resultRanked = answers[0]?.[1].ranked ?? null;
        pageLoads = new Map([...pages.keys()].map((page) => [page, Promise.resolve()]));
        const cursor = get().cursor;
        set({
          pages,
          total,
          resultRanked,
          error: null,
          cursor: cursor !== null && cursor >= total ? (total > 0 ? total - 1 : null) : cursor,
        });
      } catch (error) {
        if (gen !== generation) return;
        set({ error: errorText(error, 'refresh the results') });
      }
    },

    ensureRange(first, last) {
      visible = { first, last };
      const request = currentRequest;
      const total = get().total;
      if (!request || total === null || total === 0) return;
      const gen = generation;
      const lastRow = Math.min(last, total - 1);
      for (let page = Math.floor(Math.max(first, 0) / PAGE_SIZE); page <= Math.floor(lastRow / PAGE_SIZE); page += 1) {
        if (get().pages.has(page) || pageLoads.has(page)) continue;
        const load = fetchPage(request, page).then(
          (result) => {
            if (gen !== generation) return;
            const pages = new Map(get().pages);
            pages.set(page, result.hits);
            set({ pages, total: result.total });
          },
          (error: unknown) => {
            if (gen !== generation) return;
            pageLoads.delete(page);
            set({ error: errorText(error, 'load more results') });
          },
        );
        pageLoads.set(page, load);
      }
    },

    select(index, mode) {
      const { pages, selection, anchor, cursor } = get();
      const hit = hitAt(pages, index);
      if (!hit) return;
      if (mode === 'single') {
        set({ ...selectOnly([hit.id]), anchor: index, cursor: index });
        openHit(hit);
      } else if (mode === 'toggle') {
        const next = new Set(selection);
        if (next.has(hit.id)) next.delete(hit.id);
        else next.add(hit.id);
        set({ ...selectOnly(next), anchor: index, cursor: index });
      } else {
        const from = anchor ?? cursor ?? index;
        set({ anchor: from, cursor: index });
        selectRows(from, index);
      }
    },

    moveCursor(delta, extend) {
      const { total, cursor, anchor, pages } = get();
      if (!total) return null;
      const next = Math.min(Math.max((cursor ?? (delta > 0 ? -1 : total)) + delta, 0), total - 1);
      const hit = hitAt(pages, next);
      if (extend === 'keep') {
        set({ cursor: next, anchor: next });
      } else if (extend) {
        const from = anchor ?? cursor ?? next;
        set({ cursor: next, anchor: from });
        selectRows(from, next);
      } else if (hit) {
        set({ cursor: next, anchor: next, ...selectOnly([hit.id]) });
        openHit(hit);
      } else {
        set({ cursor: next, anchor: next });
      }
      return next;
    },

    toggleAtCursor() {
      const cursor = get().cursor;
      if (cursor !== null) get().select(cursor, 'toggle');
    },

    selectAll() {
      const total = get().total;
      if (total) selectRows(0, total - 1);
    },

    clearSelection() {
      set({ ...noSelection(), anchor: get().cursor });
    },
  };
});

// A note, a tag or a collection changed somewhere: the results may have too.
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
onLibraryChanged(() => {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void useLibraryStore.getState().refresh(), 50);
});

const LIVE_REFRESH_MS = 1500;

/**
 * Keeps the results current while fetches land (an import running in the background):
 * each batch's progress refreshes the loaded pages, at most every 1.5 s.
 */
export function followQueue(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  const seen = new Map<number, number>();
  const unsubscribe = bridge.subscribe('queue.batch', (progress) => {
    const settled = progress.done + progress.failed + progress.cancelled;
    if (seen.get(progress.batchId) === settled) return;
    seen.set(progress.batchId, settled);
    if (timer !== undefined) return;
    const wait = Math.max(0, last + LIVE_REFRESH_MS - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      last = Date.now();
      libraryChanged();
    }, wait);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
