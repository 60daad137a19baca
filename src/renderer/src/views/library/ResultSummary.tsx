import { RELEVANCE_RANK_LIMIT, type SearchSort } from '../../../../shared/library';
import { formatItems } from '../../lib/format';
import { activeFilterCount, useLibraryStore } from '../../stores/library-store';

const SORTS: readonly { value: SearchSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'fetched', label: 'Recently fetched' },
  { value: 'published', label: 'Newest published' },
  { value: 'views', label: 'Most views' },
  { value: 'likes', label: 'Most likes' },
  { value: 'title', label: 'Title A–Z' },
];

/** "1,234 items", the sort order, and a way out of the filters. Always one line high. */
export function ResultSummary() {
  const total = useLibraryStore((s) => s.total);
  const loading = useLibraryStore((s) => s.loading);
  const resultQuery = useLibraryStore((s) => s.resultQuery);
  const resultRanked = useLibraryStore((s) => s.resultRanked);
  const sort = useLibraryStore((s) => s.sort);
  const filters = useLibraryStore((s) => s.filters);
  const resultFilters = useLibraryStore((s) => s.resultFilters);
  const setSort = useLibraryStore((s) => s.setSort);
  const clearFilters = useLibraryStore((s) => s.clearFilters);
  const filterCount = activeFilterCount(filters);
  const resultFilterCount = activeFilterCount(resultFilters);
  // Without words there is no relevance to sort by; the library lists what was fetched last first.
  const shownSort = !resultQuery && sort === 'relevance' ? 'fetched' : sort;

  return (
    <div className="result-summary">
      <span className="result-count" data-testid="result-count" data-query={resultQuery} aria-live="polite" aria-busy={loading}>
        {total === null ? '' : resultQuery ? `${formatItems(total)} ${total === 1 ? 'matches' : 'match'}` : formatItems(total)}
        {resultFilterCount > 0 && total !== null ? ` (${resultFilterCount} ${resultFilterCount === 1 ? 'filter' : 'filters'})` : ''}
      </span>
      {resultRanked === false && (
        <span
          className="result-order-note"
          data-testid="result-order"
          title={`Best match ranks up to ${RELEVANCE_RANK_LIMIT.toLocaleString('en-US')} matches. Add a word or a filter to rank the results.`}
        >
          Too many to rank: newest added first
        </span>
      )}
      {filterCount > 0 && (
        <button type="button" className="link-button" onClick={clearFilters}>
          Clear filters
        </button>
      )}
      <div className="sort">
        <label htmlFor="library-sort">Sort by</label>
        <select id="library-sort" value={shownSort} onChange={(e) => setSort(e.target.value as SearchSort)}>
          {SORTS.filter((s) => s.value !== 'relevance' || resultQuery).map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
