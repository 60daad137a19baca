import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { ItemDetail } from '../../../../shared/library';
import { extrasToShow, type ExtraField } from '../../../../shared/model';
import { AddToCollectionPanel } from '../../components/AddToCollectionPanel';
import { ExactDatesPanel } from '../../components/ExactDatesPanel';
import { ExternalLink } from '../../components/ExternalLink';
import type { PanelProps } from '../../components/PanelForm';
import { describeApproximate } from '../../../../shared/published';
import { formatCount, formatDateTime, formatDuration } from '../../lib/format';
import { METRICS } from '../library/labels';

/** Extras that are addresses: shown as links (https only, as every link here). */
const URL_EXTRAS: ReadonlySet<ExtraField> = new Set(['mediaUrl', 'downloadUrl', 'authorAvatarUrl', 'linkUrl']);

/** The normalised fields, in a definition list. Empty fields are left out. */
export function ItemFields({ detail }: { detail: ItemDetail }) {
  const { item } = detail;
  // An approximate date (read from "1 year ago") is never shown as a time: the wording, then about when.
  const published = item.publishedApproximate
    ? describeApproximate(item)
    : [item.publishedAt ? formatDateTime(item.publishedAt) : null, item.publishedText ? `“${item.publishedText}”` : null]
        .filter(Boolean)
        .join(' · ');
  return (
    <section aria-labelledby="detail-fields-heading" className="detail-section">
      <h3 id="detail-fields-heading">Details</h3>
      <dl className="facts" data-testid="item-fields">
        {published && (
          <>
            <dt>Published</dt>
            <dd data-testid="item-published">
              {published}
              {item.publishedApproximate && <ExactDate itemId={item.id} />}
            </dd>
          </>
        )}
        {item.durationMs !== null && (
          <>
            <dt>Duration</dt>
            <dd>{formatDuration(item.durationMs)}</dd>
          </>
        )}
        {METRICS.map(([key, label]) =>
          item[key] === null ? null : (
            <FactRow key={key} label={label}>
              {formatCount(item[key])}
            </FactRow>
          ),
        )}
        {item.url && (
          <>
            <dt>Address</dt>
            <dd className="break">
              <ExternalLink href={item.url} />
            </dd>
          </>
        )}
        {item.nativeId && (
          <>
            <dt>Platform id</dt>
            <dd className="mono break">{item.nativeId}</dd>
          </>
        )}
        {item.authorId && (
          <>
            <dt>Author id</dt>
            <dd className="mono break">{item.authorId}</dd>
          </>
        )}
        {extrasToShow(item.extras).map(({ field, label, value }) => (
          <FactRow key={field} label={label}>
            {URL_EXTRAS.has(field) ? (
              <span className="break">
                <ExternalLink href={String(value)} />
              </span>
            ) : typeof value === 'number' ? (
              formatCount(value)
            ) : (
              <bdi>{value}</bdi>
            )}
          </FactRow>
        ))}
        <dt>Transcript</dt>
        <dd>{item.hasTranscript ? 'Yes' : 'None fetched'}</dd>
        <dt>Collections</dt>
        <dd>
          <ItemCollections itemId={item.id} names={detail.collections} />
        </dd>
        <dt>First fetched</dt>
        <dd>{formatDateTime(item.firstFetchedAt)}</dd>
        {item.lastFetchedAt !== item.firstFetchedAt && (
          <>
            <dt>Last fetched</dt>
            <dd>{formatDateTime(item.lastFetchedAt)}</dd>
          </>
        )}
        <dt>Library id</dt>
        <dd className="mono">{item.id}</dd>
      </dl>
    </section>
  );
}

/** Says the date is approximate, and offers the details request that would make it exact (its plan shown first). */
function ExactDate({ itemId }: { itemId: number }) {
  return (
    <PanelOpener
      summary={<span className="muted">Approximate: read from the platform’s wording and the time it was fetched.</span>}
      opener="Get exact date…"
      itemId={itemId}
      Panel={ExactDatesPanel}
    />
  );
}

/** The collections that hold the item, and adding it to another, existing or new. */
function ItemCollections({ itemId, names }: { itemId: number; names: string[] }) {
  return (
    <PanelOpener
      summary={names.length ? names.join(', ') : <span className="muted">In none yet</span>}
      opener={names.length ? 'Add to another collection…' : 'Add to a collection…'}
      itemId={itemId}
      Panel={AddToCollectionPanel}
      holding={names}
    />
  );
}

/** A fact, a button opening a panel beneath it, and the panel's last word; focus returns to the button on close. */
function PanelOpener({
  summary,
  opener,
  itemId,
  Panel,
  holding,
}: {
  summary: ReactNode;
  opener: string;
  itemId: number;
  Panel: ComponentType<PanelProps & { holding?: readonly string[] }>;
  /** The collections holding the item, for a panel that offers the others. */
  holding?: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = (): void => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="item-collections">
      {summary}{' '}
      <button type="button" ref={button} className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {opener}
      </button>
      <span className={message?.problem ? 'item-collections-message error' : 'item-collections-message muted'} role="status">
        {message?.text ?? ''}
      </span>
      {open && (
        <Panel
          itemIds={[itemId]}
          {...(holding && { holding })}
          onDone={(text) => {
            setMessage({ text, problem: false });
            close();
          }}
          onProblem={(text) => setMessage({ text, problem: true })}
          onClose={close}
        />
      )}
    </div>
  );
}

function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
