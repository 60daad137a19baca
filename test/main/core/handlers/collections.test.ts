import { describe, expect, it } from 'vitest';
import { coreWithTwoVideos } from './two-videos';

const { ids: itemIds, call } = coreWithTwoVideos();

describe('collections.*', () => {
  it('creates, fills, moves, renames, lists, empties and deletes', async () => {
    expect(await call('collections.create', { name: 'Water' })).toMatchObject({ ok: true, value: { name: 'Water', itemCount: 0 } });
    expect(await call('collections.add', { name: 'Water', itemIds: itemIds() })).toEqual({ ok: true, value: { added: 2 } });
    expect(await call('collections.move', { name: 'Water', itemId: itemIds()[1], delta: -1 })).toEqual({
      ok: true,
      value: { position: 1, total: 2 },
    });
    expect(await call('collections.items', { name: 'Water' })).toMatchObject({
      ok: true,
      value: { items: [{ id: itemIds()[1] }, { id: itemIds()[0] }] },
    });
    expect(await call('collections.rename', { name: 'Water', newName: 'Water story' })).toMatchObject({
      ok: true,
      value: [{ name: 'Water story', itemCount: 2 }],
    });
    expect(await call('collections.list', {})).toMatchObject({ ok: true, value: [{ name: 'Water story' }] });
    const removed = await call('collections.remove', { name: 'Water story', itemIds: [itemIds()[0]] });
    expect(removed).toMatchObject({
      ok: true,
      value: { removed: 1, places: [{ itemId: itemIds()[0], position: expect.any(Number), addedAt: expect.any(String) }] },
    });
    expect(
      await call('collections.putBack', { name: 'Water story', places: [{ itemId: itemIds()[0], position: 1, addedAt: 'yesterday' }] }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(
      await call('collections.putBack', { name: 'Water story', places: (removed as { value: { places: unknown[] } }).value.places }),
    ).toEqual({ ok: true, value: { restored: 1 } });
    expect(await call('collections.remove', { name: 'Water story', itemIds: [itemIds()[0]] })).toMatchObject({
      ok: true,
      value: { removed: 1 },
    });
    expect(await call('collections.items', { name: 'Water story' })).toMatchObject({ ok: true, value: { items: [{ id: itemIds()[1] }] } });
    await call('items.tag', { itemIds: [itemIds()[1]], tag: 'dry' });
    await call('items.tag', { itemIds: [itemIds()[1]], tag: 'dry', collection: 'Water story' });
    expect(await call('collections.items', { name: 'Water story' })).toMatchObject({
      ok: true,
      value: {
        items: [
          {
            tags: [
              { collection: null, tag: 'dry' },
              { collection: 'Water story', tag: 'dry' },
            ],
          },
        ],
      },
    });
    // Only the rows asked for, of those still in the collection (a view refreshing what it changed).
    expect(await call('collections.items', { name: 'Water story', itemIds: [itemIds()[1], itemIds()[0]] })).toMatchObject({
      ok: true,
      value: { items: [{ id: itemIds()[1] }] },
    });
    expect(await call('collections.items', { name: 'Water story', itemIds: [itemIds()[0]] })).toMatchObject({
      ok: true,
      value: { items: [] },
    });
    // What went with it, for an undo: the order, the notes and only its own tags.
    expect(await call('collections.delete', { name: 'Water story' })).toEqual({
      ok: true,
      value: {
        items: 1,
        contents: {
          name: 'Water story',
          itemIds: [itemIds()[1]],
          addedAt: ['2026-01-02T03:04:05.000Z'],
          notes: [],
          tags: { dry: [itemIds()[1]] },
          waitingJobIds: [],
        },
      },
    });
    expect(await call('library.search', {})).toMatchObject({ ok: true, value: { total: 2 } });
  });

  it('rejects empty names and unknown collections clearly', async () => {
    expect(await call('collections.create', { name: '   ' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await call('collections.items', { name: 'Nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call('collections.add', { name: 'Nope', itemIds: 'all' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
