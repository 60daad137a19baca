import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CollectionChoice } from '../../components/CollectionChoice';
import { NEW_COLLECTION, resolveCollection, type CollectionChoiceValue } from '../../lib/collection-choice';
import { formatItems } from '../../lib/format';
import { useCollectionsStore } from '../../stores/collections-store';
import { useItemStore } from '../../stores/item-store';

/** The bar above the results: how many are ticked, and adding them to a collection (existing or new). */
export function FetchAddToCollection({ itemIds }: { itemIds: number[] }) {
  const collections = useCollectionsStore((s) => s.collections);
  const addItems = useCollectionsStore((s) => s.addItems);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<CollectionChoiceValue>({ choice: NEW_COLLECTION, newName: '' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLFormElement>(null);
  const count = itemIds.length;
  const panelOpen = open && count > 0;

  useEffect(() => {
    if (panelOpen) panelRef.current?.querySelector<HTMLElement>('select')?.focus();
  }, [panelOpen]);

  const close = (): void => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const target = resolveCollection(value, collections);
    if ('problem' in target) {
      setMessage({ text: target.problem, problem: true });
      return;
    }
    if (target.name === null) return;
    setBusy(true);
    try {
      const text = await addItems(target.name, itemIds, target.create);
      const { openId, reload } = useItemStore.getState();
      if (openId !== null && itemIds.includes(openId)) void reload();
      setMessage({ text, problem: false });
      setValue({ choice: target.name, newName: '' });
      close();
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), problem: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fetch-selection-bar" role="region" aria-label="Selected results">
      <div className="fetch-selection-line">
        {count === 0 ? (
          <span className="muted">
            Tick results to add them to a collection; Shift-tick to tick a range. Click a title to read the item.
          </span>
        ) : (
          <>
            <strong data-testid="fetch-selection-count">{formatItems(count)} selected</strong>
            <button type="button" ref={toggleRef} aria-expanded={panelOpen} onClick={() => setOpen(!panelOpen)}>
              Add to collection…
            </button>
          </>
        )}
        <span className={message?.problem ? 'fetch-message error' : 'fetch-message'} role="status">
          {message?.text ?? ''}
        </span>
      </div>
      {panelOpen && (
        <form
          ref={panelRef}
          className="fetch-panel"
          aria-label="Add to collection"
          onSubmit={(e) => void submit(e)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <CollectionChoice value={value} onChange={setValue} disabled={busy} />
          <div className="fetch-panel-actions">
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Adding…' : `Add ${formatItems(count)}`}
            </button>
            <button type="button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
