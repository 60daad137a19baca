/**
 * The item detail and the open collection show the same item's notes and tags: a change made
 * in one shows in the other, and a tag is removed at the level it was added (library-wide or
 * this collection).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeLibraryBridge, ITEM_IDS } from './fake-library-bridge';

const library = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeLibraryBridge> | null }));
vi.mock('../../src/renderer/src/transport', () => ({
  bridge: { call: (method: string, input: unknown) => library.current!.bridge.call(method, input), subscribe: () => () => {} },
}));

const { useItemStore } = await import('../../src/renderer/src/stores/item-store');
const { useOpenCollectionStore } = await import('../../src/renderer/src/views/collections/open-collection-store');
const { libraryChanged } = await import('../../src/renderer/src/lib/library-events');

const bridge = { call: (method: string, input: unknown) => library.current!.bridge.call(method, input) };
const STORY = 'Harbour story';
const ids = ITEM_IDS;

const detail = () => useItemStore.getState().detail;
const row = (id: number) => useOpenCollectionStore.getState().items.find((item) => item.id === id)!;

beforeEach(async () => {
  library.current = createFakeLibraryBridge();
  await bridge.call('collections.create', { name: STORY });
  await bridge.call('collections.add', { name: STORY, itemIds: ids.slice(0, 2) });
  await useOpenCollectionStore.getState().open(STORY);
  useItemStore.getState().open(ids[0]!);
  await vi.waitFor(() => expect(detail()?.item.id).toBe(ids[0]));
});

afterEach(async () => {
  useItemStore.getState().open(null);
  await useOpenCollectionStore.getState().open(null);
});

describe('the open collection and the item detail stay in step', () => {
  it('a tag and a note added in the collection row show in the item detail', async () => {
    expect(await useOpenCollectionStore.getState().addTag(ids[0]!, 'eyewitness')).toBeNull();
    expect(await useOpenCollectionStore.getState().setNote(ids[0]!, 'Check the date')).toBeNull();
    await vi.waitFor(() => {
      expect(detail()?.tags).toEqual([{ collection: STORY, tag: 'eyewitness' }]);
      expect(detail()?.notes).toMatchObject([{ collection: STORY, body: 'Check the date' }]);
    });
  });

  it('a tag added or removed in the item detail shows in the collection row', async () => {
    expect(await useItemStore.getState().addTag('verified')).toBeNull();
    await vi.waitFor(() => expect(row(ids[0]!).tags).toEqual([{ collection: null, tag: 'verified' }]));
    expect(await useItemStore.getState().removeTag('verified', null)).toBeNull();
    await vi.waitFor(() => expect(row(ids[0]!).tags).toEqual([]));
  });

  it('renaming or deleting the collection shows in the item detail’s notes and tags', async () => {
    expect(await useOpenCollectionStore.getState().setNote(ids[0]!, 'Check the date')).toBeNull();
    await vi.waitFor(() => expect(detail()?.notes).toMatchObject([{ collection: STORY }]));
    await bridge.call('collections.rename', { name: STORY, newName: 'Tide story' });
    useOpenCollectionStore.getState().renamed('Tide story');
    await vi.waitFor(() => expect(detail()?.notes).toMatchObject([{ collection: 'Tide story' }]));
    expect(await useOpenCollectionStore.getState().deleteOpen()).toBeNull();
    await vi.waitFor(() => expect(detail()?.notes).toEqual([]));
    expect(await useOpenCollectionStore.getState().undoDelete()).toBeNull();
    await vi.waitFor(() => expect(detail()?.notes).toMatchObject([{ collection: 'Tide story', body: 'Check the date' }]));
  });

  it('a change to another item, or one with no items named, reloads neither', async () => {
    const callsBefore = library.current!.calls.length;
    libraryChanged({ itemIds: [ids[2]!] });
    libraryChanged();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(library.current!.calls.slice(callsBefore)).toEqual([]);
  });
});

describe('a change in a collection row', () => {
  it('reads that row again, not the whole collection', async () => {
    const before = library.current!.calls.length;
    expect(await useOpenCollectionStore.getState().setNote(ids[1]!, 'Call the harbour master')).toBeNull();
    const reads = library
      .current!.calls.slice(before)
      .flatMap((method, index) => (method === 'collections.items' ? [library.current!.inputs[before + index]] : []));
    expect(reads).toEqual([{ name: STORY, itemIds: [ids[1]] }]);
    expect(row(ids[1]!).note).toBe('Call the harbour master');
    expect(row(ids[0]!).note).toBeNull();
    expect(useOpenCollectionStore.getState().items.map((item) => item.id)).toEqual(
      ids.slice(0, useOpenCollectionStore.getState().items.length),
    );
  });
});

describe('removing a tag in a collection row', () => {
  it('removes a library-wide tag library-wide, and says so', async () => {
    await bridge.call('items.tag', { itemIds: [ids[0]], tag: 'verified' });
    await useOpenCollectionStore.getState().reload();
    expect(row(ids[0]!).tags).toEqual([{ collection: null, tag: 'verified' }]);

    expect(await useOpenCollectionStore.getState().removeTag(ids[0]!, { collection: null, tag: 'verified' })).toBeNull();
    expect(useOpenCollectionStore.getState().message).toBe('Library-wide tag “verified” removed from the item everywhere.');
    expect(row(ids[0]!).tags).toEqual([]);
    expect(await bridge.call('items.get', { id: ids[0] })).toMatchObject({ tags: [] });
    // Undo gives it back at its own level, once.
    expect(await useOpenCollectionStore.getState().undoUntag()).toBeNull();
    expect(row(ids[0]!).tags).toEqual([{ collection: null, tag: 'verified' }]);
    expect(useOpenCollectionStore.getState().untagged).toBeNull();
  });

  it('tells a tag held at both levels apart, and removes only the one chosen', async () => {
    await bridge.call('items.tag', { itemIds: [ids[0]], tag: 'eyewitness' });
    await bridge.call('items.tag', { itemIds: [ids[0]], tag: 'eyewitness', collection: STORY });
    await useOpenCollectionStore.getState().reload();
    expect(row(ids[0]!).tags).toEqual([
      { collection: null, tag: 'eyewitness' },
      { collection: STORY, tag: 'eyewitness' },
    ]);

    expect(await useOpenCollectionStore.getState().removeTag(ids[0]!, { collection: STORY, tag: 'eyewitness' })).toBeNull();
    expect(useOpenCollectionStore.getState().message).toBe('Tag “eyewitness” removed.');
    expect(row(ids[0]!).tags).toEqual([{ collection: null, tag: 'eyewitness' }]);
  });

  it('does not claim to have removed a tag that was already gone', async () => {
    expect(await useOpenCollectionStore.getState().removeTag(ids[1]!, { collection: STORY, tag: 'never-there' })).toBeNull();
    expect(useOpenCollectionStore.getState().message).toBe('“never-there” was no longer on this item.');
  });
});
