import { useLayoutEffect, useRef } from 'react';
import { useItemStore } from '../../stores/item-store';
import { ITEM_DETAIL_ID } from './focus';
import { ItemActions } from './ItemActions';
import { ItemFields } from './ItemFields';
import { ItemHeader } from './ItemHeader';
import { ItemText } from './ItemText';
import { MetricsHistory } from './MetricsHistory';
import { NotesAndTags } from './NotesAndTags';
import { TeamNotes } from './TeamNotes';
import { ProvenanceSection } from './ProvenanceSection';
import { TranscriptSection } from './TranscriptSection';
import { CustodySection } from '../custody/CustodySection';

/** The right pane: everything known about the open item, to read it and cite it. */
export function ItemDetailView() {
  const openId = useItemStore((s) => s.openId);
  const detail = useItemStore((s) => s.detail);
  const error = useItemStore((s) => s.error);
  const reload = useItemStore((s) => s.reload);
  const articleRef = useRef<HTMLElement>(null);
  const shownId = detail?.item.id;

  // Another item starts at its top (before the transcript, a child, scrolls to a matched moment).
  useLayoutEffect(() => {
    const pane = articleRef.current?.parentElement;
    if (pane) pane.scrollTop = 0;
  }, [shownId]);

  if (error) {
    return (
      <div id={ITEM_DETAIL_ID} tabIndex={-1} className="item-detail">
        <CloseDetail />
        <h2>This item could not be opened</h2>
        <p className="error" role="alert">
          {error}
        </p>
        <button type="button" onClick={() => void reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (!detail) {
    return (
      <div id={ITEM_DETAIL_ID} tabIndex={-1} className="item-detail" aria-busy="true">
        <p className="muted">Opening the item…</p>
      </div>
    );
  }
  // While the next item loads, the previous one stays in place, dimmed and inert: no jump, no wrong edits.
  const stale = detail.item.id !== openId;
  return (
    <article
      key={detail.item.id}
      ref={articleRef}
      id={ITEM_DETAIL_ID}
      tabIndex={-1}
      className={stale ? 'item-detail is-stale' : 'item-detail'}
      aria-labelledby="item-detail-title"
      aria-busy={stale}
      inert={stale}
      data-item-id={detail.item.id}
    >
      <CloseDetail />
      <ItemHeader item={detail.item} />
      <ItemActions detail={detail} />
      <ItemFields detail={detail} />
      <ItemText text={detail.item.text} />
      <NotesAndTags detail={detail} />
      <TeamNotes detail={detail} />
      <MetricsHistory history={detail.metricsHistory} />
      <TranscriptSection item={detail.item} citation={detail.citation} transcripts={detail.transcripts} />
      <ProvenanceSection provenance={detail.provenance} />
      <CustodySection detail={detail} />
    </article>
  );
}

/** Closes the item: the pane goes, and the view takes its width back. */
function CloseDetail() {
  return (
    <button type="button" className="item-detail-close" onClick={() => useItemStore.getState().open(null)}>
      Close item
    </button>
  );
}
