/**
 * The collection open in the Collections view: its items in order, the search within it, and
 * the last deleted collection, kept so that "Undo" can bring it back.
 */
import { create } from 'zustand';
import { MAX_ITEMS_PER_ACTION, type CollectionItem, type ItemTag } from '../../../../shared/library';
import { errorText } from '../../lib/errors';
import { concerns, libraryChanged, onLibraryChanged } from '../../lib/library-events';
import { useCollectionsStore } from '../../stores/collections-store';
import { useNoteDraftsStore, type NoteDraft } from '../../stores/note-drafts-store';
import { bridge } from '../../transport';
import { movedOrder, snapshotForUndo, type DeletedCollection } from './collection-order';

interface OpenCollectionState {
  name: string | null;
  items: CollectionItem[];
  loading: boolean;
  error: string | null;
  /** A sentence about the last change (moved, removed…), announced politely. */
  message: string | null;
  query: string;
  /** Ids the search matched; null when there is no search. */
  matched: ReadonlySet<number> | null;
  searchError: string | null;
  /** The last deleted collection, with the notes that were typed in it but not saved. */
  deleted: (DeletedCollection & { drafts: NoteDraft[] }) | null;
  open(name: string | null): Promise<void>;
  reload(): Promise<void>;
  move(itemId: number, delta: number): Promise<void>;
  removeItem(itemId: number): Promise<void>;
  /** Saves this collection's note on an item (empty text deletes it), settling its draft. */
  setNote(itemId: number, body: string): Promise<string | null>;
  addTag(itemId: number, tag: string): Promise<string | null>;
  /** Removes the tag at its own level: a library-wide tag from the whole library, this collection's from here. */
  removeTag(itemId: number, tag: ItemTag): Promise<string | null>;
  search(query: string): Promise<void>;
  deleteOpen(): Promise<string | null>;
  undoDelete(): Promise<string | null>;
  renamed(newName: string): void;
}

let searchSeq = 0;

export const useOpenCollectionStore = create<OpenCollectionState>((set, get) => {
  /** Runs a change to one item here, says how it went, then reloads and tells the other views. */
  async function change<T>(itemId: number, work: (name: string) => Promise<T>, doing: string, message: string | ((result: T) => string) | null): Promise<string | null> {
    const name = get().name;
    if (name === null) return 'No collection is open.';
    try {
      const result = await work(name);
      if (message) set({ message: typeof message === 'function' ? message(result) : message });
      return null;
    } catch (error) {
      const text = errorText(error, doing);
      set({ message: text });
      return text;
    } finally {
      await refreshRow(itemId);
      libraryChanged({ itemIds: [itemId], by: 'open-collection' });
    }
  }

  /**
   * Reads again the one row a change touched, in place (gone from the list if it left the
   * collection): reading the whole of a long collection after every note or tag would not do.
   */
  async function refreshRow(itemId: number): Promise<void> {
    const name = get().name;
    if (name === null) return;
    try {
      const { items: fresh } = await bridge.call('collections.items', { name, itemIds: [itemId] });
      if (get().name !== name) return;
      const row = fresh[0];
      set({ items: row ? get().items.map((item) => (item.id === itemId ? row : item)) : get().items.filter((item) => item.id !== itemId) });
    } catch {
      await get().reload();
      return;
    }
    if (get().query) void get().search(get().query);
  }

  return {
    name: null,
    items: [],
    loading: false,
    error: null,
    message: null,
    query: '',
    matched: null,
    searchError: null,
    deleted: null,

    async open(name) {
      set({ name, items: [], error: null, message: null, query: '', matched: null, searchError: null, loading: name !== null });
      if (name !== null) await get().reload();
    },

    async reload() {
      const name = get().name;
      if (name === null) return;
      try {
        const { items } = await bridge.call('collections.items', { name });
        if (get().name === name) set({ items, loading: false, error: null });
      } catch (error) {
        if (get().name === name) set({ loading: false, error: errorText(error, 'open the collection') });
      }
      if (get().query) void get().search(get().query);
    },

    async move(itemId, delta) {
      const order = movedOrder(
        get().items.map((item) => item.id),
        itemId,
        delta,
      );
      if (!order) return;
      const name = get().name;
      if (name === null) return;
      // Shown at once; the answer confirms (or a reload undoes it on failure).
      const byId = new Map(get().items.map((item) => [item.id, item]));
      set({ items: order.map((id) => byId.get(id)!) });
      const position = order.indexOf(itemId) + 1;
      try {
        const { items } = await bridge.call('collections.reorder', { name, itemIds: order });
        set({ items, message: `Moved to position ${position} of ${order.length}.` });
      } catch (error) {
        set({ message: errorText(error, 'move the item') });
        await get().reload();
      }
    },

    removeItem: async (itemId) => {
      await change(itemId, (name) => bridge.call('collections.remove', { name, itemIds: [itemId] }), 'remove the item', 'Removed from the collection (the item stays in your library).');
      await useCollectionsStore.getState().load();
    },

    setNote: (itemId, body) =>
      change(
        itemId,
        async (name) => {
          await bridge.call('items.setNote', { itemId, body, collection: name });
          useNoteDraftsStore.getState().saved(itemId, name, body);
        },
        'save the note',
        body.trim() ? 'Note saved.' : 'Note removed.',
      ),

    addTag: (itemId, tag) => {
      const trimmed = tag.trim();
      if (!trimmed) return Promise.resolve('Type a tag first.');
      return change(itemId, (name) => bridge.call('items.tag', { itemIds: [itemId], tag: trimmed, collection: name }), 'add the tag', `Tagged “${trimmed}”.`);
    },

    removeTag: (itemId, { tag, collection }) => {
      const libraryWide = collection === null;
      return change(
        itemId,
        (name) => bridge.call('items.untag', { itemIds: [itemId], tag, ...(libraryWide ? {} : { collection: name }) }),
        'remove the tag',
        ({ untagged }) => (untagged === 0 ? `“${tag}” was no longer on this item.` : libraryWide ? `Library-wide tag “${tag}” removed.` : `Tag “${tag}” removed.`),
      );
    },

    async search(query) {
      const name = get().name;
      const seq = ++searchSeq;
      set({ query });
      if (name === null || query.trim() === '') {
        set({ matched: null, searchError: null });
        return;
      }
      try {
        // Every match, however large the collection (a page of hits stopped at 1,000 without a word).
        const result = await bridge.call('library.ids', { search: { query, collection: name }, limit: MAX_ITEMS_PER_ACTION });
        if (seq === searchSeq) set({ matched: new Set(result.ids), searchError: null });
      } catch (error) {
        if (seq === searchSeq) set({ searchError: errorText(error, 'search the collection') });
      }
    },

    async deleteOpen() {
      const name = get().name;
      if (name === null) return 'No collection is open.';
      const snapshot = snapshotForUndo(name, get().items);
      const problem = await useCollectionsStore.getState().delete(name);
      if (problem) return problem;
      // Unsaved notes typed here go with the collection, and come back with an undo.
      const drafts = useNoteDraftsStore.getState().takeCollection(name);
      set({ deleted: { ...snapshot, drafts }, name: null, items: [], query: '', matched: null, message: null });
      // Its notes and tags went with it: an open item among its items stops showing them.
      libraryChanged({ itemIds: snapshot.itemIds });
      return null;
    },

    async undoDelete() {
      const snapshot = get().deleted;
      if (!snapshot) return null;
      try {
        await bridge.call('collections.create', { name: snapshot.name });
        if (snapshot.itemIds.length) await bridge.call('collections.add', { name: snapshot.name, itemIds: snapshot.itemIds });
        for (const { itemId, body } of snapshot.notes) await bridge.call('items.setNote', { itemId, body, collection: snapshot.name });
        for (const [tag, itemIds] of Object.entries(snapshot.tags)) await bridge.call('items.tag', { itemIds, tag, collection: snapshot.name });
      } catch (error) {
        return errorText(error, 'bring the collection back');
      } finally {
        await useCollectionsStore.getState().load();
        // Its items' notes and tags here are back: an open item among them shows them again.
        libraryChanged({ itemIds: snapshot.itemIds });
      }
      set({ deleted: null });
      useNoteDraftsStore.getState().restore(snapshot.drafts);
      await get().open(snapshot.name);
      return null;
    },

    renamed(newName) {
      const oldName = get().name;
      if (oldName !== null) useNoteDraftsStore.getState().renameCollection(oldName, newName);
      set({ name: newName });
      // The item detail names the collection beside its notes and tags here.
      libraryChanged({ itemIds: get().items.map((item) => item.id) });
    },
  };
});

// A note or tag of an item shown here changed elsewhere (the item detail, the bulk bar): show it.
onLibraryChanged((change) => {
  const { name, items, reload } = useOpenCollectionStore.getState();
  if (name === null) return;
  const shown = new Set(items.map((item) => item.id));
  if (concerns(change, 'open-collection', (itemId) => shown.has(itemId))) void reload();
});
