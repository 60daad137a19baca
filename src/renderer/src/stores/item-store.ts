/**
 * The open item: which one (any view may set it), its detail, and its raw responses fetched
 * on demand. Answers for an item that is no longer open are dropped.
 */
import { create } from 'zustand';
import type { RawResponse } from '../../../shared/contract';
import type { ItemDetail } from '../../../shared/library';
import { isGleanerError } from '../../../shared/errors';
import { errorText } from '../lib/errors';
import { concerns, libraryChanged, onLibraryChanged } from '../lib/library-events';
import { bridge } from '../transport';
import { expectedNote, useNoteDraftsStore } from './note-drafts-store';
import { onQueueRecovered } from './queue-recovery';

export type RawState = { status: 'loading' } | { status: 'loaded'; value: RawResponse } | { status: 'error'; message: string };

interface ItemState {
  openId: number | null;
  /** The open item's detail; while another item loads, the previous one stays (dimmed) to avoid jumps. */
  detail: ItemDetail | null;
  loading: boolean;
  error: string | null;
  raw: Readonly<Record<number, RawState>>;
  /** A transcript moment to show (ms) when the item was opened from a transcript hit. */
  focusMs: number | null;
  /**
   * Counts the transcript hits opened: each one scrolls its line into view, even the same moment
   * again after the user scrolled away, or a hit in the item already open.
   */
  focusSeq: number;
  /**
   * The transcript shown, by language (null: the one with no language named); undefined lets
   * the view choose. It follows a transcript hit, the user's choice and a transcript just
   * fetched, and holds across reloads of the item (which may list its transcripts anew).
   */
  transcriptLanguage: string | null | undefined;
  open(id: number | null, focus?: TranscriptFocus | null): void;
  showTranscript(language: string | null): void;
  reload(): Promise<void>;
  loadRaw(responseId: number): Promise<void>;
  /** Saves the item's library-wide note (empty text deletes it), settling its draft. Resolves to an error sentence or null. */
  saveNote(body: string): Promise<string | null>;
  addTag(tag: string): Promise<string | null>;
  removeTag(tag: string, collection: string | null): Promise<string | null>;
  /** The tag last removed from the open item, for "Undo". */
  untagged: { itemId: number; tag: string; collection: string | null } | null;
  /** Gives the tag last removed back, at its own level; resolves to an error sentence or null. */
  undoUntag(): Promise<string | null>;
}

/** A moment in one of the item's transcripts: where a search hit was. */
export interface TranscriptFocus {
  ms: number;
  language: string | null;
}

let requestSeq = 0;

export const useItemStore = create<ItemState>((set, get) => {
  async function fetchDetail(id: number): Promise<void> {
    const seq = ++requestSeq;
    set({ loading: true, error: null });
    try {
      const detail = await bridge.call('items.get', { id });
      if (seq !== requestSeq || get().openId !== id) return;
      set({ detail, loading: false, error: null });
    } catch (error) {
      if (seq !== requestSeq || get().openId !== id) return;
      set({ detail: null, loading: false, error: errorText(error, 'open this item') });
    }
  }

  return {
    openId: null,
    detail: null,
    loading: false,
    error: null,
    raw: {},
    focusMs: null,
    focusSeq: 0,
    transcriptLanguage: undefined,

    open(id, focus = null) {
      const focusMs = focus?.ms ?? null;
      const focusSeq = focus ? get().focusSeq + 1 : get().focusSeq;
      if (id === get().openId) {
        if (focus) set({ focusMs, focusSeq, transcriptLanguage: focus.language });
        else if (focusMs !== get().focusMs) set({ focusMs });
        return;
      }
      if (id === null) {
        requestSeq += 1;
        set({
          openId: null,
          detail: null,
          loading: false,
          error: null,
          raw: {},
          focusMs: null,
          transcriptLanguage: undefined,
          untagged: null,
        });
        return;
      }
      set({ openId: id, raw: {}, focusMs, focusSeq, transcriptLanguage: focus ? focus.language : undefined, untagged: null });
      void fetchDetail(id);
    },

    showTranscript(language) {
      set({ transcriptLanguage: language });
    },

    async reload() {
      const id = get().openId;
      if (id !== null) await fetchDetail(id);
    },

    async loadRaw(responseId) {
      const current = get().raw[responseId];
      if (current?.status === 'loading' || current?.status === 'loaded') return;
      set({ raw: { ...get().raw, [responseId]: { status: 'loading' } } });
      let next: RawState;
      try {
        next = { status: 'loaded', value: await bridge.call('items.raw', { responseId }) };
      } catch (error) {
        next = { status: 'error', message: errorText(error, 'load the raw response') };
      }
      set({ raw: { ...get().raw, [responseId]: next } });
    },

    async saveNote(body) {
      const id = get().openId;
      if (id === null) return 'No item is open.';
      try {
        const detail = await bridge.call('items.setNote', { itemId: id, body, ...expectedNote(id, null) });
        useNoteDraftsStore.getState().saved(id, null, body);
        if (get().openId === id) set({ detail });
        libraryChanged({ itemIds: [id], by: 'item-detail' });
        return null;
      } catch (error) {
        if (isGleanerError(error) && error.code === 'CONFLICT') {
          // Shows the note as it is now; the typed text stays, and a second save replaces it knowingly.
          await fetchDetail(id);
          const now = get().openId === id ? get().detail?.notes.find((n) => n.collection === null)?.body : undefined;
          useNoteDraftsStore.getState().rebase(id, null, now ?? '');
        }
        return errorText(error, 'save the note');
      }
    },

    async addTag(tag) {
      const id = get().openId;
      if (id === null) return 'No item is open.';
      set({ untagged: null });
      try {
        await bridge.call('items.tag', { itemIds: [id], tag });
        await fetchDetail(id);
        libraryChanged({ itemIds: [id], by: 'item-detail' });
        return null;
      } catch (error) {
        return errorText(error, 'add the tag');
      }
    },

    async removeTag(tag, collection) {
      const id = get().openId;
      if (id === null) return 'No item is open.';
      set({ untagged: null });
      try {
        const { untagged } = await bridge.call('items.untag', { itemIds: [id], tag, ...(collection === null ? {} : { collection }) });
        if (untagged > 0) set({ untagged: { itemId: id, tag, collection } });
        await fetchDetail(id);
        libraryChanged({ itemIds: [id], by: 'item-detail' });
        return null;
      } catch (error) {
        return errorText(error, 'remove the tag');
      }
    },

    untagged: null,

    async undoUntag() {
      const untagged = get().untagged;
      if (!untagged || untagged.itemId !== get().openId) return null;
      const { itemId, tag, collection } = untagged;
      try {
        await bridge.call('items.tag', { itemIds: [itemId], tag, ...(collection === null ? {} : { collection }) });
        set({ untagged: null });
        await fetchDetail(itemId);
        libraryChanged({ itemIds: [itemId], by: 'item-detail' });
        return null;
      } catch (error) {
        return errorText(error, 'give the tag back');
      }
    },
  };
});

// A note or tag of the open item changed elsewhere (its row in a collection, the bulk bar): show it.
onLibraryChanged((change) => {
  const { openId, reload } = useItemStore.getState();
  if (openId !== null && concerns(change, 'item-detail', (itemId) => itemId === openId)) void reload();
});

// An item that could not be opened while the queue was stuck is tried again once it runs again.
onQueueRecovered(() => {
  const { error, reload } = useItemStore.getState();
  if (error !== null) void reload();
});
