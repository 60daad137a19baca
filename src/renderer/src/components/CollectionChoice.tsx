import { useEffect, useId } from 'react';
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
}: {
  value: CollectionChoiceValue;
  onChange(value: CollectionChoiceValue): void;
  allowNone?: boolean;
  label?: string;
  disabled?: boolean;
}) {
  const collections = useCollectionsStore((s) => s.collections);
  const loaded = useCollectionsStore((s) => s.loaded);
  const load = useCollectionsStore((s) => s.load);
  const id = useId();

  useEffect(() => {
    if (!loaded) void load();
  }, [loaded, load]);

  return (
    <div className="collection-choice">
      <label htmlFor={`${id}-choice`}>{label}</label>
      <select id={`${id}-choice`} value={value.choice} disabled={disabled} onChange={(e) => onChange({ ...value, choice: e.target.value })}>
        {allowNone && <option value={NO_COLLECTION}>No collection</option>}
        {collections.map((c) => (
          <option key={c.id} value={c.name}>
            {c.name} ({formatItems(c.itemCount)})
          </option>
        ))}
        <option value={NEW_COLLECTION}>New collection…</option>
      </select>
      {value.choice === NEW_COLLECTION && (
        <>
          <label htmlFor={`${id}-name`}>Name of the new collection</label>
          <input
            id={`${id}-name`}
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
