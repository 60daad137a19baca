import { useId } from 'react';
import { WATCH_CHANGE_KINDS, type WatchChangeKind } from '../../../../shared/watch';
import { formatCount } from '../../lib/format';
import { CHANGE_KIND_LABELS } from '../../lib/watch-text';
import { CHANGES_PER_PAGE, useWatchStore } from '../../stores/watch-store';
import { ChangeRow } from './ChangeRow';

/** The timeline of changes, newest first, filtered by kind and by watch, a page at a time. */
export function ChangeTimeline() {
  const id = useId();
  const changes = useWatchStore((s) => s.changes);
  const total = useWatchStore((s) => s.total);
  const unread = useWatchStore((s) => s.unread);
  const offset = useWatchStore((s) => s.offset);
  const filter = useWatchStore((s) => s.filter);
  const watches = useWatchStore((s) => s.watches);
  const items = useWatchStore((s) => s.items);
  const loaded = useWatchStore((s) => s.changesLoaded);
  const error = useWatchStore((s) => s.changesError);
  const readingAll = useWatchStore((s) => s.busy['read-all'] === true);
  const store = useWatchStore.getState;
  const labels = new Map(watches.map((w) => [w.id, w.label]));

  return (
    <section aria-labelledby="watch-changes-heading" className="watch-changes">
      <h3 id="watch-changes-heading">Changes</h3>
      <div className="watch-filters" role="group" aria-label="Filter the changes">
        <label htmlFor={`${id}-kind`}>Kind</label>
        <select
          id={`${id}-kind`}
          value={filter.kind ?? ''}
          onChange={(e) => store().setFilter({ kind: e.target.value === '' ? null : (e.target.value as WatchChangeKind) })}
        >
          <option value="">Every kind</option>
          {WATCH_CHANGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CHANGE_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-watch`}>Watch</label>
        <select
          id={`${id}-watch`}
          value={filter.watchId ?? ''}
          onChange={(e) => store().setFilter({ watchId: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">Every watch</option>
          {watches.map((w) => (
            <option key={w.id} value={w.id}>
              {w.label}
            </option>
          ))}
        </select>
        <label className="watch-unread-only">
          <input type="checkbox" checked={filter.unreadOnly} onChange={(e) => store().setFilter({ unreadOnly: e.target.checked })} />
          Unread only
        </label>
        <button type="button" disabled={unread === 0 || readingAll} onClick={() => void store().markRead({ all: true })}>
          Mark all read
        </button>
      </div>
      <p className="muted" role="status" data-testid="watch-change-count">
        {loaded ? `${formatCount(total)} ${total === 1 ? 'change' : 'changes'} · ${formatCount(unread)} unread` : 'Reading the changes…'}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {loaded && changes.length === 0 && !error ? (
        <p className="muted">
          No change noticed{filter.kind || filter.watchId !== null || filter.unreadOnly ? ' with these filters' : ' yet'}. Watches run by
          themselves while Gleaner is open, or press <strong>Run due watches now</strong>.
        </p>
      ) : (
        <ol className="watch-timeline" aria-label="Changes, newest first">
          {changes.map((change) => (
            <ChangeRow
              key={change.id}
              change={change}
              item={change.itemId !== null ? items.get(change.itemId) : undefined}
              watchLabel={change.watchId !== null ? (labels.get(change.watchId) ?? null) : null}
            />
          ))}
        </ol>
      )}
      {total > CHANGES_PER_PAGE && (
        <div className="watch-pager">
          <button type="button" disabled={offset === 0} onClick={() => store().setOffset(offset - CHANGES_PER_PAGE)}>
            Newer
          </button>
          <span className="muted">
            {formatCount(offset + 1)}–{formatCount(Math.min(offset + CHANGES_PER_PAGE, total))} of {formatCount(total)}
          </span>
          <button type="button" disabled={offset + CHANGES_PER_PAGE >= total} onClick={() => store().setOffset(offset + CHANGES_PER_PAGE)}>
            Older
          </button>
        </div>
      )}
    </section>
  );
}
