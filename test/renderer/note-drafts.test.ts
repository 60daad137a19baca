/** Unsaved notes: kept by item and scope until saved or discarded, whatever the user opens meanwhile. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeLibraryBridge, ITEM_IDS } from './fake-library-bridge';

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

  it('outlives a restart in local storage, kept per library and read only once the library is known', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value), removeItem: (key: string) => void stored.delete(key) });
    try {
      const library = '/home/reporter/.config/Gleaner/gleaner.sqlite3';
      vi.resetModules();
      const before = await import('../../src/renderer/src/stores/note-drafts-store');
      await before.keepDraftsFor(library);
      before.useNoteDraftsStore.getState().edit(3, 'Story', 'half a thought', '');
      expect(JSON.parse(stored.get(`gleaner.note-drafts:${library}`)!)).toMatchObject({ state: { drafts: { '[3,"Story"]': { text: 'half a thought' } } } });

      // The app starts again: nothing shows before it knows which library is open.
      vi.resetModules();
      const after = await import('../../src/renderer/src/stores/note-drafts-store');
      expect(after.useNoteDraftsStore.getState().drafts).toEqual({});
      await after.keepDraftsFor('/elsewhere/gleaner.sqlite3');
      expect(after.useNoteDraftsStore.getState().drafts).toEqual({});
      await after.keepDraftsFor(library);
      expect(Object.values(after.useNoteDraftsStore.getState().drafts)).toMatchObject([{ itemId: 3, collection: 'Story', text: 'half a thought' }]);
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
