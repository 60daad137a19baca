import { useMemo, useState } from 'react';
import { firstUsefulChoice, resolveCollection, type CollectionChoiceValue } from '../lib/collection-choice';
import { formatItems } from '../lib/format';
import { useCollectionsStore } from '../stores/collections-store';
import { CollectionChoice } from './CollectionChoice';
import { PanelForm, reloadOpenItem, type PanelProps } from './PanelForm';

/**
 * Adds items to a collection, existing or new: the Library's selection, or the item detail's one
 * item. `holding` names the collections that hold the item already: the list shows them but does
 * not offer them, and starts at the first one that would change something.
 */
export function AddToCollectionPanel({ itemIds, holding, ...panel }: PanelProps & { holding?: readonly string[] }) {
  const collections = useCollectionsStore((s) => s.collections);
  const addItems = useCollectionsStore((s) => s.addItems);
  const held = useMemo(() => new Set(holding), [holding]);
  // Until the user picks, the choice follows the list, which may still be loading when the panel opens.
  const [picked, setPicked] = useState<CollectionChoiceValue | null>(null);
  const value = picked ?? { choice: firstUsefulChoice(collections, held), newName: '' };
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
      <CollectionChoice value={value} onChange={setPicked} unavailable={held} autoFocus />
    </PanelForm>
  );
}
