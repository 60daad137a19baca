import { describe, expect, it } from 'vitest';
import { coreWithTwoVideos } from './two-videos';

const { ids: itemIds, call } = coreWithTwoVideos();

describe('library.search', () => {
  it('finds stored items and filters them', async () => {
    expect(await call('library.search', { query: 'harbour' })).toMatchObject({
      ok: true,
      value: { total: 1, hits: [{ id: itemIds()[0], title: 'Harbour flooding explained' }] },
    });
    expect(await call('library.search', { platform: 'shortvideo' })).toMatchObject({ ok: true, value: { total: 0 } });
    expect(await call('library.search', { sort: 'views' })).toMatchObject({
      ok: true,
      value: { hits: [{ id: itemIds()[0] }, { id: itemIds()[1] }] },
    });
  });

  it('narrows to given ids, with or without a query', async () => {
    expect(await call('library.search', { ids: [itemIds()[1]] })).toMatchObject({
      ok: true,
      value: { total: 1, hits: [{ id: itemIds()[1] }] },
    });
    expect(await call('library.search', { ids: [itemIds()[1]], query: 'harbour' })).toMatchObject({ ok: true, value: { total: 0 } });
    expect(await call('library.search', { ids: [itemIds()[0]], query: 'harbour' })).toMatchObject({ ok: true, value: { total: 1 } });
  });

  it('library.ids gives a stretch of a result by row, and refuses more than one action takes', async () => {
    expect(await call('library.ids', { search: { sort: 'views' }, limit: 10 })).toEqual({ ok: true, value: { ids: itemIds(), total: 2 } });
    expect(await call('library.ids', { search: { sort: 'views' }, offset: 1, limit: 1 })).toEqual({
      ok: true,
      value: { ids: [itemIds()[1]], total: 2 },
    });
    expect(await call('library.ids', { search: { query: 'spain' }, limit: 5 })).toEqual({
      ok: true,
      value: { ids: [itemIds()[1]], total: 1 },
    });
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
    const detail = (await call('items.get', { id: itemIds()[0] })) as {
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
    expect(await call('items.setNote', { itemId: itemIds()[0], body: 'Ask the port authority' })).toMatchObject({
      ok: true,
      value: { notes: [{ collection: null, body: 'Ask the port authority' }] },
    });
    expect(await call('items.tag', { itemIds: itemIds(), tag: 'water' })).toEqual({ ok: true, value: { tagged: 2 } });
    expect(await call('library.search', { tag: 'water' })).toMatchObject({ ok: true, value: { total: 2 } });
    expect(await call('items.tag', { itemIds: [itemIds()[0]], tag: 'Port' })).toEqual({ ok: true, value: { tagged: 1 } });
    expect(await call('tags.list', {})).toEqual({
      ok: true,
      value: [
        { tag: 'Port', itemCount: 1 },
        { tag: 'water', itemCount: 2 },
      ],
    });
    expect(await call('items.untag', { itemIds: [itemIds()[1]], tag: 'water' })).toEqual({ ok: true, value: { untagged: 1 } });
    // Counted, not echoed: a tag that is not there at that level is not reported as removed.
    expect(await call('items.untag', { itemIds: itemIds(), tag: 'water' })).toEqual({ ok: true, value: { untagged: 1 } });
    expect(await call('items.untag', { itemIds: [itemIds()[0]], tag: 'Port', collection: 'Nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await call('library.search', { query: 'authority' })).toMatchObject({
      ok: true,
      value: { hits: [{ id: itemIds()[0], matchedIn: 'note' }] },
    });
  });

  it('answers unknown ids with NOT_FOUND and bad ids with INVALID_INPUT', async () => {
    expect(await call('items.get', { id: 99999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call('items.get', { id: -1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await call('items.raw', { responseId: 99999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call('items.tag', { itemIds: [], tag: 'x' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
