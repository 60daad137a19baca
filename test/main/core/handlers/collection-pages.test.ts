/**
 * A long collection over the bridge: read a page at a time in its order, searched within,
 * reordered one item at a time without its order crossing the bridge, deleted with what an undo
 * needs, and brought back in one step.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionContents, CollectionPage } from '../../../../src/shared/library';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { manyVideosResponse } from '../../../helpers/library';

const COUNT = 450;
let testCore: TestCore;
let ids: number[];

beforeEach(async () => {
  testCore = createTestCore();
  ids = testCore.core.context.ingest(manyVideosResponse(COUNT)).itemIds;
  expect(ids).toHaveLength(COUNT);
  await ok('collections.create', { name: 'Port' });
  await ok('collections.add', { name: 'Port', itemIds: ids });
});
afterEach(async () => testCore.dispose());

const call = (method: string, input: unknown) => testCore.core.dispatch(method, input);
async function ok<T>(method: string, input: unknown): Promise<T> {
  const envelope = await call(method, input);
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value as T;
}
const page = (input: Record<string, unknown>) => ok<CollectionPage>('collections.items', { name: 'Port', ...input });
const order = async () => (await page({})).items.map((item) => item.id);

describe('a long collection, a page at a time', () => {
  it('reads a stretch of the order, each row numbered by its place, with the total', async () => {
    const first = await page({ limit: 200 });
    expect(first.total).toBe(COUNT);
    expect(first.collection.itemCount).toBe(COUNT);
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(0, 200));
    expect(first.items.map((item) => item.position)).toEqual(Array.from({ length: 200 }, (_, n) => n + 1));

    const last = await page({ offset: 400, limit: 200 });
    expect(last.items.map((item) => item.id)).toEqual(ids.slice(400));
    expect(last.items[0]!.position).toBe(401);
    expect((await page({ offset: COUNT, limit: 10 })).items).toEqual([]);
    // No limit: all of it, as `gleaner collections show` prints it.
    expect(await order()).toEqual(ids);
  });

  it('numbers rows by place even where removals left gaps in the stored order', async () => {
    await ok('collections.remove', { name: 'Port', itemIds: ids.slice(0, 5) });
    const rows = (await page({ offset: 0, limit: 3 })).items;
    expect(rows.map((row) => [row.id, row.position])).toEqual([
      [ids[5], 1],
      [ids[6], 2],
      [ids[7], 3],
    ]);
  });

  it('reads a page through the order index, without sorting the collection', () => {
    const plan = testCore.core.context.db
      .prepare('EXPLAIN QUERY PLAN SELECT item_id FROM collection_items WHERE collection_id = ? ORDER BY position LIMIT 200 OFFSET 0')
      .all(1)
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(plan).toMatch(/USING (COVERING )?INDEX collection_items_order/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('shows what a search within it finds, in the collection’s order, a page at a time', async () => {
    await ok('collections.move', { name: 'Port', itemId: ids[10], delta: -10 });
    const found = await page({ query: 'harbour', limit: 20 });
    expect(found.total).toBe(COUNT / 10);
    expect(found.collection.itemCount).toBe(COUNT);
    expect(found.items.slice(0, 3).map((row) => [row.id, row.position])).toEqual([
      [ids[10], 1],
      [ids[0], 2],
      [ids[20], 21],
    ]);
    expect((await page({ query: 'harbour', offset: 40, limit: 20 })).items.map((row) => row.id)).toEqual([
      ids[400],
      ids[410],
      ids[420],
      ids[430],
      ids[440],
    ]);
    // A row asked for by id that the search does not find is not there.
    expect((await page({ query: 'harbour', itemIds: [ids[1], ids[20]] })).items.map((row) => row.id)).toEqual([ids[20]]);
    expect(await call('collections.items', { name: 'Port', query: '"harbour' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('refuses a page it cannot read before touching the library', async () => {
    for (const input of [{ limit: 0 }, { limit: 1001 }, { offset: -1 }, { offset: 1.5 }, { query: 'x'.repeat(1001) }]) {
      expect(await call('collections.items', { name: 'Port', ...input })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
  });
});

describe('collections.move', () => {
  it('moves one item by places and says where it now stands, writing only the items it passes', async () => {
    expect(await ok('collections.move', { name: 'Port', itemId: ids[3], delta: -2 })).toEqual({ position: 2, total: COUNT });
    expect((await order()).slice(0, 5)).toEqual([ids[0], ids[3], ids[1], ids[2], ids[4]]);
    expect(await ok('collections.move', { name: 'Port', itemId: ids[3], delta: 1 })).toEqual({ position: 3, total: COUNT });
    expect((await order()).slice(0, 5)).toEqual([ids[0], ids[1], ids[3], ids[2], ids[4]]);
  });

  it('stops at either end, and leaves the order as it was when already there', async () => {
    expect(await ok('collections.move', { name: 'Port', itemId: ids[5], delta: -1_000_000 })).toEqual({ position: 1, total: COUNT });
    expect(await ok('collections.move', { name: 'Port', itemId: ids[5], delta: 1_000_000 })).toEqual({ position: COUNT, total: COUNT });
    expect(await ok('collections.move', { name: 'Port', itemId: ids[5], delta: 3 })).toEqual({ position: COUNT, total: COUNT });
    const now = await order();
    expect(now.at(-1)).toBe(ids[5]);
    expect(now.filter((id) => id !== ids[5])).toEqual(ids.filter((id) => id !== ids[5]));
  });

  it('refuses an item that is not in the collection, and a move of no places', async () => {
    await ok('collections.create', { name: 'Empty' });
    expect(await call('collections.move', { name: 'Empty', itemId: ids[0], delta: 1 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('not in the collection') },
    });
    expect(await call('collections.move', { name: 'Port', itemId: ids[0], delta: 0 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await call('collections.move', { name: 'Nope', itemId: ids[0], delta: 1 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await order()).toEqual(ids);
  });
});

describe('deleting and bringing back', () => {
  it('gives what went with the collection, and restore brings all of it back as it was', async () => {
    await ok('collections.move', { name: 'Port', itemId: ids[449], delta: -449 });
    await ok('items.setNote', { itemId: ids[7], body: 'Call the harbour master', collection: 'Port' });
    await ok('items.setNote', { itemId: ids[8], body: 'Library-wide note stays' });
    await ok('items.tag', { itemIds: [ids[1], ids[2]], tag: 'check', collection: 'Port' });
    await ok('items.tag', { itemIds: [ids[1]], tag: 'everywhere' });
    const before = await page({});

    const { items, contents } = await ok<{ items: number; contents: CollectionContents }>('collections.delete', { name: 'Port' });
    expect(items).toBe(COUNT);
    expect(contents).toEqual({
      name: 'Port',
      itemIds: before.items.map((item) => item.id),
      addedAt: before.items.map((item) => item.addedAt),
      notes: [{ itemId: ids[7], body: 'Call the harbour master' }],
      tags: { check: [ids[1], ids[2]] },
      waitingJobIds: [],
    });
    expect(await call('collections.items', { name: 'Port' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

    expect(await ok('collections.restore', { contents })).toMatchObject({ name: 'Port', itemCount: COUNT });
    const after = await page({});
    const kept = ({ id, position, addedAt, note, tags }: CollectionPage['items'][number]) => ({ id, position, addedAt, note, tags });
    expect(after.items.map(kept)).toEqual(before.items.map(kept));
  });

  it('brings back all or nothing: a name taken meanwhile, or a note on an item the library does not have', async () => {
    const { contents } = await ok<{ contents: CollectionContents }>('collections.delete', { name: 'Port' });
    await ok('collections.create', { name: 'port' });
    expect(await call('collections.restore', { contents })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('already exists') },
    });
    await ok('collections.delete', { name: 'port' });

    const three = { ...contents, itemIds: ids.slice(0, 3), addedAt: contents.addedAt.slice(0, 3) };
    // A note on an item taken out before the delete comes back with the rest; one on an item the library does not have refuses it all.
    const stray = { ...three, notes: [{ itemId: 999_998, body: 'stray' }] };
    expect(await call('collections.restore', { contents: stray })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(
      await call('collections.restore', {
        contents: { ...three, itemIds: [...three.itemIds, 999_999], addedAt: [...three.addedAt, three.addedAt[0]] },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    // One added time for each item, each a time: refused before anything is written.
    expect(await call('collections.restore', { contents: { ...three, addedAt: three.addedAt.slice(1) } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('addedAt') },
    });
    expect(await call('collections.restore', { contents: { ...three, addedAt: ['yesterday', ...three.addedAt.slice(1)] } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await ok('collections.list', {})).toEqual([]);
  });
});
