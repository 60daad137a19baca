import { useState } from 'react';
import { WATCH_INTERVAL_LABELS, type WatchSummary } from '../../../../shared/watch';
import { formatCount, formatDateTime, hitText } from '../../lib/format';
import { formatShare, perDay, targetWords } from '../../lib/watch-text';
import { useWatchStore, type WatchesCost } from '../../stores/watch-store';

/** Rows drawn at first, and added by each "Show more" (a newsroom may watch thousands of items). */
export const WATCHES_SHOWN = 100;

/** The watches: what each looks at, how often, when it runs next, and pause, resume, remove. */
export function WatchList() {
  const watches = useWatchStore((s) => s.watches);
  const cost = useWatchStore((s) => s.cost);
  const error = useWatchStore((s) => s.watchesError);
  return <WatchListView watches={watches} cost={cost} error={error} />;
}

export function WatchListView({ watches, cost, error }: { watches: WatchSummary[]; cost: WatchesCost | null; error: string | null }) {
  const [shown, setShown] = useState(WATCHES_SHOWN);
  return (
    <section aria-labelledby="watch-list-heading" className="watch-list">
      <h3 id="watch-list-heading">Watches</h3>
      {cost && <CostLine cost={cost} />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {watches.length === 0 ? (
        <p className="muted">
          Nothing is watched yet. Open an item and choose <strong>Watch…</strong>, or run a listing or a search in Fetch and choose{' '}
          <strong>Watch this…</strong>.
        </p>
      ) : (
        <div className="watch-table-wrap" role="region" aria-label="Watches table" tabIndex={0}>
          <table className="data-table watch-table">
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">How often</th>
                <th scope="col">Next due</th>
                <th scope="col" className="num">
                  Requests a day
                </th>
                <th scope="col" className="num">
                  Unread
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {watches.slice(0, shown).map((watch) => (
                <WatchRow key={watch.id} watch={watch} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {watches.length > shown && (
        <p className="watch-pager">
          <span className="muted">
            {formatCount(shown)} of {formatCount(watches.length)} watches shown.
          </span>
          <button type="button" onClick={() => setShown(shown + WATCHES_SHOWN * 5)}>
            Show more
          </button>
        </p>
      )}
    </section>
  );
}

function CostLine({ cost }: { cost: WatchesCost }) {
  const share = cost.dailyBudget > 0 ? cost.allWatchesPerDay / cost.dailyBudget : 0;
  return (
    <p className="muted" data-testid="watch-total-cost">
      All active watches: {perDay(cost.allWatchesPerDay)}, {formatShare(share)} of the daily budget of {formatCount(cost.dailyBudget)}; the
      cap is {formatCount(cost.cap)} a day.
    </p>
  );
}

function WatchRow({ watch }: { watch: WatchSummary }) {
  const busy = useWatchStore((s) => s.busy[`watch-${watch.id}`] === true);
  const store = useWatchStore.getState;
  const item = useWatchStore((s) => (watch.target.kind === 'item' ? s.items.get(watch.target.itemId) : undefined));
  const described = item ? hitText(item).text : targetWords(watch.target);
  return (
    <tr data-watch-id={watch.id} className={watch.paused ? 'is-paused' : undefined}>
      <td>
        <bdi className="watch-label">{watch.label}</bdi>
        {described !== watch.label && (
          <span className="watch-sub muted">
            <bdi>{described}</bdi>
          </span>
        )}
        {watch.member && <span className="watch-sub muted">Added by {watch.member}</span>}
        {watch.lastError && <span className="watch-sub error">Last run: {watch.lastError}</span>}
      </td>
      <td>{WATCH_INTERVAL_LABELS[watch.interval]}</td>
      <td className="nowrap">
        {watch.paused ? 'Paused' : formatDateTime(watch.nextDueAt)}
        {watch.lastRunAt && <span className="watch-sub muted">last run {formatDateTime(watch.lastRunAt)}</span>}
      </td>
      <td className="num">{formatCount(watch.requestsPerDay)}</td>
      <td className="num">{watch.unread > 0 ? formatCount(watch.unread) : ''}</td>
      <td className="watch-actions">
        <button type="button" onClick={() => store().setFilter({ watchId: watch.id })} aria-label={`Show the changes of “${watch.label}”`}>
          Changes
        </button>
        {watch.paused ? (
          <button type="button" disabled={busy} onClick={() => void store().resume(watch.id)} aria-label={`Resume “${watch.label}”`}>
            Resume
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => void store().pause(watch.id)} aria-label={`Pause “${watch.label}”`}>
            Pause
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Stop watching “${watch.label}”? The changes it noticed are kept.`)) void store().remove(watch.id);
          }}
          aria-label={`Remove “${watch.label}”`}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}
