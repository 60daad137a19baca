import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import { hitAt, useLibraryStore, type SelectMode } from '../../stores/library-store';
import { ResultRow, rowId } from './ResultRow';

/** Fixed row heights (px): two lines when browsing, three with the matching snippet. */
export const ROW_HEIGHT_BROWSE = 54;
export const ROW_HEIGHT_SEARCH = 76;

export interface ResultListHandle {
  focus(): void;
  element(): HTMLElement | null;
  scrollToRow(index: number): void;
}

interface Props {
  onOpen(index: number): void;
}

/** The results as a virtualised, multi-selectable listbox: only the rows in view are in the DOM. */
export const ResultList = forwardRef<ResultListHandle, Props>(function ResultList({ onOpen }, ref) {
  const total = useLibraryStore((s) => s.total) ?? 0;
  const pages = useLibraryStore((s) => s.pages);
  const selection = useLibraryStore((s) => s.selection);
  const cursor = useLibraryStore((s) => s.cursor);
  const resultQuery = useLibraryStore((s) => s.resultQuery);
  const resultsVersion = useLibraryStore((s) => s.resultsVersion);
  const ensureRange = useLibraryStore((s) => s.ensureRange);
  const select = useLibraryStore((s) => s.select);

  const scrollRef = useRef<HTMLDivElement>(null);
  const showSnippet = resultQuery !== '';
  const rowHeight = showSnippet ? ROW_HEIGHT_SEARCH : ROW_HEIGHT_BROWSE;

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });

  useImperativeHandle(
    ref,
    () => ({
      focus: () => scrollRef.current?.focus({ preventScroll: true }),
      element: () => scrollRef.current,
      scrollToRow: (index: number) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    }),
    [virtualizer],
  );

  // Row heights change with the mode; a new result set starts at the top.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);
  useEffect(() => {
    // Already at the top (as while typing): scrolling there again would force a layout per keystroke.
    if (scrollRef.current?.scrollTop) virtualizer.scrollToOffset(0);
  }, [virtualizer, resultsVersion]);

  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    // Load the pages in view, and the next one a little before the user reaches it.
    if (total > 0) ensureRange(first, Math.min(last + 50, total - 1));
  }, [ensureRange, first, last, total, resultsVersion]);

  useEffect(() => {
    if (cursor !== null && cursor < total) virtualizer.scrollToIndex(cursor, { align: 'auto' });
  }, [virtualizer, cursor, total]);

  const onSelect = useCallback(
    (index: number, mode: SelectMode) => {
      select(index, mode);
      scrollRef.current?.focus({ preventScroll: true });
    },
    [select],
  );

  const activeRendered = cursor !== null && items.some((item) => item.index === cursor);

  return (
    <div
      ref={scrollRef}
      className="result-list"
      role="listbox"
      aria-label="Results"
      aria-multiselectable="true"
      data-results-for={resultQuery}
      aria-activedescendant={activeRendered ? rowId(cursor) : undefined}
      tabIndex={0}
    >
      <div role="presentation" className="result-list-inner" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const hit = hitAt(pages, item.index);
          return (
            <ResultRow
              key={item.index}
              index={item.index}
              hit={hit}
              setSize={total}
              top={item.start}
              height={item.size}
              selected={hit ? selection.has(hit.id) : false}
              active={item.index === cursor}
              showSnippet={showSnippet}
              onSelect={onSelect}
              onOpen={onOpen}
            />
          );
        })}
      </div>
    </div>
  );
});
