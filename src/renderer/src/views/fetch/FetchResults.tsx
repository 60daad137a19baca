import { useEffect, useRef, type ChangeEvent } from 'react';
import type { SearchHit } from '../../../../shared/library';
import { getOperation } from '../../../../shared/catalogue';
import { formatCompact, formatCount, formatDateTime, formatItems } from '../../lib/format';
import { formatPublished } from '../../../../shared/published';
import { hitText, queryText, resultsStale } from '../../lib/fetch-form';
import { PlatformImage } from '../../components/PlatformImage';
import { useFetchStore, valuesOf, type FetchResults as Results } from '../../stores/fetch-store';
import { useItemStore } from '../../stores/item-store';
import { focusItemDetail } from '../item-detail/focus';
import { kindLabel, platformLabel } from '../../../../shared/catalogue';
import { FetchAddToCollection } from './FetchAddToCollection';
import { FetchWatch } from './FetchWatch';
import { DemoBadge } from '../../components/DemoBadge';

/** The headed columns between the picture and the counts; the classes let narrow panes hide some. */
const TEXT_HEADERS: readonly { label: string; className?: string }[] = [
  { label: 'Title or text' },
  { label: 'Platform', className: 'fetch-col-platform' },
  { label: 'Kind', className: 'fetch-col-kind' },
  { label: 'Author', className: 'fetch-col-author' },
  { label: 'Published' },
];

/** The counts shown, compact in the cell and exact on hover. */
const COUNT_COLUMNS = [
  { field: 'views', label: 'Views' },
  { field: 'likes', label: 'Likes' },
  { field: 'comments', label: 'Comments' },
] as const satisfies readonly { field: keyof SearchHit; label: string }[];

/** The last run's items as a table: select some, add them to a collection, open one, load the next page. */
export function FetchResults({ results }: { results: Results }) {
  const status = useFetchStore((s) => s.status);
  const selection = useFetchStore((s) => s.selection);
  const select = useFetchStore((s) => s.select);
  const selectAll = useFetchStore((s) => s.selectAll);
  const loadMore = useFetchStore((s) => s.loadMore);
  const openId = useItemStore((s) => s.openId);
  const op = getOperation(results.operation);
  const formOperation = useFetchStore((s) => s.operation);
  const formValues = useFetchStore(valuesOf);
  const stale = resultsStale(
    { operation: results.operation, params: results.asked ?? results.params },
    getOperation(formOperation),
    formValues,
  );
  const { hits } = results;
  // After Load more, focus goes to the first new row (the button may be gone, or far below).
  const firstNewRow = useRef<number | null>(null);
  const tableBody = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    const index = firstNewRow.current;
    if (index === null || status !== 'idle') return;
    firstNewRow.current = null;
    if (hits.length > index) tableBody.current?.rows[index]?.querySelector<HTMLElement>('.fetch-open')?.focus();
  }, [hits.length, status]);
  const allSelected = hits.length > 0 && hits.every((hit) => selection.has(hit.id));
  const someSelected = hits.some((hit) => selection.has(hit.id));

  if (hits.length === 0 && results.warnings.length > 0) {
    return (
      <section className="fetch-results" aria-labelledby="fetch-results-heading" data-testid="fetch-unread">
        <h3 id="fetch-results-heading">No item could be read</h3>
        <p>
          The service answered (request <span className="mono">{results.requestId}</span>), but Gleaner could not read the items in its
          answer: the service may have changed the shape of its records. The answer is kept in your library exactly as received.
        </p>
        <FetchWarnings warnings={results.warnings} />
        {results.unreadAnswer !== undefined && (
          <details className="fetch-unread-answer">
            <summary>Show the answer as received</summary>
            <pre className="raw-json-body" role="region" tabIndex={0} aria-label="The answer as received">
              {results.unreadAnswer}
            </pre>
          </details>
        )}
      </section>
    );
  }

  if (hits.length === 0) {
    return (
      <section className="fetch-results" aria-labelledby="fetch-results-heading">
        <h3 id="fetch-results-heading">No items</h3>
        <p className="muted">
          The service answered (request <span className="mono">{results.requestId}</span>) but returned no items for{' '}
          <bdi data-testid="fetch-results-query">{queryText(op, results.asked ?? results.params)}</bdi>. Try other words, another region or
          a wider time frame.
        </p>
      </section>
    );
  }

  const onSelect = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    select(index, (event.nativeEvent as MouseEvent).shiftKey ? 'range' : 'toggle');
  };

  return (
    <section className={stale ? 'fetch-results is-stale' : 'fetch-results'} aria-labelledby="fetch-results-heading">
      <div className="fetch-results-head">
        <h3 id="fetch-results-heading">Results</h3>
        <p className="fetch-results-query" data-testid="fetch-results-query">
          for <bdi>{queryText(op, results.asked ?? results.params)}</bdi>
        </p>
        <p className="muted" data-testid="fetch-result-count">
          {formatItems(hits.length)} from {results.pages === 1 ? '1 page' : `${results.pages} pages`} · last request{' '}
          <span className="mono">{results.requestId}</span> · {formatDateTime(results.fetchedAt)}
        </p>
      </div>
      {stale && <StaleNote />}
      <FetchWarnings warnings={results.warnings} />
      <FetchWatch results={results} />
      <FetchAddToCollection itemIds={hits.filter((hit) => selection.has(hit.id)).map((hit) => hit.id)} />
      <div className="fetch-table-wrap" role="region" aria-label="Results table" tabIndex={0}>
        <table className="data-table fetch-table">
          <caption className="visually-hidden">
            Items returned by {op.title.toLowerCase()}; tick items to add them to a collection, Shift-tick to tick a range.
          </caption>
          <thead>
            <tr>
              <th scope="col" className="fetch-col-select">
                <span className="visually-hidden">Select</span>
                <input
                  type="checkbox"
                  aria-label="Select all results"
                  checked={allSelected}
                  ref={(el) => {
                    if (el) el.indeterminate = someSelected && !allSelected;
                  }}
                  onChange={(e) => selectAll(e.target.checked)}
                />
              </th>
              <th scope="col" className="fetch-col-thumb">
                <span className="visually-hidden">Picture</span>
              </th>
              {TEXT_HEADERS.map(({ label, className }) => (
                <th scope="col" className={className} key={label}>
                  {label}
                </th>
              ))}
              {COUNT_COLUMNS.map(({ label }) => (
                <th scope="col" className="num" key={label}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={tableBody}>
            {hits.map((hit, index) => (
              <ResultRow key={hit.id} hit={hit} selected={selection.has(hit.id)} open={openId === hit.id} onSelect={onSelect(index)} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="fetch-more">
        {results.nextPage ? (
          <button
            type="button"
            onClick={() => {
              firstNewRow.current = hits.length;
              void loadMore();
            }}
            disabled={status !== 'idle'}
          >
            {status === 'loading-more' ? 'Loading more…' : 'Load more'}
          </button>
        ) : op.pagination ? (
          <span className="muted">That is everything: the service gave no further page.</span>
        ) : null}
      </div>
    </section>
  );
}

function ResultRow({
  hit,
  selected,
  open,
  onSelect,
}: {
  hit: SearchHit;
  selected: boolean;
  open: boolean;
  onSelect(event: ChangeEvent<HTMLInputElement>): void;
}) {
  const text = hitText(hit, kindLabel);
  const author = hit.authorName ?? hit.authorHandle ?? '';
  const label = text.text.length > 80 ? `${text.text.slice(0, 77)}…` : text.text;
  return (
    <tr className={[selected ? 'is-selected' : '', open ? 'is-open' : ''].filter(Boolean).join(' ') || undefined} data-item-id={hit.id}>
      <td className="fetch-col-select">
        <input type="checkbox" aria-label={`Select “${label}”`} checked={selected} onChange={onSelect} />
      </td>
      <td className="fetch-col-thumb">
        <PlatformImage url={hit.thumbnailUrl} className="fetch-thumb" width={48} height={30} />
      </td>
      <td className="fetch-col-text">
        <button
          type="button"
          className={text.untitled ? 'fetch-open untitled' : 'fetch-open'}
          aria-current={open || undefined}
          onClick={() => {
            useItemStore.getState().open(hit.id);
            focusItemDetail();
          }}
        >
          <bdi>{text.text}</bdi>
        </button>
        {hit.demo && <DemoBadge />}
        {/* Shown instead of the Kind and Author columns when the pane is narrow (an item open beside it). */}
        <span className="fetch-sub muted">
          {kindLabel(hit.kind)}
          {author ? (
            <>
              {' · '}
              <bdi>{author}</bdi>
            </>
          ) : null}
        </span>
      </td>
      <td className="fetch-col-platform">{platformLabel(hit.platform)}</td>
      <td className="fetch-col-kind">{kindLabel(hit.kind)}</td>
      <td className="fetch-col-author">
        <bdi>{author}</bdi>
      </td>
      <td className="nowrap fetch-col-published">{formatPublished(hit)}</td>
      {COUNT_COLUMNS.map(({ field }) => (
        <td className="num" title={formatCount(hit[field])} key={field}>
          {formatCompact(hit[field])}
        </td>
      ))}
    </tr>
  );
}

/** The form asks something else now: the results shown answer the query named above them, not the form. */
function StaleNote() {
  return (
    <p className="fetch-stale" data-testid="fetch-results-stale">
      <strong>Stale:</strong> the form has changed since these results were fetched. They answer the query above; press <strong>Run</strong>{' '}
      for the form’s.
    </p>
  );
}

/** What could not be read from the answers, one line each (nothing when all was read). */
function FetchWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="fetch-warnings" aria-label="Parts of the answer not read">
      {warnings.map((warning, i) => (
        <li key={i}>{warning}</li>
      ))}
    </ul>
  );
}
