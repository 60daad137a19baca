import { PlatformText } from '../../components/PlatformText';
import { memo, type MouseEvent } from 'react';
import type { SearchHit } from '../../../../shared/library';
import { DemoBadge } from '../../components/DemoBadge';
import { Highlighted } from '../../components/Highlighted';
import { formatMoment } from '../../../../shared/export';
import { formatCompact, hitText } from '../../lib/format';
import { formatPublished as formatPublishedItem } from '../../../../shared/published';
import { splitSnippet, stripMarkers } from '../../lib/snippet';
import type { SelectMode } from '../../stores/library-store';
import { kindLabel, platformDetail, platformLabel } from '../../../../shared/catalogue';

export const rowId = (index: number): string => `library-row-${index}`;

interface Props {
  index: number;
  hit: SearchHit | undefined;
  setSize: number;
  top: number;
  height: number;
  selected: boolean;
  active: boolean;
  showSnippet: boolean;
  onSelect(index: number, mode: SelectMode): void;
  onOpen(index: number): void;
}

/** What a row is called: the label every place uses (title, else start of text, else a description). */
export const rowTitle = (hit: SearchHit): { text: string; untitled: boolean } => hitText(hit);

/**
 * Where the snippet goes. When it is the whole title, the title itself is shown highlighted;
 * when the item has no title and its own text matched, that text stands in for the title.
 */
export function snippetPlacement(hit: SearchHit): 'title' | 'instead-of-title' | 'below' | 'none' {
  if (!hit.snippet) return 'none';
  if (hit.matchedIn === 'item' && hit.title && stripMarkers(hit.snippet) === hit.title) return 'title';
  if (hit.matchedIn === 'item' && !hit.title?.trim()) return 'instead-of-title';
  return 'below';
}

function SnippetLine({ hit }: { hit: SearchHit }) {
  const placement = snippetPlacement(hit);
  if (placement === 'none') return <span className="muted">Matched in its details</span>;
  if (placement === 'title') return <span className="muted">Matched in the title</span>;
  if (placement === 'instead-of-title') return <span className="muted">Matched in the text</span>;
  const where =
    hit.matchedIn === 'note'
      ? 'Note: '
      : hit.matchedIn === 'transcript'
        ? `Transcript${hit.segmentStartMs !== null ? ` at ${formatMoment(hit.segmentStartMs)}` : ''}: `
        : '';
  return (
    <>
      {where && <span className="snippet-where">{where}</span>}
      <bdi>
        <Highlighted parts={splitSnippet(hit.snippet ?? '')} />
      </bdi>
    </>
  );
}

function ResultRowImpl({ index, hit, setSize, top, height, selected, active, showSnippet, onSelect, onOpen }: Props) {
  const style = { transform: `translateY(${top}px)`, height };
  if (!hit) {
    return (
      <div
        role="option"
        id={rowId(index)}
        aria-selected={false}
        aria-busy="true"
        aria-posinset={index + 1}
        aria-setsize={setSize}
        className="result-row result-row-loading"
        style={style}
      >
        <span className="visually-hidden">Loading…</span>
        <span className="skeleton skeleton-title" />
        <span className="skeleton skeleton-meta" />
      </div>
    );
  }
  const title = rowTitle(hit);
  const placement = showSnippet ? snippetPlacement(hit) : 'none';
  const titleFromSnippet = placement === 'title' || placement === 'instead-of-title';
  const onClick = (event: MouseEvent): void => {
    onSelect(index, event.shiftKey ? 'range' : event.ctrlKey || event.metaKey ? 'toggle' : 'single');
  };
  const className = ['result-row', selected ? 'is-selected' : '', active ? 'is-active' : ''].filter(Boolean).join(' ');
  const who = hit.authorName ?? hit.authorHandle;
  const published = formatPublishedItem(hit);
  return (
    <div
      role="option"
      id={rowId(index)}
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-item-id={hit.id}
      className={className}
      style={style}
      // Keep Shift-click from selecting page text.
      onMouseDown={(event) => {
        if (event.shiftKey) event.preventDefault();
      }}
      onClick={onClick}
      onDoubleClick={() => onOpen(index)}
    >
      <div className={title.untitled && !titleFromSnippet ? 'row-title untitled' : 'row-title'}>
        {titleFromSnippet ? (
          <bdi>
            <Highlighted parts={splitSnippet(hit.snippet ?? '')} />
          </bdi>
        ) : (
          <PlatformText text={title.text} />
        )}
      </div>
      <div className="row-meta">
        {hit.demo && <DemoBadge />}
        <span className="row-platform" title={platformDetail(hit.platform)}>
          {platformLabel(hit.platform)}
        </span>
        <span>{kindLabel(hit.kind)}</span>
        {who && (
          <span className="row-author">
            <PlatformText text={who} />
          </span>
        )}
        {published && <span>{published}</span>}
        {hit.views !== null && <span>{formatCompact(hit.views)} views</span>}
        {hit.likes !== null && <span>{formatCompact(hit.likes)} likes</span>}
        {hit.hasTranscript && <span className="row-badge">Transcript</span>}
      </div>
      {showSnippet && (
        <div className="row-snippet">
          <SnippetLine hit={hit} />
        </div>
      )}
    </div>
  );
}

export const ResultRow = memo(ResultRowImpl);
