import type { SearchHit } from '../../../../shared/library';
import type { WatchChange } from '../../../../shared/watch';
import { DiffText } from '../../components/DiffText';
import { formatDateTime, hitText } from '../../lib/format';
import { CHANGE_KIND_LABELS, changeSentence, showsWordDiff } from '../../lib/watch-text';
import { useItemStore } from '../../stores/item-store';
import { useWatchStore } from '../../stores/watch-store';
import { focusItemDetail } from '../item-detail/focus';
import { DemoBadge } from '../../components/DemoBadge';

/** Texts longer than this are compared and shown cut (a hostile 2 MB text would stall the timeline). */
const MAX_DIFF_TEXT = 5000;

const asText = (value: string | number | null): string => (value === null ? '' : String(value)).slice(0, MAX_DIFF_TEXT);

/** One change in the timeline: what happened, to what, when, and the answer that showed it. */
export function ChangeRow({ change, item, watchLabel }: { change: WatchChange; item: SearchHit | undefined; watchLabel: string | null }) {
  const busy = useWatchStore((s) => s.busy[`read-${change.id}`] === true);
  const label = item ? hitText(item).text : change.itemId !== null ? `item ${change.itemId}` : 'an item';
  return (
    <li
      className={change.read ? `watch-change kind-${change.change}` : `watch-change kind-${change.change} is-unread`}
      data-change-id={change.id}
    >
      <div className="watch-change-head">
        {change.demo && <DemoBadge />}
        <span className="watch-change-kind">{CHANGE_KIND_LABELS[change.change]}</span>
        {!change.read && <span className="watch-unread-dot">Unread</span>}
        <time dateTime={change.at} className="muted">
          {formatDateTime(change.at)}
        </time>
        {watchLabel && (
          <span className="muted">
            · <bdi>{watchLabel}</bdi>
          </span>
        )}
      </div>
      <p className="watch-change-text">
        <bdi>{changeSentence(change, label)}</bdi>
      </p>
      {showsWordDiff(change) && (
        <p className="watch-change-diff">
          <DiffText before={asText(change.before)} after={asText(change.after)} />
        </p>
      )}
      {change.words && (
        <p className="watch-change-words">
          The service said: <q>{change.words}</q>
        </p>
      )}
      <p className="watch-change-evidence muted">
        {change.requestId ? (
          <>
            Request <span className="mono">{change.requestId}</span>
          </>
        ) : (
          'No request id'
        )}
        {change.sha256 && (
          <>
            {' · '}SHA-256 <span className="mono" title={change.sha256}>{`${change.sha256.slice(0, 12)}…`}</span>
          </>
        )}
      </p>
      <div className="watch-change-actions">
        {change.itemId !== null && (
          <button
            type="button"
            onClick={() => {
              const items = useItemStore.getState();
              // Already open, it is read again: the change may be newer than what the pane shows.
              if (items.openId === change.itemId) void items.reload();
              else items.open(change.itemId);
              focusItemDetail();
              if (!change.read) void useWatchStore.getState().markRead({ ids: [change.id] });
            }}
          >
            Open item
          </button>
        )}
        {!change.read && (
          <button type="button" disabled={busy} onClick={() => void useWatchStore.getState().markRead({ ids: [change.id] })}>
            Mark read
          </button>
        )}
      </div>
    </li>
  );
}
