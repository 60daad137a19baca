/** The list of collections, shared by the Library's filter and bulk bar (and the Collections view). */
import { create } from 'zustand';
import type { CollectionSummary } from '../../../shared/library';
import { errorText } from '../lib/errors';
import { libraryChanged } from '../lib/library-events';
import { bridge } from '../transport';
import { useLibraryStore } from './library-store';

interface CollectionsState {
  collections: CollectionSummary[];
  loaded: boolean;
  error: string | null;
  load(): Promise<void>;
  /**
   * Adds items to a collection, creating it first when `create` is set.
   * Resolves to a confirmation sentence, or throws an Error carrying a user-facing sentence.
   */
  addItems(name: string, itemIds: number[], create: boolean): Promise<string>;
  /** Create and rename resolve to null, or to a sentence saying why it did not happen (delete: the open collection's store). */
  create(name: string): Promise<string | null>;
  rename(name: string, newName: string): Promise<string | null>;
}

export const useCollectionsStore = create<CollectionsState>((set, get) => ({
  collections: [],
  loaded: false,
  error: null,

  async load() {
    try {
      set({ collections: await bridge.call('collections.list', {}), loaded: true, error: null });
    } catch (error) {
      set({ error: errorText(error, 'list your collections'), loaded: true });
    }
  },

  async addItems(name, itemIds, create) {
    const trimmed = name.trim();
    if (!trimmed) throw new Error('Give the collection a name.');
    try {
      if (create) await bridge.call('collections.create', { name: trimmed });
      const { added } = await bridge.call('collections.add', { name: trimmed, itemIds });
      await get().load();
      libraryChanged();
      const already = itemIds.length - added;
      return `Added ${added === 1 ? '1 item' : `${added.toLocaleString('en-US')} items`} to “${trimmed}”${already > 0 ? ` (${already.toLocaleString('en-US')} already there)` : ''}.`;
    } catch (error) {
      throw new Error(errorText(error, create ? 'create the collection' : 'add the items'), { cause: error });
    }
  },

  async create(name) {
    const trimmed = name.trim();
    if (!trimmed) return 'Give the collection a name.';
    if (get().collections.some((c) => c.name.toLowerCase() === trimmed.toLowerCase()))
      return `There is already a collection called “${trimmed}”.`;
    return settle(() => bridge.call('collections.create', { name: trimmed }), 'create the collection');
  },

  async rename(name, newName) {
    const trimmed = newName.trim();
    if (!trimmed) return 'Give the collection a name.';
    if (trimmed === name) return null;
    const problem = await settle(() => bridge.call('collections.rename', { name, newName: trimmed }), 'rename the collection');
    // The Library filtered on the old name would find nothing: it follows the collection.
    const library = useLibraryStore.getState();
    if (problem === null && library.filters.collection.toLowerCase() === name.toLowerCase()) library.setFilter('collection', trimmed);
    return problem;
  },
}));

/** Runs a change, then reloads the list and tells the Library; resolves to null or an error sentence. */
async function settle(work: () => Promise<unknown>, doing: string): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (error) {
    return errorText(error, doing);
  } finally {
    await useCollectionsStore.getState().load();
    libraryChanged();
  }
}
