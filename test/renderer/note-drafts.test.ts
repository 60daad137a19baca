/** Unsaved notes: kept by item and scope until saved or discarded, whatever the user opens meanwhile. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeLibraryBridge, ITEM_IDS } from './fake-library-bridge';
import { sharedStorage } from './fake-storage';
import type * as DraftsModule from '../../src/renderer/src/stores/note-drafts-store';

const library = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeLibraryBridge> | null }));
vi.mock('../../src/renderer/src/transport', () => ({
  bridge: { call: (method: string, input: unknown) => library.current!.bridge.call(method, input), subscribe: () => () => {} },
}));

const { noteField, useNoteDraftsStore } = await import('../../src/renderer/src/stores/note-drafts-store');
const { useItemStore } = await import('../../src/renderer/src/stores/item-store');
const { useOpenCollectionStore } = await import('../../src/renderer/src/views/collections/open-collection-store');

const drafts = () => useNoteDraftsStore.getState();
const bridge = { call: (method: string, input: unknown) => library.current!.bridge.call(method, input) };

beforeEach(() => {
  useNoteDraftsStore.setState({ drafts: {} });
});

describe('the note drafts store', () => {
  it('keeps a draft per item and per scope, and none for text equal to the saved note', () => {
    drafts().edit(1, null, 'library-wide words', '');
    drafts().edit(1, 'Story', 'words for the story', 'saved before');
    drafts().edit(2, null, 'same as saved', 'same as saved');
    expect(Object.values(drafts().drafts)).toEqual([
      { itemId: 1, collection: null, text: 'library-wide words', base: '' },
      { itemId: 1, collection: 'Story', text: 'words for the story', base: 'saved before' },
    ]);
    // Typing back to the saved text is no longer a draft.
    drafts().edit(1, 'Story', 'saved before', 'saved before');
    expect(Object.keys(drafts().drafts)).toHaveLength(1);
    drafts().discard(1, null);
    expect(drafts().drafts).toEqual({});
  });

  /** A fresh copy of the store, as a new window (or tab) loads it. */
  async function newWindow(): Promise<typeof DraftsModule> {
    vi.resetModules();
    return import('../../src/renderer/src/stores/note-drafts-store');
  }
  const libraryPath = '/home/reporter/.config/Gleaner/gleaner.sqlite3';

  it('outlives a restart in local storage, kept per library and read only once the library is known', async () => {
    const stored = sharedStorage();
    vi.stubGlobal('localStorage', stored);
    try {
      const before = await newWindow();
      before.keepDraftsFor(libraryPath);
      before.useNoteDraftsStore.getState().edit(3, 'Story', 'half a thought', '');
      expect([...stored.entries.values()].map((value) => JSON.parse(value))).toEqual([
        { itemId: 3, collection: 'Story', text: 'half a thought', base: '' },
      ]);

      // The app starts again: nothing shows before it knows which library is open.
      const after = await newWindow();
      expect(after.useNoteDraftsStore.getState().drafts).toEqual({});
      after.keepDraftsFor('/elsewhere/gleaner.sqlite3');
      expect(after.useNoteDraftsStore.getState().drafts).toEqual({});
      after.keepDraftsFor(libraryPath);
      expect(Object.values(after.useNoteDraftsStore.getState().drafts)).toEqual([
        { itemId: 3, collection: 'Story', text: 'half a thought', base: '' },
      ]);
      // Saving it takes its entry away.
      after.useNoteDraftsStore.getState().saved(3, 'Story', 'half a thought');
      expect(stored.entries.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it('keeps the drafts of two tabs typing notes for different items, and shows each tab the other’s', async () => {
    const stored = sharedStorage();
    const windows = new EventTarget();
    vi.stubGlobal('localStorage', stored);
    vi.stubGlobal('window', windows);
    // The browser tells every other tab of an entry changed: here, both tabs share one target.
    const tellOthers = (key: string | null, newValue: string | null): void =>
      void windows.dispatchEvent(Object.assign(new Event('storage'), { key, newValue, storageArea: stored }));
    try {
      const first = await newWindow();
      first.keepDraftsFor(libraryPath);
      const second = await newWindow();
      second.keepDraftsFor(libraryPath);

      first.useNoteDraftsStore.getState().edit(1, null, 'typed in the first tab', '');
      second.useNoteDraftsStore.getState().edit(2, 'Story', 'typed in the second tab', '');
      // Both survive: each tab wrote only its own draft (one shared entry used to keep the last tab's set).
      const restarted = await newWindow();
      restarted.keepDraftsFor(libraryPath);
      expect(
        Object.values(restarted.useNoteDraftsStore.getState().drafts)
          .map((d) => d.text)
          .sort(),
      ).toEqual(['typed in the first tab', 'typed in the second tab']);

      // Told of the other tab's typing, a tab shows it; told of a discard, it drops it; told of a clear, it rereads.
      const [entry, value] = [...stored.entries].find(([, v]) => v.includes('second tab'))!;
      tellOthers(entry, value);
      expect(first.useNoteDraftsStore.getState().drafts['[2,"Story"]']?.text).toBe('typed in the second tab');
      second.useNoteDraftsStore.getState().discard(2, 'Story');
      tellOthers(entry, null);
      expect(Object.keys(first.useNoteDraftsStore.getState().drafts)).toEqual(['[1,null]']);
      stored.clear();
      tellOthers(null, null);
      expect(first.useNoteDraftsStore.getState().drafts).toEqual({});
      // Applying another tab's change writes nothing back.
      expect(stored.entries.size).toBe(0);
      // Another library's entries and entries that are not drafts are none of its business.
      tellOthers(`gleaner.note-draft:${JSON.stringify('/elsewhere')}[5,null]`, JSON.stringify({ itemId: 5, collection: null, text: 'x' }));
      tellOthers(`gleaner.note-draft:${JSON.stringify(libraryPath)}[6,null]`, '{not json');
      expect(first.useNoteDraftsStore.getState().drafts).toEqual({});
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it('moves drafts an older Gleaner kept in one entry to their own entries, and skips damaged ones', async () => {
    const stored = sharedStorage();
    stored.setItem(
      `gleaner.note-drafts:${libraryPath}`,
      JSON.stringify({
        state: { drafts: { '[7,null]': { itemId: 7, collection: null, text: 'from before' }, '[8,null]': { itemId: 'eight', text: 1 } } },
        version: 1,
      }),
    );
    stored.setItem(
      `gleaner.note-draft:${JSON.stringify(libraryPath)}[9,null]`,
      JSON.stringify({ itemId: 10, collection: null, text: 'under the wrong key' }),
    );
    vi.stubGlobal('localStorage', stored);
    try {
      const drafts = await newWindow();
      drafts.keepDraftsFor(libraryPath);
      expect(Object.values(drafts.useNoteDraftsStore.getState().drafts)).toEqual([{ itemId: 7, collection: null, text: 'from before' }]);
      expect(stored.getItem(`gleaner.note-drafts:${libraryPath}`)).toBeNull();
      expect(JSON.parse(stored.getItem(`gleaner.note-draft:${JSON.stringify(libraryPath)}[7,null]`)!)).toEqual({
        itemId: 7,
        collection: null,
        text: 'from before',
      });
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it('remembers the saved note the typing began from, until the user is shown a newer one', () => {
    drafts().edit(3, null, 'first words', 'as it was');
    // The view shows a note saved elsewhere meanwhile, and typing goes on: still from what was seen first.
    drafts().edit(3, null, 'first words and more', 'changed elsewhere');
    expect(drafts().drafts['[3,null]']).toMatchObject({ text: 'first words and more', base: 'as it was' });
    drafts().rebase(3, null, 'changed elsewhere');
    expect(drafts().drafts['[3,null]']).toMatchObject({ text: 'first words and more', base: 'changed elsewhere' });
    // A draft kept by an older Gleaner has no base: its save expects nothing.
    useNoteDraftsStore.setState({ drafts: { '[4,null]': { itemId: 4, collection: null, text: 'old draft' } } });
    drafts().edit(4, null, 'old draft, edited', 'whatever');
    expect(drafts().drafts['[4,null]']).toMatchObject({ base: 'whatever' });
  });

  it('forgets a draft once saved, unless typing went on while it saved', () => {
    drafts().edit(1, null, 'first', '');
    drafts().edit(1, null, 'first and more', '');
    drafts().saved(1, null, 'first');
    expect(Object.values(drafts().drafts).map((d) => d.text)).toEqual(['first and more']);
    drafts().saved(1, null, 'first and more');
    expect(drafts().drafts).toEqual({});
  });

  it('follows a renamed collection, and a deleted one hands its drafts over for an undo', () => {
    drafts().edit(1, 'Old', 'a', '');
    drafts().edit(2, 'Old', 'b', '');
    drafts().edit(2, 'Other', 'c', '');
    drafts().renameCollection('Old', 'New');
    expect(Object.values(drafts().drafts).map((d) => [d.collection, d.text])).toEqual([
      ['Other', 'c'],
      ['New', 'a'],
      ['New', 'b'],
    ]);
    const taken = drafts().takeCollection('New');
    expect(taken.map((d) => d.text)).toEqual(['a', 'b']);
    expect(Object.values(drafts().drafts).map((d) => d.text)).toEqual(['c']);
    drafts().restore(taken);
    expect(Object.values(drafts().drafts)).toHaveLength(3);
  });

  it('shows the draft in the field when there is one, marked dirty while it differs', () => {
    expect(noteField(undefined, 'saved')).toEqual({ value: 'saved', dirty: false });
    expect(noteField('typed', 'saved')).toEqual({ value: 'typed', dirty: true });
    expect(noteField('', 'saved')).toEqual({ value: '', dirty: true });
    expect(noteField('saved', 'saved')).toEqual({ value: 'saved', dirty: false });
  });
});

describe('saving a drafted note', () => {
  const ids = ITEM_IDS;
  beforeEach(() => {
    library.current = createFakeLibraryBridge();
  });
  afterEach(async () => {
    useItemStore.getState().open(null);
    await useOpenCollectionStore.getState().open(null);
  });

  it('in the item detail stores it and settles the draft; another item’s draft stays', async () => {
    drafts().edit(ids[0]!, null, 'Call the harbour master', '');
    drafts().edit(ids[1]!, null, 'Still typing this one', '');
    useItemStore.getState().open(ids[0]!);
    expect(await useItemStore.getState().saveNote('Call the harbour master')).toBeNull();
    expect(useItemStore.getState().detail?.notes).toMatchObject([{ collection: null, body: 'Call the harbour master' }]);
    expect(Object.values(drafts().drafts)).toMatchObject([{ itemId: ids[1], collection: null, text: 'Still typing this one' }]);
  });

  it('in a collection row stores it in that collection and settles the draft; a failed save keeps it', async () => {
    await bridge.call('collections.create', { name: 'Harbour story' });
    await bridge.call('collections.add', { name: 'Harbour story', itemIds: ids });
    await useOpenCollectionStore.getState().open('Harbour story');
    drafts().edit(ids[0]!, 'Harbour story', 'Ask about the tide gauge', '');
    expect(await useOpenCollectionStore.getState().setNote(ids[0]!, 'Ask about the tide gauge')).toBeNull();
    expect(useOpenCollectionStore.getState().items[0]).toMatchObject({ id: ids[0], note: 'Ask about the tide gauge' });
    expect(drafts().drafts).toEqual({});

    drafts().edit(ids[1]!, 'Harbour story', 'x'.repeat(100_001), '');
    expect(await useOpenCollectionStore.getState().setNote(ids[1]!, 'x'.repeat(100_001))).toMatch(/Could not save the note/);
    expect(Object.values(drafts().drafts)).toHaveLength(1);
  });

  it('moves with a renamed collection and comes back with an undone deletion', async () => {
    await bridge.call('collections.create', { name: 'Tide' });
    await bridge.call('collections.add', { name: 'Tide', itemIds: [ids[0]] });
    await useOpenCollectionStore.getState().open('Tide');
    drafts().edit(ids[0]!, 'Tide', 'half-typed', '');
    await bridge.call('collections.rename', { name: 'Tide', newName: 'Tides' });
    useOpenCollectionStore.getState().renamed('Tides');
    expect(Object.values(drafts().drafts)).toMatchObject([{ itemId: ids[0], collection: 'Tides', text: 'half-typed' }]);

    expect(await useOpenCollectionStore.getState().deleteOpen()).toBeNull();
    expect(drafts().drafts).toEqual({});
    expect(await useOpenCollectionStore.getState().undoDelete()).toBeNull();
    expect(Object.values(drafts().drafts)).toMatchObject([{ itemId: ids[0], collection: 'Tides', text: 'half-typed' }]);
  });
});
