/**
 * The Collections view's store over a real core: a long collection is read a page at a time
 * (never whole), moves and removals keep the rows shown right, a search within it pages too,
 * and a deleted collection comes back whole with its order, notes and tags.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GleanerError } from '../../src/shared/errors';
import { createTestCore, type TestCore } from '../helpers/core';
import { manyVideosResponse } from '../helpers/library';

const core = vi.hoisted(() => ({
  current: null as TestCore | null,
  calls: [] as { method: string; input: Record<string, unknown> }[],
  slowQuery: null as string | null,
}));
vi.mock('../../src/renderer/src/transport', () => ({
  bridge: {
    // As the real transports do: the envelope unwrapped into a value or a GleanerError.
    async call(method: string, input: Record<string, unknown>) {
      core.calls.push({ method, input });
      // An answer that comes late: a search the user has already typed past.
      if (input.query !== undefined && input.query === core.slowQuery) await new Promise((resolve) => setTimeout(resolve, 50));
      const envelope = await core.current!.core.dispatch(method, input);
      if (!envelope.ok) throw new GleanerError(envelope.error.code, envelope.error.message);
      return envelope.value;
    },
    subscribe: () => () => {},
  },
}));

const { COLLECTION_PAGE, useOpenCollectionStore } = await import('../../src/renderer/src/views/collections/open-collection-store');

const COUNT = 450;
const PORT = 'Port';
let ids: number[];

const store = () => useOpenCollectionStore.getState();
const shown = () => store().items.map((item) => item.id);
const reads = () => core.calls.filter((call) => call.method === 'collections.items').map((call) => call.input);
const dispatch = async (method: string, input: unknown) => {
  const envelope = await core.current!.core.dispatch(method, input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value;
};

beforeEach(async () => {
  core.current = createTestCore();
  ids = core.current.core.context.ingest(manyVideosResponse(COUNT)).itemIds;
  await dispatch('collections.create', { name: PORT });
  await dispatch('collections.add', { name: PORT, itemIds: ids });
  core.calls = [];
  core.slowQuery = null;
  await store().open(PORT);
});

afterEach(async () => {
  await store().open(null);
  await core.current?.dispose();
});

describe('a long open collection', () => {
  it('reads its first page only, and knows how many there are', () => {
    expect(COLLECTION_PAGE).toBeLessThan(COUNT);
    expect(reads()).toEqual([{ name: PORT, offset: 0, limit: COLLECTION_PAGE }]);
    expect(shown()).toEqual(ids.slice(0, COLLECTION_PAGE));
    expect(store()).toMatchObject({ total: COUNT, count: COUNT, loading: false, error: null });
  });

  it('shows more a page at a time, numbered by place, until all are shown', async () => {
    await store().showMore();
    await store().showMore();
    expect(shown()).toEqual(ids);
    expect(store().items.map((item) => item.position)).toEqual(ids.map((_, index) => index + 1));
    const before = reads().length;
    await store().showMore();
    expect(reads()).toHaveLength(before);
  });

  it('moves an item, says where it went, and shows the order the library holds', async () => {
    await store().move(ids[0]!, 1);
    expect(store().message).toBe('Moved to position 2 of 450.');
    expect(shown().slice(0, 3)).toEqual([ids[1], ids[0], ids[2]]);
    // The last row shown moves past the rows read: the library's order decides.
    const last = ids[COLLECTION_PAGE - 1]!;
    await store().move(last, 1);
    expect(store().message).toBe(`Moved to position ${COLLECTION_PAGE + 1} of 450.`);
    expect(shown()).toHaveLength(COLLECTION_PAGE);
    expect(shown().at(-1)).toBe(ids[COLLECTION_PAGE]);
    expect(core.calls.filter((call) => call.method === 'collections.move').map((call) => call.input)).toEqual([
      { name: PORT, itemId: ids[0], delta: 1 },
      { name: PORT, itemId: last, delta: 1 },
    ]);
    // No call sent the whole order.
    expect(core.calls.some((call) => call.method === 'collections.reorder')).toBe(false);
  });

  it('after a removal, counts one fewer and brings the next row up; Undo puts it back in its place', async () => {
    await store().removeItem(ids[3]!, 'Item four');
    expect(store()).toMatchObject({ count: COUNT - 1, total: COUNT - 1 });
    expect(shown()).toHaveLength(COLLECTION_PAGE);
    expect(shown()).not.toContain(ids[3]);
    expect(shown().at(-1)).toBe(ids[COLLECTION_PAGE]);
    expect(store().removed).toMatchObject({ collection: PORT, label: 'Item four', places: [{ itemId: ids[3] }] });
    expect(await store().undoRemove()).toBeNull();
    expect(store()).toMatchObject({ count: COUNT, total: COUNT, removed: null, message: '“Item four” is back in its place.' });
    expect(shown().slice(0, 5)).toEqual(ids.slice(0, 5));
  });

  it('searches within it a page at a time, each match keeping its place, and clears back to the order', async () => {
    await store().search('harbour');
    expect(store()).toMatchObject({ total: COUNT / 10, count: COUNT, searchError: null });
    expect(
      store()
        .items.slice(0, 2)
        .map((item) => [item.id, item.position]),
    ).toEqual([
      [ids[0], 1],
      [ids[10], 11],
    ]);
    expect(store().searchedFor).toBe('harbour');
    await store().search('"harbour');
    expect(store().searchError).toMatch(/quotation mark/);
    // The rows and their count are still the last search's, and say so: the view shows no count for this one.
    expect(store().searchedFor).toBe('harbour');
    await store().search('');
    expect(store()).toMatchObject({ total: COUNT, searchError: null });
    expect(shown()).toEqual(ids.slice(0, COLLECTION_PAGE));
  });

  it('keeps the answer of the latest search when an earlier one comes back last', async () => {
    core.slowQuery = 'weather';
    const first = store().search('weather');
    const second = store().search('harbour');
    await Promise.all([first, second]);
    expect(store().total).toBe(COUNT / 10);
  });

  it('does not let a row’s late refresh for an earlier search take the row out of the rows read since', async () => {
    expect(await store().setNote(ids[1]!, 'Ask about the tide')).toBeNull();
    await store().search('tide');
    expect(shown()).toEqual([ids[1]]);
    // The note changes so that the search no longer finds the row; its refresh answers late,
    // after the search has been cleared and the whole order read again.
    core.slowQuery = 'tide';
    const saving = store().setNote(ids[1]!, 'Ask about the weather');
    await vi.waitFor(() =>
      expect(
        core.calls.some((call) => call.method === 'collections.items' && call.input.query === 'tide' && call.input.itemIds !== undefined),
      ).toBe(true),
    );
    await store().search('');
    await saving;
    expect(shown()).toEqual(ids.slice(0, COLLECTION_PAGE));
    expect(store().total).toBe(COUNT);
  });

  it('comes back whole after a delete and an undo: order, notes and its own tags', async () => {
    await store().move(ids[5]!, -5);
    expect(await store().setNote(ids[7]!, 'Ask the harbour master')).toBeNull();
    expect(await store().addTag(ids[8]!, 'check')).toBeNull();
    await store().showMore();
    await store().showMore();
    const before = store().items.map(({ id, position, note, tags }) => ({ id, position, note, tags }));

    expect(await store().deleteOpen()).toBeNull();
    expect(store()).toMatchObject({ name: null, deleted: { name: PORT, itemIds: before.map((row) => row.id) } });
    expect(await store().undoDelete()).toBeNull();
    await store().showMore();
    await store().showMore();
    expect(store().items.map(({ id, position, note, tags }) => ({ id, position, note, tags }))).toEqual(before);
    expect(store().deleted).toBeNull();
  });
});
