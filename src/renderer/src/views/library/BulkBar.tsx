import { useEffect, useId, useRef, useState, type ComponentType, type RefObject } from 'react';
import { AddToCollectionPanel } from '../../components/AddToCollectionPanel';
import { ExactDatesPanel } from '../../components/ExactDatesPanel';
import { ExportButton } from '../../components/ExportDialog';
import { PanelForm, type PanelProps } from '../../components/PanelForm';
import { errorText } from '../../lib/errors';
import { formatItems } from '../../lib/format';
import { libraryChanged } from '../../lib/library-events';
import { transcriptRoute } from '../../../../shared/catalogue';
import { MAX_ITEMS_PER_ACTION } from '../../../../shared/library';
import { useAppStore } from '../../stores/app-store';
import { useLibraryStore } from '../../stores/library-store';
import { usePasteStore } from '../../stores/paste-store';
import { bridge } from '../../transport';

type Panel = 'collection' | 'tag' | 'dates' | null;
type PanelName = Exclude<Panel, null>;

/** Whether the service can bring the item's transcript: videos, shorts and video messages (the catalogue says which). */
const canHaveTranscript = (hit: { platform: string; kind: string }): boolean => transcriptRoute(hit.platform, hit.kind) !== null;

/**
 * Sends the links of the selected items that can have a transcript, and have none yet, to Paste
 * URLs with "Also fetch transcripts" ticked: there the plan shows what it costs before anything
 * is sent. Returns a sentence when there is nothing to send.
 */
async function fetchTranscripts(ids: readonly number[]): Promise<string | null> {
  const links: string[] = [];
  try {
    for (let start = 0; start < ids.length; start += 1000) {
      const { hits } = await bridge.call('library.search', { ids: ids.slice(start, start + 1000), limit: 1000 });
      for (const hit of hits) if (hit.url && !hit.hasTranscript && canHaveTranscript(hit)) links.push(hit.url);
    }
  } catch (error) {
    return errorText(error, 'read the selected items');
  }
  if (links.length === 0) return 'None of the selected items is a video or video message without a transcript.';
  usePasteStore.getState().prefill(links, { transcripts: true, refresh: false });
  useAppStore.getState().goTo('paste');
  return null;
}

/** The panel each opener shows, each told the selection and reporting back alike. */
const PANELS: Record<PanelName, ComponentType<PanelProps>> = {
  collection: AddToCollectionPanel,
  tag: TagPanel,
  dates: ExactDatesPanel,
};

/** Actions on the selected items: add them to a collection (existing or new), tag them, fetch their transcripts, export them. */
export function BulkBar() {
  const selection = useLibraryStore((s) => s.selection);
  const clearSelection = useLibraryStore((s) => s.clearSelection);
  const selectAll = useLibraryStore((s) => s.selectAll);
  const selectionNote = useLibraryStore((s) => s.selectionNote);
  const total = useLibraryStore((s) => s.total) ?? 0;
  const [openPanel, setOpenPanel] = useState<Panel>(null);
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const count = selection.size;
  // With nothing selected there is nothing to act on.
  const panel = count === 0 ? null : openPanel;
  const openers: Record<PanelName, RefObject<HTMLButtonElement | null>> = {
    collection: useRef<HTMLButtonElement>(null),
    tag: useRef<HTMLButtonElement>(null),
    dates: useRef<HTMLButtonElement>(null),
  };
  const barRef = useRef<HTMLDivElement>(null);

  const setPanel = (next: Panel): void => {
    // Closing a panel returns focus to the button that opened it.
    if (next === null && openPanel !== null && barRef.current?.contains(document.activeElement ?? null)) {
      openers[openPanel].current?.focus();
    }
    setOpenPanel(next);
  };

  // A click elsewhere closes the panel, as a menu would.
  useEffect(() => {
    if (panel === null) return;
    const onPointerDown = (event: PointerEvent): void => {
      if (barRef.current && event.target instanceof Node && !barRef.current.contains(event.target)) setOpenPanel(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [panel]);

  // Offered while there is more to select than is selected (up to what one action takes).
  const selectAllButton =
    total > 1 && count < Math.min(total, MAX_ITEMS_PER_ACTION) ? (
      <button type="button" className="link-button" onClick={selectAll}>
        Select all {formatItems(total)}
      </button>
    ) : null;

  const opener = (name: PanelName, label: string) => (
    <button type="button" ref={openers[name]} aria-expanded={panel === name} onClick={() => setPanel(panel === name ? null : name)}>
      {label}
    </button>
  );
  const OpenPanel = panel === null ? null : PANELS[panel];

  const done = (text: string): void => {
    setPanel(null);
    setMessage({ text, problem: false });
  };

  return (
    <div className="bulk-bar" role="region" aria-label="Selected items" ref={barRef}>
      {count === 0 ? (
        <>
          <span className="muted">
            Click an item to read it; Ctrl-click or Shift-click to select several, then add them to a collection or tag them.
          </span>
          {selectAllButton}
        </>
      ) : (
        <>
          <strong data-testid="selection-count">{formatItems(count)} selected</strong>
          {selectAllButton}
          {opener('collection', 'Add to collection…')}
          {opener('tag', 'Tag…')}
          <button
            type="button"
            onClick={() => void fetchTranscripts([...selection]).then((problem) => problem && setMessage({ text: problem, problem: true }))}
          >
            Fetch transcripts…
          </button>
          {opener('dates', 'Get exact dates…')}
          <ExportButton
            label="Export selected…"
            target={() => ({
              scope: { kind: 'items', ids: [...useLibraryStore.getState().selection] },
              description: formatItems(useLibraryStore.getState().selection.size) + ' (selected)',
            })}
          />
          <button type="button" className="link-button" onClick={clearSelection}>
            Clear selection
          </button>
        </>
      )}
      {selectionNote && (
        <span className="bulk-message muted" role="status" data-testid="selection-note">
          {selectionNote}
        </span>
      )}
      <span className={message?.problem ? 'bulk-message error' : 'bulk-message'} role="status">
        {message?.text ?? ''}
      </span>
      {OpenPanel && (
        <OpenPanel
          itemIds={[...selection]}
          onDone={done}
          onProblem={(text) => setMessage({ text, problem: true })}
          onClose={() => setPanel(null)}
        />
      )}
    </div>
  );
}

function TagPanel({ itemIds, ...panel }: PanelProps) {
  const [tag, setTag] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    field.current?.focus();
  }, []);

  return (
    <PanelForm
      {...panel}
      label="Tag selected items"
      action={`Tag ${formatItems(itemIds.length)}`}
      busyAction="Tagging…"
      failure="tag the items"
      check={() => (tag.trim() ? null : 'Type the tag to add, for example “verified”.')}
      act={async () => {
        await bridge.call('items.tag', { itemIds, tag: tag.trim() });
        // Named, so the item detail and the open collection show the tag if they show one of these.
        libraryChanged({ itemIds });
        return `Tagged ${formatItems(itemIds.length)} “${tag.trim()}”.`;
      }}
    >
      <label htmlFor={`${id}-tag`}>Tag</label>
      <input
        id={`${id}-tag`}
        ref={field}
        type="text"
        maxLength={100}
        value={tag}
        onChange={(e) => setTag(e.target.value)}
        autoComplete="off"
      />
    </PanelForm>
  );
}
