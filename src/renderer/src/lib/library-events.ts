/**
 * A tiny signal between stores: "something in the library changed" (a note, a tag, a
 * collection, new items). The Library refreshes its results; the item detail and the open
 * collection reload when the change concerns an item they show, so each sees the other's edits.
 */
export interface LibraryChange {
  /** The items whose notes, tags or collections changed; absent when it may be any (items arrived, a collection went). */
  itemIds?: readonly number[];
  /** The store that made the change and already shows it, so it need not reload. */
  by?: 'item-detail' | 'open-collection';
}

type Listener = (change: LibraryChange) => void;

const listeners = new Set<Listener>();

export function onLibraryChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function libraryChanged(change: LibraryChange = {}): void {
  for (const listener of [...listeners]) listener(change);
}

/** Whether a change concerns one of these items, made by someone other than `self`. */
export function concerns(change: LibraryChange, self: NonNullable<LibraryChange['by']>, has: (itemId: number) => boolean): boolean {
  return change.by !== self && change.itemIds !== undefined && change.itemIds.some(has);
}
