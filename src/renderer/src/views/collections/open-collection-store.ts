/**
 * The collection open in the Collections view: its items in order, the search within it, and
 * the last deleted collection, kept so that "Undo" can bring it back.
 */
import { create } from 'zustand';
import type { CollectionItem } from '../../../../shared/library';
import { errorText } from '../../lib/errors';
import { libraryChanged } from '../../lib/library-events';
import { useCollectionsStore } from '../../stores/collections-store';
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
  deleted: DeletedCollection | null;
  open(name: string | null): Promise<void>;
  reload(): Promise<void>;
  move(itemId: number, delta: number): Promise<void>;
  removeItem(itemId: number): Promise<void>;
  setNote(itemId: number, body: string): Promise<string | null>;
  addTag(itemId: number, tag: string): Promise<string | null>;
  removeTag(itemId: number, tag: string): Promise<string | null>;
  search(query: string): Promise<void>;
  deleteOpen(): Promise<string | null>;
  undoDelete(): Promise<string | null>;
  renamed(newName: string): void;
}

let searchSeq = 0;

export const useOpenCollectionStore = create<OpenCollectionState>((set, get) => {
  async function change(work: (name: string) => Promise<unknown>, doing: string, message: string | null): Promise<string | null> {
    const name = get().name;
    if (name === null) return 'No collection is open.';
    try {
      await work(name);
      if (message) set({ message });
      return null;
    } catch (error) {
      const text = errorText(error, doing);
      set({ message: text });
      return text;
    } finally {
      await get().reload();
      libraryChanged();
    }
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
      await change((name) => bridge.call('collections.remove', { name, itemIds: [itemId] }), 'remove the item', 'Removed from the collection (the item stays in your library).');
      await useCollectionsStore.getState().load();
    },

    setNote: (itemId, body) => change((name) => bridge.call('items.setNote', { itemId, body, collection: name }), 'save the note', body.trim() ? 'Note saved.' : 'Note removed.'),

    addTag: (itemId, tag) => {
      const trimmed = tag.trim();
      if (!trimmed) return Promise.resolve('Type a tag first.');
      return change((name) => bridge.call('items.tag', { itemIds: [itemId], tag: trimmed, collection: name }), 'add the tag', `Tagged “${trimmed}”.`);
    },

    removeTag: (itemId, tag) => change((name) => bridge.call('items.untag', { itemIds: [itemId], tag, collection: name }), 'remove the tag', `Tag “${tag}” removed.`),

    async search(query) {
      const name = get().name;
      const seq = ++searchSeq;
      set({ query });
      if (name === null || query.trim() === '') {
        set({ matched: null, searchError: null });
        return;
      }
      try {
        const result = await bridge.call('library.search', { query, collection: name, limit: 1000 });
        if (seq === searchSeq) set({ matched: new Set(result.hits.map((hit) => hit.id)), searchError: null });
      } catch (error) {
        if (seq === searchSeq) set({ searchError: errorText(error, 'search the collection') });
      }
    },

    async deleteOpen() {
      const name = get().name;
      if (name === null) return 'No collection is open.';
      const items = get().items;
      // Tags listed with an item include its library-wide ones; only this collection's own come back on undo.
      const own = new Map<number, string[]>();
      try {
        for (const item of items.filter((i) => i.tags.length > 0)) {
          const detail = await bridge.call('items.get', { id: item.id });
          own.set(item.id, detail.tags.filter((t) => t.collection === name).map((t) => t.tag));
        }
      } catch (error) {
        return errorText(error, 'prepare the deletion');
      }
      const snapshot = snapshotForUndo(name, items, (item) => own.get(item.id) ?? []);
      const problem = await useCollectionsStore.getState().delete(name);
      if (problem) return problem;
      set({ deleted: snapshot, name: null, items: [], query: '', matched: null, message: null });
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
        libraryChanged();
      }
      set({ deleted: null });
      await get().open(snapshot.name);
      return null;
    },

    renamed(newName) {
      set({ name: newName });
    },
  };
});
