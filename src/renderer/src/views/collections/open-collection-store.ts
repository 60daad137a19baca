/**
 * The collection open in the Collections view: the start of its order, read a page at a time (a
 * collection may hold 100,000 items), the search within it, and the last deleted collection,
 * kept so that "Undo" can bring it back.
 */
import { create } from 'zustand';
import type { CollectionContents, CollectionItem, CollectionPage, CollectionPlace, ItemTag } from '../../../../shared/library';
import { isGleanerError } from '../../../../shared/errors';
import { errorText } from '../../lib/errors';
import { concerns, libraryChanged, onLibraryChanged } from '../../lib/library-events';
import { useCollectionsStore } from '../../stores/collections-store';
import { expectedNote, useNoteDraftsStore, type NoteDraft } from '../../stores/note-drafts-store';
import { bridge } from '../../transport';
import { appendRows, movedRows } from './collection-order';

/** Rows read at a time: a screenful or two, each row a form of its own. */
export const COLLECTION_PAGE = 200;
/** The most rows one read asks for (the bridge's limit). */
const MOST_PER_READ = 1000;

interface OpenCollectionState {
  name: string | null;
  /** The first rows of the order (or of what the search found), as far as they have been read. */
  items: CollectionItem[];
  /** How many rows there are in all: the collection's items, or the search's matches. */
  total: number;
  /** How many items the collection holds. */
  count: number;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
  /** A sentence about the last change (moved, removed…), announced politely. */
  message: string | null;
  query: string;
  /** The search the rows and total answer ('' for none): while a newer one is on its way, they are the last one's. */
  searchedFor: string;
  searchError: string | null;
  /** The last deleted collection, with the notes that were typed in it but not saved. */
  deleted: (CollectionContents & { drafts: NoteDraft[] }) | null;
  /** The item last removed from the open collection, with where it stood: "Undo" puts it back. */
  removed: { collection: string; label: string; places: CollectionPlace[] } | null;
  /** The tag last removed from an item here (a library-wide one leaves every collection): "Undo" gives it back. */
  untagged: { collection: string; itemId: number; tag: ItemTag } | null;
  /** Rows whose note and tags are open (they open on demand, so a collection reads as a compact list). */
  editorsOpen: ReadonlySet<number>;
  toggleEditor(itemId: number, open: boolean): void;
  open(name: string | null): Promise<void>;
  /** Reads again the rows shown (at least a page), keeping the place the user scrolled to. */
  reload(): Promise<void>;
  /** Reads the next page of rows. */
  showMore(): Promise<void>;
  move(itemId: number, delta: number): Promise<void>;
  removeItem(itemId: number, label: string): Promise<void>;
  /** Puts the item last removed back in its place; resolves to an error sentence or null. */
  undoRemove(): Promise<string | null>;
  /** Saves this collection's note on an item (empty text deletes it), settling its draft. */
  setNote(itemId: number, body: string): Promise<string | null>;
  addTag(itemId: number, tag: string): Promise<string | null>;
  /** Removes the tag at its own level: a library-wide tag from the whole library, this collection's from here. */
  removeTag(itemId: number, tag: ItemTag): Promise<string | null>;
  /** Gives back the tag last removed, at its own level; resolves to an error sentence or null. */
  undoUntag(): Promise<string | null>;
  search(query: string): Promise<void>;
  deleteOpen(): Promise<string | null>;
  undoDelete(): Promise<string | null>;
  renamed(newName: string): void;
}

/** A stretch of the collection's rows, or of those its search finds, read in as few calls as the bridge allows. */
async function readRows(name: string, query: string, offset: number, count: number): Promise<CollectionPage> {
  const search = query.trim() ? { query } : {};
  let page = await bridge.call('collections.items', { name, ...search, offset, limit: Math.min(count, MOST_PER_READ) });
  while (page.items.length < count && offset + page.items.length < page.total) {
    const more = await bridge.call('collections.items', {
      name,
      ...search,
      offset: offset + page.items.length,
      limit: Math.min(count - page.items.length, MOST_PER_READ),
    });
    const items = appendRows(page.items, more.items);
    // Nothing new (the order moved under the reads): stop rather than ask for the same rows again.
    if (items.length === page.items.length) break;
    page = { ...more, items };
  }
  return page;
}

/** Bumped by every read that replaces the rows, so an answer that comes after a newer one is dropped. */
let readSeq = 0;
export const useOpenCollectionStore = create<OpenCollectionState>((set, get) => {
  /** Runs a change to one item here, says how it went, then reloads and tells the other views. */
  async function change<T>(
    itemId: number,
    work: (name: string) => Promise<T>,
    doing: string,
    message: string | ((result: T) => string) | null,
  ): Promise<string | null> {
    const name = get().name;
    if (name === null) return 'No collection is open.';
    // Any later change ends the offer to undo a removal (the message it stood beside is gone).
    set({ removed: null, untagged: null });
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
    const { name, query } = get();
    if (name === null) return;
    const seq = readSeq;
    try {
      const { items: fresh, collection } = await bridge.call('collections.items', {
        name,
        itemIds: [itemId],
        ...(query.trim() ? { query } : {}),
      });
      // The rows were read again meanwhile (another search, a reload): that read has this row as it is now.
      if (get().name !== name || seq !== readSeq || get().query !== query) return;
      const row = fresh[0];
      const had = get().items.some((item) => item.id === itemId);
      if (row) set({ items: get().items.map((item) => (item.id === itemId ? row : item)), count: collection.itemCount });
      else
        set({ items: get().items.filter((item) => item.id !== itemId), total: get().total - (had ? 1 : 0), count: collection.itemCount });
      // Gone from the order: the rows after it moved up a place.
      if (!row && had && !query.trim()) await get().reload();
    } catch {
      await get().reload();
    }
  }

  /** Replaces the rows with the first `count` of the order or of the search, unless a newer read has begun. */
  async function readFirst(count: number, doing: string): Promise<void> {
    const { name, query } = get();
    if (name === null) return;
    const seq = ++readSeq;
    try {
      const page = await readRows(name, query, 0, count);
      if (seq !== readSeq || get().name !== name) return;
      set({
        items: page.items,
        total: page.total,
        count: page.collection.itemCount,
        searchedFor: query.trim(),
        loading: false,
        error: null,
        searchError: null,
      });
    } catch (error) {
      if (seq !== readSeq || get().name !== name) return;
      // A search the index cannot read says so beside the search box; the rows stay as they were.
      if (query.trim()) set({ searchError: errorText(error, 'search the collection'), loading: false });
      else set({ loading: false, error: errorText(error, doing) });
    }
  }

  return {
    name: null,
    items: [],
    total: 0,
    count: 0,
    loading: false,
    loadingMore: false,
    error: null,
    message: null,
    query: '',
    searchedFor: '',
    searchError: null,
    deleted: null,
    removed: null,
    untagged: null,
    editorsOpen: new Set(),

    toggleEditor(itemId, open) {
      const next = new Set(get().editorsOpen);
      if (open) next.add(itemId);
      else next.delete(itemId);
      set({ editorsOpen: next });
    },

    async open(name) {
      readSeq += 1;
      set({
        name,
        items: [],
        total: 0,
        count: 0,
        error: null,
        message: null,
        removed: null,
        untagged: null,
        query: '',
        searchedFor: '',
        searchError: null,
        loading: name !== null,
        loadingMore: false,
      });
      if (name !== null) await readFirst(COLLECTION_PAGE, 'open the collection');
    },

    reload: () => readFirst(Math.max(COLLECTION_PAGE, get().items.length), 'open the collection'),

    async showMore() {
      const { name, query, items, total, loadingMore } = get();
      if (name === null || loadingMore || items.length >= total) return;
      const seq = readSeq;
      set({ loadingMore: true });
      try {
        const page = await readRows(name, query, items.length, COLLECTION_PAGE);
        if (seq === readSeq && get().name === name)
          set({ items: appendRows(get().items, page.items), total: page.total, count: page.collection.itemCount });
      } catch (error) {
        if (get().name === name) set({ message: errorText(error, 'show more of the collection') });
      } finally {
        set({ loadingMore: false });
      }
    },

    async move(itemId, delta) {
      const { name, query } = get();
      if (name === null || query.trim()) return;
      // Shown at once where the rows allow; the answer confirms, and a read settles the rest.
      set({ removed: null, untagged: null });
      const shown = movedRows(get().items, itemId, delta);
      if (shown) {
        readSeq += 1;
        set({ items: shown });
      }
      try {
        const { position, total } = await bridge.call('collections.move', { name, itemId, delta });
        set({ message: `Moved to position ${position.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}.` });
      } catch (error) {
        set({ message: errorText(error, 'move the item') });
      }
      await get().reload();
    },

    removeItem: async (itemId, label) => {
      await change(
        itemId,
        async (name) => {
          const { places } = await bridge.call('collections.remove', { name, itemIds: [itemId] });
          if (places.length) set({ removed: { collection: name, label, places } });
        },
        'remove the item',
        `Removed “${label}” from the collection (it stays in your library, and its note and tags here are kept).`,
      );
      await useCollectionsStore.getState().load();
    },

    async undoRemove() {
      const removed = get().removed;
      if (!removed || removed.collection !== get().name) return null;
      const itemId = removed.places[0]!.itemId;
      const problem = await change(
        itemId,
        (name) => bridge.call('collections.putBack', { name, places: removed.places }),
        'put the item back',
        `“${removed.label}” is back in its place.`,
      );
      // Failed: the offer stands, to try again.
      if (problem) set({ removed });
      // Back in the order: the rows after it moved down a place.
      await get().reload();
      await useCollectionsStore.getState().load();
      return problem;
    },

    async setNote(itemId, body) {
      let conflicted: string | null = null;
      const problem = await change(
        itemId,
        async (name) => {
          try {
            await bridge.call('items.setNote', { itemId, body, collection: name, ...expectedNote(itemId, name) });
          } catch (error) {
            if (isGleanerError(error) && error.code === 'CONFLICT') conflicted = name;
            throw error;
          }
          useNoteDraftsStore.getState().saved(itemId, name, body);
        },
        'save the note',
        body.trim() ? 'Note saved.' : 'Note removed.',
      );
      // Saved meanwhile elsewhere: change read the row again; the typed text now goes on from what it shows.
      if (conflicted !== null)
        useNoteDraftsStore.getState().rebase(itemId, conflicted, get().items.find((item) => item.id === itemId)?.note ?? '');
      return problem;
    },

    addTag: (itemId, tag) => {
      const trimmed = tag.trim();
      if (!trimmed) return Promise.resolve('Type a tag first.');
      return change(
        itemId,
        (name) => bridge.call('items.tag', { itemIds: [itemId], tag: trimmed, collection: name }),
        'add the tag',
        `Tagged “${trimmed}”.`,
      );
    },

    removeTag: (itemId, { tag, collection }) => {
      const libraryWide = collection === null;
      return change(
        itemId,
        async (name) => {
          const result = await bridge.call('items.untag', { itemIds: [itemId], tag, ...(libraryWide ? {} : { collection: name }) });
          if (result.untagged > 0) set({ untagged: { collection: name, itemId, tag: { tag, collection } } });
          return result;
        },
        'remove the tag',
        ({ untagged }) =>
          untagged === 0
            ? `“${tag}” was no longer on this item.`
            : libraryWide
              ? `Library-wide tag “${tag}” removed from the item everywhere.`
              : `Tag “${tag}” removed.`,
      );
    },

    async undoUntag() {
      const untagged = get().untagged;
      if (!untagged || untagged.collection !== get().name) return null;
      const { itemId, tag } = untagged;
      const problem = await change(
        itemId,
        (name) => bridge.call('items.tag', { itemIds: [itemId], tag: tag.tag, ...(tag.collection === null ? {} : { collection: name }) }),
        'give the tag back',
        `Tag “${tag.tag}” is back${tag.collection === null ? ' (library-wide)' : ''}.`,
      );
      if (problem) set({ untagged });
      return problem;
    },

    async search(query) {
      // The last action's confirmation is old news once the user searches: not announced again.
      set({ query, message: null });
      if (get().name === null) return;
      if (query.trim() === '') set({ searchError: null });
      await readFirst(COLLECTION_PAGE, 'open the collection');
    },

    async deleteOpen() {
      const name = get().name;
      if (name === null) return 'No collection is open.';
      let contents: CollectionContents;
      try {
        ({ contents } = await bridge.call('collections.delete', { name }));
      } catch (error) {
        return errorText(error, 'delete the collection');
      } finally {
        await useCollectionsStore.getState().load();
      }
      // Unsaved notes typed here go with the collection, and come back with an undo.
      const drafts = useNoteDraftsStore.getState().takeCollection(name);
      readSeq += 1;
      set({
        deleted: { ...contents, drafts },
        name: null,
        items: [],
        total: 0,
        count: 0,
        query: '',
        searchedFor: '',
        searchError: null,
        message: null,
      });
      // Its notes and tags went with it: an open item among its items stops showing them.
      libraryChanged({ itemIds: contents.itemIds });
      return null;
    },

    async undoDelete() {
      const deleted = get().deleted;
      if (!deleted) return null;
      const { drafts, ...contents } = deleted;
      try {
        await bridge.call('collections.restore', { contents });
      } catch (error) {
        return errorText(error, 'bring the collection back');
      } finally {
        await useCollectionsStore.getState().load();
        // Its items' notes and tags here are back: an open item among them shows them again.
        libraryChanged({ itemIds: contents.itemIds });
      }
      set({ deleted: null });
      useNoteDraftsStore.getState().restore(drafts);
      await get().open(contents.name);
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
