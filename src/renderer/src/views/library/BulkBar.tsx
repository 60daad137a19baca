import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CollectionChoice } from '../../components/CollectionChoice';
import { ExportButton } from '../../components/ExportDialog';
import { NEW_COLLECTION, resolveCollection, type CollectionChoiceValue } from '../../lib/collection-choice';
import { errorText } from '../../lib/errors';
import { formatItems } from '../../lib/format';
import { libraryChanged } from '../../lib/library-events';
import { useCollectionsStore } from '../../stores/collections-store';
import { useItemStore } from '../../stores/item-store';
import { useLibraryStore } from '../../stores/library-store';
import { bridge } from '../../transport';


type Panel = 'collection' | 'tag' | null;

/** Actions on the selected items: add them to a collection (existing or new) and tag them. */
export function BulkBar() {
  const selection = useLibraryStore((s) => s.selection);
  const clearSelection = useLibraryStore((s) => s.clearSelection);
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

  const done = (text: string): void => {
    setPanel(null);
    setMessage({ text, problem: false });
  };

  return (
    <div className="bulk-bar" role="region" aria-label="Selected items" ref={barRef}>
      {count === 0 ? (
        <span className="muted">Click an item to read it; Ctrl-click or Shift-click to select several, then add them to a collection or tag them.</span>
      ) : (
        <>
          <strong data-testid="selection-count">{formatItems(count)} selected</strong>
          <button type="button" ref={collectionButton} aria-expanded={panel === 'collection'} onClick={() => setPanel(panel === 'collection' ? null : 'collection')}>
            Add to collection…
          </button>
          <button type="button" ref={tagButton} aria-expanded={panel === 'tag'} onClick={() => setPanel(panel === 'tag' ? null : 'tag')}>
            Tag…
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

function CollectionPanel({ itemIds, onDone, onProblem, onClose }: PanelProps) {
  const collections = useCollectionsStore((s) => s.collections);
  const addItems = useCollectionsStore((s) => s.addItems);
  const [value, setValue] = useState<CollectionChoiceValue>(() => ({ choice: collections[0]?.name ?? NEW_COLLECTION, newName: '' }));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const target = resolveCollection(value, collections);
    if ('problem' in target) {
      setProblem(target.problem);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="text"]')?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const text = await addItems(target.name!, itemIds, target.create);
      reloadOpenItem(itemIds);
      onDone(text);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      setProblem(text);
      onProblem(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bulk-panel" aria-label="Add to collection" onSubmit={(e) => void submit(e)} onKeyDown={closeOnEscape(onClose)}>
      <CollectionChoice value={value} onChange={setValue} disabled={busy} autoFocus />
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="bulk-panel-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Adding…' : `Add ${formatItems(itemIds.length)}`}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TagPanel({ itemIds, onDone, onProblem, onClose }: PanelProps) {
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    field.current?.focus();
  }, []);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const value = tag.trim();
    if (!value) {
      setProblem('Type the tag to add, for example “verified”.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await bridge.call('items.tag', { itemIds, tag: value });
      reloadOpenItem(itemIds);
      libraryChanged();
      onDone(`Tagged ${formatItems(itemIds.length)} “${value}”.`);
    } catch (error) {
      const text = errorText(error, 'tag the items');
      setProblem(text);
      onProblem(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bulk-panel" aria-label="Tag selected items" onSubmit={(e) => void submit(e)} onKeyDown={closeOnEscape(onClose)}>
      <label htmlFor={`${id}-tag`}>Tag</label>
      <input id={`${id}-tag`} ref={field} type="text" maxLength={100} value={tag} onChange={(e) => setTag(e.target.value)} autoComplete="off" />
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="bulk-panel-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Tagging…' : `Tag ${formatItems(itemIds.length)}`}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
