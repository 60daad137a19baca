/**
 * Notes typed but not saved yet, by item and by where the note belongs (library-wide, or one
 * collection). The note forms keep their text here, not in component state, so opening another
 * item or switching view never throws typed words away: they are there again when the item is
 * shown, marked unsaved, until the user saves or discards them. Writing stays an explicit
 * "Save note", as everywhere else in Gleaner; only the typing is kept.
 *
 * Drafts also outlive the window: each one is kept in the renderer's local storage under an entry
 * of its own, named by library (database file), item and scope. So quitting the desktop app or
 * reloading the page loses no words, another library's item with the same id never shows them,
 * and two tabs typing notes for different items never overwrite each other's drafts (one entry
 * for all drafts did: each tab wrote its own whole set). A draft typed in one tab shows in the
 * others as it is typed.
 */
import { create } from 'zustand';
import { pageStorage, writeEntry } from '../lib/page-storage';

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

export const useNoteDraftsStore = create<NoteDraftsState>()((set, get) => {
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
});

/** Names of the local-storage entries: one per draft, and the single entry older versions kept. */
const DRAFT_ENTRY = 'gleaner.note-draft:';
const OLD_DRAFTS_ENTRY = 'gleaner.note-drafts:';
const entryOf = (library: string, key: string): string => `${DRAFT_ENTRY}${JSON.stringify(library)}${key}`;

/** The library whose drafts are kept, once known; until then drafts live in memory only. */
let keptFor: string | null = null;
/** Set while a change read from storage is applied, so it is not written straight back. */
let applyingStored = false;

/** A draft read from storage, or null when the entry is not one (edited by hand, or damaged). */
function readDraft(value: string | null): NoteDraft | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { itemId, collection, text, base } = parsed as Record<string, unknown>;
    if (!Number.isSafeInteger(itemId) || (itemId as number) <= 0) return null;
    if (collection !== null && typeof collection !== 'string') return null;
    if (typeof text !== 'string' || (base !== undefined && typeof base !== 'string')) return null;
    return { itemId: itemId as number, collection, text, ...(base === undefined ? {} : { base }) };
  } catch {
    return null;
  }
}

/** The draft's key within this library when the entry is one of its drafts, else null. */
function draftKeyOf(entry: string, library: string): string | null {
  const prefix = `${DRAFT_ENTRY}${JSON.stringify(library)}`;
  return entry.startsWith(prefix) ? entry.slice(prefix.length) : null;
}

/** Every draft this library has in storage, with those an older version kept in one entry moved to their own. */
function readStoredDrafts(store: Storage, library: string): Record<string, NoteDraft> {
  const found: Record<string, NoteDraft> = {};
  for (let index = 0; index < store.length; index += 1) {
    const entry = store.key(index);
    const key = entry === null ? null : draftKeyOf(entry, library);
    const draft = key === null ? null : readDraft(store.getItem(entry!));
    if (draft && key === keyOf(draft.itemId, draft.collection)) found[key] = draft;
  }
  const old = store.getItem(OLD_DRAFTS_ENTRY + library);
  if (old !== null) {
    let oldDrafts: unknown;
    try {
      oldDrafts = (JSON.parse(old) as { state?: { drafts?: unknown } } | null)?.state?.drafts;
    } catch {
      oldDrafts = null;
    }
    for (const value of Object.values(typeof oldDrafts === 'object' && oldDrafts !== null ? oldDrafts : {})) {
      const draft = readDraft(JSON.stringify(value));
      const key = draft && keyOf(draft.itemId, draft.collection);
      if (draft && key && !(key in found)) {
        found[key] = draft;
        writeEntry(store, entryOf(library, key), JSON.stringify(draft));
      }
    }
    store.removeItem(OLD_DRAFTS_ENTRY + library);
  }
  return found;
}

// Every change to the drafts is written to the entries of the drafts it touched, and only those.
useNoteDraftsStore.subscribe((state, previous) => {
  const store = pageStorage();
  if (keptFor === null || store === null || applyingStored || state.drafts === previous.drafts) return;
  for (const [key, draft] of Object.entries(state.drafts)) {
    // A full storage keeps the draft in memory only, where the field still shows it.
    if (previous.drafts[key] !== draft) writeEntry(store, entryOf(keptFor, key), JSON.stringify(draft));
  }
  for (const key of Object.keys(previous.drafts)) {
    if (!(key in state.drafts)) store.removeItem(entryOf(keptFor, key));
  }
});

function applyStored(drafts: Record<string, NoteDraft>): void {
  applyingStored = true;
  try {
    useNoteDraftsStore.setState({ drafts });
  } finally {
    applyingStored = false;
  }
}

/** Another tab of this library changed a draft: this one shows it too. */
function onStorageEvent(event: StorageEvent): void {
  const store = pageStorage();
  if (keptFor === null || store === null || event.storageArea !== store) return;
  if (event.key === null) {
    applyStored(readStoredDrafts(store, keptFor));
    return;
  }
  const key = draftKeyOf(event.key, keptFor);
  if (key === null) return;
  const draft = readDraft(event.newValue);
  const { [key]: _gone, ...others } = useNoteDraftsStore.getState().drafts;
  applyStored(draft && key === keyOf(draft.itemId, draft.collection) ? { ...others, [key]: draft } : others);
}

let listening = false;

/** Keeps drafts under this library's own entries, and brings back those left there last time. */
export function keepDraftsFor(databasePath: string): void {
  keptFor = databasePath;
  const store = pageStorage();
  applyStored(store === null ? {} : readStoredDrafts(store, databasePath));
  if (!listening && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorageEvent);
    listening = true;
  }
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
