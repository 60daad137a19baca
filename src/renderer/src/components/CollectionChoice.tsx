import { useEffect, useId, useRef } from 'react';
import { NEW_COLLECTION, NO_COLLECTION, type CollectionChoiceValue } from '../lib/collection-choice';
import { formatItems } from '../lib/format';
import { useCollectionsStore } from '../stores/collections-store';

/**
 * Choose an existing collection or name a new one. The list loads on first use; `allowNone`
 * adds "No collection" for actions where a collection is optional.
 */
export function CollectionChoice({
  value,
  onChange,
  allowNone = false,
  label = 'Collection',
  disabled = false,
  autoFocus = false,
  unavailable,
}: {
  value: CollectionChoiceValue;
  onChange(value: CollectionChoiceValue): void;
  allowNone?: boolean;
  label?: string;
  disabled?: boolean;
  /** Focus on mount: the new collection's name when that is chosen (the first thing to type), else the list. */
  autoFocus?: boolean;
  /** Collections listed but not offered, because they hold the items already. */
  unavailable?: ReadonlySet<string>;
}) {
  const collections = useCollectionsStore((s) => s.collections);
  const loaded = useCollectionsStore((s) => s.loaded);
  const load = useCollectionsStore((s) => s.load);
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!loaded) void load();
  }, [loaded, load]);

  // Once, when the list is there (what is shown first can depend on it); later changes of the
  // choice must not move the focus.
  const focused = useRef(false);
  useEffect(() => {
    if (!autoFocus || !loaded || focused.current) return;
    focused.current = true;
    (nameInput.current ?? select.current)?.focus();
  }, [autoFocus, loaded]);

  return (
    <div className="collection-choice">
      <label htmlFor={`${id}-choice`}>{label}</label>
      <select
        id={`${id}-choice`}
        ref={select}
        value={value.choice}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, choice: e.target.value })}
      >
        {allowNone && <option value={NO_COLLECTION}>No collection</option>}
        {collections.map((c) => (
          <option key={c.id} value={c.name} disabled={unavailable?.has(c.name)}>
            {c.name} ({unavailable?.has(c.name) ? 'holds it already' : formatItems(c.itemCount)})
          </option>
        ))}
        <option value={NEW_COLLECTION}>New collection…</option>
      </select>
      {value.choice === NEW_COLLECTION && (
        <>
          <label htmlFor={`${id}-name`}>Name of the new collection</label>
          <input
            id={`${id}-name`}
            ref={nameInput}
            type="text"
            maxLength={200}
            value={value.newName}
            disabled={disabled}
            autoComplete="off"
            onChange={(e) => onChange({ ...value, newName: e.target.value })}
          />
        </>
      )}
    </div>
  );
}
