/**
 * Notes typed but not saved yet, by item and by where the note belongs (library-wide, or one
 * collection). The note forms keep their text here, not in component state, so opening another
 * item or switching view never throws typed words away: they are there again when the item is
 * shown, marked unsaved, until the user saves or discards them. Writing stays an explicit
 * "Save note", as everywhere else in Gleaner; only the typing is kept.
 *
 * Drafts also outlive the window: they are kept in the renderer's local storage, one entry per
 * library (database file), so quitting the desktop app or reloading the page loses no words, and
 * another library's item with the same id never shows them.
 */
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/** Where a note belongs: a collection's name, or null for the item's library-wide note. */
export type NoteScope = string | null;

export interface NoteDraft {
  itemId: number;
  collection: NoteScope;
  text: string;
  /**
   * The saved note the typing began from ('' for none): a save sends it, so a note saved
   * meanwhile elsewhere is not overwritten unseen. Absent in drafts kept by an older Gleaner.
   */
  base?: string;
}

const keyOf = (itemId: number, collection: NoteScope): string => JSON.stringify([itemId, collection]);

interface NoteDraftsState {
  drafts: Readonly<Record<string, NoteDraft>>;
  /** Keeps typed text; text equal to the saved note is no draft. */
  edit(itemId: number, collection: NoteScope, text: string, saved: string): void;
  /** The note was saved elsewhere meanwhile and the user has been shown it: the draft now goes on from it. */
  rebase(itemId: number, collection: NoteScope, saved: string): void;
  /** After a save: forgets the draft if it still holds what was saved (typing may have gone on meanwhile). */
  saved(itemId: number, collection: NoteScope, text: string): void;
  discard(itemId: number, collection: NoteScope): void;
  /** A collection was renamed: its drafts follow it. */
  renameCollection(from: string, to: string): void;
  /** A collection was deleted: takes its drafts out, for an undo to put back. */
  takeCollection(name: string): NoteDraft[];
  restore(drafts: readonly NoteDraft[]): void;
}

/** Where drafts go when the page has no local storage (the unit tests' Node): nowhere lasting. */
function memoryStorage(): StateStorage {
  const items = new Map<string, string>();
  return { getItem: (name) => items.get(name) ?? null, setItem: (name, value) => void items.set(name, value), removeItem: (name) => void items.delete(name) };
}

const DRAFTS_KEY = 'gleaner.note-drafts';

export const useNoteDraftsStore = create<NoteDraftsState>()(
  persist(
    (set, get) => {
  const without = (drop: (draft: NoteDraft) => boolean): Record<string, NoteDraft> =>
    Object.fromEntries(Object.entries(get().drafts).filter(([, draft]) => !drop(draft)));

  return {
    drafts: {},

    edit(itemId, collection, text, saved) {
      const key = keyOf(itemId, collection);
      if (text === saved) {
        if (key in get().drafts) set({ drafts: without((d) => keyOf(d.itemId, d.collection) === key) });
        return;
      }
      set({ drafts: { ...get().drafts, [key]: { itemId, collection, text, base: get().drafts[key]?.base ?? saved } } });
    },

    rebase(itemId, collection, saved) {
      const key = keyOf(itemId, collection);
      const draft = get().drafts[key];
      if (draft) set({ drafts: { ...get().drafts, [key]: { ...draft, base: saved } } });
    },

    saved(itemId, collection, text) {
      if (get().drafts[keyOf(itemId, collection)]?.text === text) get().discard(itemId, collection);
    },

    discard(itemId, collection) {
      const key = keyOf(itemId, collection);
      if (key in get().drafts) set({ drafts: without((d) => keyOf(d.itemId, d.collection) === key) });
    },

    renameCollection(from, to) {
      const moved = Object.values(get().drafts).filter((d) => d.collection === from);
      if (moved.length === 0) return;
      set({ drafts: without((d) => d.collection === from) });
      get().restore(moved.map((d) => ({ ...d, collection: to })));
    },

    takeCollection(name) {
      const taken = Object.values(get().drafts).filter((d) => d.collection === name);
      if (taken.length) set({ drafts: without((d) => d.collection === name) });
      return taken;
    },

    restore(drafts) {
      if (drafts.length === 0) return;
      set({ drafts: { ...get().drafts, ...Object.fromEntries(drafts.map((d) => [keyOf(d.itemId, d.collection), d])) } });
    },
  };
    },
    {
      name: DRAFTS_KEY,
      version: 1,
      storage: createJSONStorage(() => (typeof localStorage === 'undefined' ? memoryStorage() : localStorage)),
      partialize: (state) => ({ drafts: state.drafts }),
      // Read once the library is known (keepDraftsFor), never another library's.
      skipHydration: true,
    },
  ),
);

/** Keeps drafts under this library's own entry, and brings back those left there last time. */
export async function keepDraftsFor(databasePath: string): Promise<void> {
  useNoteDraftsStore.persist.setOptions({ name: `${DRAFTS_KEY}:${databasePath}` });
  await useNoteDraftsStore.persist.rehydrate();
}

/** What a save of this note expects to replace (see NoteDraft.base), when known. */
export function expectedNote(itemId: number, collection: NoteScope): { expected: string } | Record<string, never> {
  const base = useNoteDraftsStore.getState().drafts[keyOf(itemId, collection)]?.base;
  return base === undefined ? {} : { expected: base };
}

/** The unsaved text of a note, or undefined when there is none. */
export function useNoteDraft(itemId: number, collection: NoteScope): string | undefined {
  return useNoteDraftsStore((s) => s.drafts[keyOf(itemId, collection)]?.text);
}

/** What a note field shows: the draft when there is one, else the saved note; dirty when they differ. */
export function noteField(draft: string | undefined, saved: string): { value: string; dirty: boolean } {
  return draft === undefined ? { value: saved, dirty: false } : { value: draft, dirty: draft !== saved };
}

export function hasNoteDrafts(): boolean {
  return Object.keys(useNoteDraftsStore.getState().drafts).length > 0;
}

/**
 * In browser mode, closing or reloading the tab asks first while a note is unsaved. (Not in the
 * desktop window: there an unanswered beforeunload would keep the window from closing at all.)
 */
export function askBeforeLeavingWithDrafts(target: Window): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent): void => {
    if (!hasNoteDrafts()) return;
    event.preventDefault();
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => target.removeEventListener('beforeunload', onBeforeUnload);
}
