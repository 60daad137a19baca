import { useCallback, useEffect, useRef } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { modalDialogOpen } from '../../components/ShortcutKeys';
import { activeFilterCount, followQueue, hitAt, openHit, useLibraryStore } from '../../stores/library-store';
import { focusItemDetail } from '../item-detail/focus';
import { ExportButton } from '../../components/ExportDialog';
import { formatItems } from '../../lib/format';
import { buildSearchRequest } from '../../lib/search-request';
import type { ExportTarget } from '../../stores/export-store';
import { BulkBar } from './BulkBar';
import { FilterBar } from './FilterBar';
import { ResultList, type ResultListHandle } from './ResultList';
import { ResultSummary } from './ResultSummary';
import { SearchBox } from './SearchBox';
import { shortcutFor, type KeyTarget } from './shortcuts';

function keyTarget(target: EventTarget | null, list: HTMLElement | null): KeyTarget {
  if (!(target instanceof HTMLElement) || target === document.body || target === document.documentElement) return 'body';
  if (list && target === list) return 'list';
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return 'editable';
  if (target instanceof HTMLInputElement) {
    // Checkboxes and buttons do not take text; everything else does.
    return ['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type) ? 'other' : 'editable';
  }
  return 'other';
}

/** The search and filters that produced the list on screen, without paging: Export results covers all of them. */
function exportResults(): ExportTarget {
  const { resultQuery, resultFilters, sort, total } = useLibraryStore.getState();
  const search = buildSearchRequest(resultQuery, resultFilters, sort);
  const what = resultQuery ? `the ${formatItems(total ?? 0)} found for “${resultQuery}”` : `the ${formatItems(total ?? 0)} listed`;
  return { scope: { kind: 'search', search }, description: what };
}

export function LibraryView() {
  const total = useLibraryStore((s) => s.total);
  const error = useLibraryStore((s) => s.error);
  const resultQuery = useLibraryStore((s) => s.resultQuery);
  const filters = useLibraryStore((s) => s.resultFilters);
  const search = useLibraryStore((s) => s.search);
  const clearFilters = useLibraryStore((s) => s.clearFilters);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<ResultListHandle>(null);

  useEffect(() => {
    // The first visit loads the library; later visits keep the query, filters and selection they had.
    if (useLibraryStore.getState().total === null) search();
    else void useLibraryStore.getState().refresh();
  }, [search]);

  // New items arriving from a running fetch or import appear without a reload.
  useEffect(() => followQueue(), []);

  const openAt = useCallback((index: number) => {
    const hit = hitAt(useLibraryStore.getState().pages, index);
    if (!hit) return;
    // A transcript hit opens at its segment, as moving the cursor onto it showed.
    openHit(hit);
    focusItemDetail();
  }, []);

  const enterResults = useCallback(() => {
    const state = useLibraryStore.getState();
    if (!state.total) return;
    listRef.current?.focus();
    if (state.cursor === null) state.moveCursor(1, false);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      // Nothing behind a modal dialog (the export) answers keys.
      if (event.defaultPrevented || event.isComposing || modalDialogOpen()) return;
      const action = shortcutFor(event, keyTarget(event.target, listRef.current?.element() ?? null));
      if (!action) return;
      const state = useLibraryStore.getState();
      event.preventDefault();
      switch (action.type) {
        case 'focus-search':
          searchRef.current?.focus();
          searchRef.current?.select();
          return;
        case 'move':
          state.moveCursor(action.delta, action.keepSelection ? 'keep' : action.extend);
          listRef.current?.focus();
          return;
        case 'first':
          if (state.total) state.moveCursor(-state.total, false);
          return;
        case 'last':
          if (state.total) state.moveCursor(state.total, false);
          return;
        case 'open':
          if (state.cursor !== null) openAt(state.cursor);
          return;
        case 'toggle':
          state.toggleAtCursor();
          return;
        case 'select-all':
          state.selectAll();
          return;
        case 'clear-selection':
          state.clearSelection();
          return;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openAt]);

  const filtered = activeFilterCount(filters) > 0;
  let body;
  if (error && total === null) {
    body = (
      <div className="library-message" role="alert">
        <p className="error">{error}</p>
        <button type="button" onClick={search}>
          Try again
        </button>
      </div>
    );
  } else if (total === null) {
    body = <p className="library-message muted">Loading your library…</p>;
  } else if (total === 0 && !resultQuery && !filtered) {
    body = (
      <EmptyState title="Your library is empty">
        <p>
          Everything you fetch is kept here, searchable offline. Start in <strong>Fetch</strong> or <strong>Paste URLs</strong>.
        </p>
      </EmptyState>
    );
  } else if (total === 0) {
    body = (
      <EmptyState title="Nothing matches">
        <p>
          {resultQuery ? 'No item, note or transcript has these words' : 'No item fits these filters'}
          {filtered ? ' with the filters you chose' : ''}. Try fewer or shorter words, a prefix such as <code>flood*</code>
          {filtered ? ', or clear the filters' : ''}.
        </p>
        {filtered && (
          <button type="button" onClick={clearFilters}>
            Clear filters
          </button>
        )}
      </EmptyState>
    );
  } else {
    body = <ResultList ref={listRef} onOpen={openAt} />;
  }

  return (
    <div className="library">
      <div className="library-head">
        <SearchBox ref={searchRef} onEnterResults={enterResults} />
        <FilterBar />
        <ResultSummary />
        <ExportButton label="Export results…" className="export-results" disabled={!total} target={exportResults} />
        <BulkBar />
      </div>
      {body}
    </div>
  );
}
