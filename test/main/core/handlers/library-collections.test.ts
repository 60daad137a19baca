import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { fakeResponse, item } from '../../../helpers/library';

let testCore: TestCore;
let ids: number[];

beforeEach(() => {
  testCore = createTestCore();
  // Stored through the real ingest path, with the real videosite normaliser.
  const data = {
    videos: [
      {
        type: 'video',
        id: 'aaaaaaaaaa1',
        url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1',
        title: 'Harbour flooding explained',
        channel: { id: 'UC1', title: 'Port News', handle: '@portnews' },
        viewCountInt: 1200,
      },
      {
        type: 'video',
        id: 'bbbbbbbbbb2',
        url: 'https://www.youtube.com/watch?v=bbbbbbbbbb2',
        title: 'Dry summer in Spain',
        channel: { id: 'UC2', title: 'Iberia', handle: '@iberia' },
        viewCountInt: 90,
      },
    ],
    channels: [],
    playlists: [],
    shorts: [],
    continuationToken: 'x',
  };
  ids = testCore.core.context.ingest(fakeResponse('videosite/search', data, { params: { query: 'water' } })).itemIds;
  void item;
});
afterEach(async () => testCore.dispose());

const call = (method: string, input: unknown) => testCore.core.dispatch(method, input);

describe('library.search', () => {
  it('finds stored items and filters them', async () => {
    expect(await call('library.search', { query: 'harbour' })).toMatchObject({
      ok: true,
      value: { total: 1, hits: [{ id: ids[0], title: 'Harbour flooding explained' }] },
    });
    expect(await call('library.search', { platform: 'shortvideo' })).toMatchObject({ ok: true, value: { total: 0 } });
    expect(await call('library.search', { sort: 'views' })).toMatchObject({ ok: true, value: { hits: [{ id: ids[0] }, { id: ids[1] }] } });
  });

  it('narrows to given ids, with or without a query', async () => {
    expect(await call('library.search', { ids: [ids[1]] })).toMatchObject({ ok: true, value: { total: 1, hits: [{ id: ids[1] }] } });
    expect(await call('library.search', { ids: [ids[1]], query: 'harbour' })).toMatchObject({ ok: true, value: { total: 0 } });
    expect(await call('library.search', { ids: [ids[0]], query: 'harbour' })).toMatchObject({ ok: true, value: { total: 1 } });
  });

  it('library.ids gives a stretch of a result by row, and refuses more than one action takes', async () => {
    expect(await call('library.ids', { search: { sort: 'views' }, limit: 10 })).toEqual({ ok: true, value: { ids, total: 2 } });
    expect(await call('library.ids', { search: { sort: 'views' }, offset: 1, limit: 1 })).toEqual({
      ok: true,
      value: { ids: [ids[1]], total: 2 },
    });
    expect(await call('library.ids', { search: { query: 'spain' }, limit: 5 })).toEqual({ ok: true, value: { ids: [ids[1]], total: 1 } });
    for (const [input, message] of [
      [{ search: {}, limit: 100_001 }, /limit/],
      [{ search: {}, limit: 0 }, /limit/],
      [{ search: {} }, /limit/],
      [{ search: { limit: 5 }, limit: 5 }, /limit|unrecognized/i],
      [{ search: { query: '"open' }, limit: 5 }, /quotation mark/],
    ] as const) {
      const envelope = await call('library.ids', input);
      expect(envelope, JSON.stringify(input)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      expect(!envelope.ok && envelope.error.message).toMatch(message);
    }
  });

  it.each([
    [{ ids: [] as number[] }, null],
    [{ ids: [0] }, /ids/],
    [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, /ids/],
    [{ query: '"open' }, /quotation mark/],
    [{ platform: 'myspace' }, /platform/],
    [{ limit: 0 }, /limit/],
    [{ publishedFrom: 'last tuesday' }, /publishedFrom/],
    [{ unknown: true }, /unknown/],
  ])('rejects %j as INVALID_INPUT', async (input, message) => {
    const envelope = await call('library.search', input);
    if (message === null) {
      // An empty id list is a filter that nothing passes, not an error.
      expect(envelope).toMatchObject({ ok: true, value: { total: 0 } });
      return;
    }
    expect(envelope).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(!envelope.ok && envelope.error.message).toMatch(message);
  });
});

describe('items.get / items.raw / items.setNote / items.tag / items.untag', () => {
  it('returns fields, provenance and the raw response exactly as received', async () => {
    const detail = (await call('items.get', { id: ids[0] })) as {
      ok: true;
      value: { item: { authorHandle: string }; provenance: { responseId: number; requestId: string }[] };
    };
    expect(detail.value.item.authorHandle).toBe('@portnews');
    const raw = (await call('items.raw', { responseId: detail.value.provenance[0]!.responseId })) as {
      ok: true;
      value: { body: string; requestId: string };
    };
    expect(JSON.parse(raw.value.body).data.videos[0].id).toBe('aaaaaaaaaa1');
    expect(raw.value.requestId).toBe(detail.value.provenance[0]!.requestId);
  });

  it('sets notes and tags, global or per collection', async () => {
    expect(await call('items.setNote', { itemId: ids[0], body: 'Ask the port authority' })).toMatchObject({
      ok: true,
      value: { notes: [{ collection: null, body: 'Ask the port authority' }] },
    });
    expect(await call('items.tag', { itemIds: ids, tag: 'water' })).toEqual({ ok: true, value: { tagged: 2 } });
    expect(await call('library.search', { tag: 'water' })).toMatchObject({ ok: true, value: { total: 2 } });
    expect(await call('items.tag', { itemIds: [ids[0]], tag: 'Port' })).toEqual({ ok: true, value: { tagged: 1 } });
    expect(await call('tags.list', {})).toEqual({
      ok: true,
      value: [
        { tag: 'Port', itemCount: 1 },
        { tag: 'water', itemCount: 2 },
      ],
    });
    expect(await call('items.untag', { itemIds: [ids[1]], tag: 'water' })).toEqual({ ok: true, value: { untagged: 1 } });
    // Counted, not echoed: a tag that is not there at that level is not reported as removed.
    expect(await call('items.untag', { itemIds: ids, tag: 'water' })).toEqual({ ok: true, value: { untagged: 1 } });
    expect(await call('items.untag', { itemIds: [ids[0]], tag: 'Port', collection: 'Nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await call('library.search', { query: 'authority' })).toMatchObject({
      ok: true,
      value: { hits: [{ id: ids[0], matchedIn: 'note' }] },
    });
  });

  it('answers unknown ids with NOT_FOUND and bad ids with INVALID_INPUT', async () => {
    expect(await call('items.get', { id: 99999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call('items.get', { id: -1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await call('items.raw', { responseId: 99999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call('items.tag', { itemIds: [], tag: 'x' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});

describe('collections.*', () => {
  it('creates, fills, moves, renames, lists, empties and deletes', async () => {
    expect(await call('collections.create', { name: 'Water' })).toMatchObject({ ok: true, value: { name: 'Water', itemCount: 0 } });
    expect(await call('collections.add', { name: 'Water', itemIds: ids })).toEqual({ ok: true, value: { added: 2 } });
    expect(await call('collections.move', { name: 'Water', itemId: ids[1], delta: -1 })).toEqual({
      ok: true,
      value: { position: 1, total: 2 },
    });
    expect(await call('collections.items', { name: 'Water' })).toMatchObject({
      ok: true,
      value: { items: [{ id: ids[1] }, { id: ids[0] }] },
    });
    expect(await call('collections.rename', { name: 'Water', newName: 'Water story' })).toMatchObject({
      ok: true,
      value: [{ name: 'Water story', itemCount: 2 }],
    });
    expect(await call('collections.list', {})).toMatchObject({ ok: true, value: [{ name: 'Water story' }] });
    const removed = await call('collections.remove', { name: 'Water story', itemIds: [ids[0]] });
    expect(removed).toMatchObject({
      ok: true,
      value: { removed: 1, places: [{ itemId: ids[0], position: expect.any(Number), addedAt: expect.any(String) }] },
    });
    expect(
      await call('collections.putBack', { name: 'Water story', places: [{ itemId: ids[0], position: 1, addedAt: 'yesterday' }] }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(
      await call('collections.putBack', { name: 'Water story', places: (removed as { value: { places: unknown[] } }).value.places }),
    ).toEqual({ ok: true, value: { restored: 1 } });
    expect(await call('collections.remove', { name: 'Water story', itemIds: [ids[0]] })).toMatchObject({ ok: true, value: { removed: 1 } });
    expect(await call('collections.items', { name: 'Water story' })).toMatchObject({ ok: true, value: { items: [{ id: ids[1] }] } });
    await call('items.tag', { itemIds: [ids[1]], tag: 'dry' });
    await call('items.tag', { itemIds: [ids[1]], tag: 'dry', collection: 'Water story' });
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
    expect(await call('collections.items', { name: 'Water story', itemIds: [ids[1], ids[0]] })).toMatchObject({
      ok: true,
      value: { items: [{ id: ids[1] }] },
    });
    expect(await call('collections.items', { name: 'Water story', itemIds: [ids[0]] })).toMatchObject({ ok: true, value: { items: [] } });
    // What went with it, for an undo: the order, the notes and only its own tags.
    expect(await call('collections.delete', { name: 'Water story' })).toEqual({
      ok: true,
      value: {
        items: 1,
        contents: {
          name: 'Water story',
          itemIds: [ids[1]],
          addedAt: ['2026-01-02T03:04:05.000Z'],
          notes: [],
          tags: { dry: [ids[1]] },
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
