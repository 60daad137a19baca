import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { CollectionChoice } from '../../components/CollectionChoice';
import { ExportButton } from '../../components/ExportDialog';
import { NEW_COLLECTION, resolveCollection, type CollectionChoiceValue } from '../../lib/collection-choice';
import { errorText } from '../../lib/errors';
import { formatItems } from '../../lib/format';
import { libraryChanged } from '../../lib/library-events';
import { MAX_ITEMS_PER_ACTION } from '../../../../shared/library';
import { useCollectionsStore } from '../../stores/collections-store';
import { useItemStore } from '../../stores/item-store';
import { useAppStore } from '../../stores/app-store';
import { useLibraryStore } from '../../stores/library-store';
import { usePasteStore } from '../../stores/paste-store';
import { bridge } from '../../transport';


type Panel = 'collection' | 'tag' | null;

/** The kinds of item, per platform, whose transcript the service fetches: videos, shorts and video messages. */
const TRANSCRIPT_KINDS: Readonly<Record<string, readonly string[]>> = { videosite: ['video', 'short'], shortvideo: ['video'], tweetsite: ['tweet'] };
const canHaveTranscript = (hit: { platform: string; kind: string }): boolean => TRANSCRIPT_KINDS[hit.platform]?.includes(hit.kind) ?? false;

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
  const collectionButton = useRef<HTMLButtonElement>(null);
  const tagButton = useRef<HTMLButtonElement>(null);
  const barRef = useRef<HTMLDivElement>(null);

  const setPanel = (next: Panel): void => {
    // Closing a panel returns focus to the button that opened it.
    if (next === null && openPanel !== null && barRef.current?.contains(document.activeElement ?? null)) {
      (openPanel === 'collection' ? collectionButton : tagButton).current?.focus();
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

  const done = (text: string): void => {
    setPanel(null);
    setMessage({ text, problem: false });
  };

  return (
    <div className="bulk-bar" role="region" aria-label="Selected items" ref={barRef}>
      {count === 0 ? (
        <>
          <span className="muted">Click an item to read it; Ctrl-click or Shift-click to select several, then add them to a collection or tag them.</span>
          {selectAllButton}
        </>
      ) : (
        <>
          <strong data-testid="selection-count">{formatItems(count)} selected</strong>
          {selectAllButton}
          <button type="button" ref={collectionButton} aria-expanded={panel === 'collection'} onClick={() => setPanel(panel === 'collection' ? null : 'collection')}>
            Add to collection…
          </button>
          <button type="button" ref={tagButton} aria-expanded={panel === 'tag'} onClick={() => setPanel(panel === 'tag' ? null : 'tag')}>
            Tag…
          </button>
          <button type="button" onClick={() => void fetchTranscripts([...selection]).then((problem) => problem && setMessage({ text: problem, problem: true }))}>
            Fetch transcripts…
          </button>
          <ExportButton
            label="Export selected…"
            target={() => ({ scope: { kind: 'items', ids: [...useLibraryStore.getState().selection] }, description: formatItems(useLibraryStore.getState().selection.size) + ' (selected)' })}
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
      {panel === 'collection' && (
        <CollectionPanel itemIds={[...selection]} onDone={done} onProblem={(text) => setMessage({ text, problem: true })} onClose={() => setPanel(null)} />
      )}
      {panel === 'tag' && <TagPanel itemIds={[...selection]} onDone={done} onProblem={(text) => setMessage({ text, problem: true })} onClose={() => setPanel(null)} />}
    </div>
  );
}

interface PanelProps {
  itemIds: number[];
  onDone(text: string): void;
  onProblem(text: string): void;
  onClose(): void;
}

function closeOnEscape(onClose: () => void) {
  return (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
}

function reloadOpenItem(itemIds: number[]): void {
  const { openId, reload } = useItemStore.getState();
  if (openId !== null && itemIds.includes(openId)) void reload();
}

/**
 * One bulk action's form: a few fields, a problem line, the action and Cancel. `act` either
 * returns what to tell the user or throws; a sentence returned by `check` stops it before.
 */
function BulkPanelForm({
  label,
  action,
  busyAction,
  check,
  act,
  failure,
  onDone,
  onProblem,
  onClose,
  children,
}: Omit<PanelProps, 'itemIds'> & {
  label: string;
  action: string;
  busyAction: string;
  check(form: HTMLFormElement): string | null;
  act(): Promise<string>;
  /** What failed, for the error sentence ("tag the items"). */
  failure: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const missing = check(event.currentTarget);
    if (missing) {
      setProblem(missing);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onDone(await act());
    } catch (error) {
      const text = errorText(error, failure);
      setProblem(text);
      onProblem(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bulk-panel" aria-label={label} onSubmit={(e) => void submit(e)} onKeyDown={closeOnEscape(onClose)}>
      <fieldset className="bulk-panel-fields" disabled={busy}>
        {children}
      </fieldset>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="bulk-panel-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? busyAction : action}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CollectionPanel({ itemIds, ...panel }: PanelProps) {
  const collections = useCollectionsStore((s) => s.collections);
  const addItems = useCollectionsStore((s) => s.addItems);
  const [value, setValue] = useState<CollectionChoiceValue>(() => ({ choice: collections[0]?.name ?? NEW_COLLECTION, newName: '' }));
  const target = resolveCollection(value, collections);

  return (
    <BulkPanelForm
      {...panel}
      label="Add to collection"
      action={`Add ${formatItems(itemIds.length)}`}
      busyAction="Adding…"
      failure="add the items to the collection"
      check={(form) => {
        if (!('problem' in target)) return null;
        form.querySelector<HTMLInputElement>('input[type="text"]')?.focus();
        return target.problem;
      }}
      act={async () => {
        if ('problem' in target) throw new Error(target.problem);
        const text = await addItems(target.name!, itemIds, target.create);
        reloadOpenItem(itemIds);
        return text;
      }}
    >
      <CollectionChoice value={value} onChange={setValue} autoFocus />
    </BulkPanelForm>
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
    <BulkPanelForm
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
      <input id={`${id}-tag`} ref={field} type="text" maxLength={100} value={tag} onChange={(e) => setTag(e.target.value)} autoComplete="off" />
    </BulkPanelForm>
  );
}
