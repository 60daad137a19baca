/** Pure helpers of the Collections view: moving an item, and what a deleted collection needs to come back. */
import type { CollectionItem } from '../../../../shared/library';

/** The ids in their new order after moving `itemId` by `delta` places; null when it cannot move. */
export function movedOrder(ids: readonly number[], itemId: number, delta: number): number[] | null {
  const from = ids.indexOf(itemId);
  if (from < 0) return null;
  const to = Math.max(0, Math.min(ids.length - 1, from + delta));
  if (to === from) return null;
  const next = ids.slice();
  next.splice(from, 1);
  next.splice(to, 0, itemId);
  return next;
}

/** Everything deleting a collection throws away: its order, its notes and its own tags. */
export interface DeletedCollection {
  name: string;
  itemIds: number[];
  notes: { itemId: number; body: string }[];
  /** Tag → the items that carried it in this collection. */
  tags: Record<string, number[]>;
}

/** Only the collection's own tags: deleting it keeps the items' library-wide ones, so undo must not add them here. */
export function snapshotForUndo(name: string, items: readonly CollectionItem[]): DeletedCollection {
  const tags: Record<string, number[]> = {};
  for (const item of items) for (const { tag, collection } of item.tags) if (collection !== null) (tags[tag] ??= []).push(item.id);
  return {
    name,
    itemIds: items.map((item) => item.id),
    notes: items.filter((item) => item.note).map((item) => ({ itemId: item.id, body: item.note! })),
    tags,
  };
}

/** Items in collection order, narrowed to the ids a search matched (null: no search). */
export function visibleItems(items: readonly CollectionItem[], matched: ReadonlySet<number> | null): readonly CollectionItem[] {
  return matched ? items.filter((item) => matched.has(item.id)) : items;
}
