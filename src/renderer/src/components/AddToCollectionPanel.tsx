import { useState } from 'react';
import { NEW_COLLECTION, resolveCollection, type CollectionChoiceValue } from '../lib/collection-choice';
import { formatItems } from '../lib/format';
import { useCollectionsStore } from '../stores/collections-store';
import { CollectionChoice } from './CollectionChoice';
import { PanelForm, reloadOpenItem, type PanelProps } from './PanelForm';

/** Adds items to a collection, existing or new: the Library's selection, or the item detail's one item. */
export function AddToCollectionPanel({ itemIds, ...panel }: PanelProps) {
  const collections = useCollectionsStore((s) => s.collections);
  const addItems = useCollectionsStore((s) => s.addItems);
  const [value, setValue] = useState<CollectionChoiceValue>(() => ({ choice: collections[0]?.name ?? NEW_COLLECTION, newName: '' }));
  const target = resolveCollection(value, collections);

  return (
    <PanelForm
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
    </PanelForm>
  );
}

