import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { fakeResponse } from '../../../helpers/library';

// Names an object literal already answers to: text used as a key must never meet them.
const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];

let testCore: TestCore;
let ids: number[];

beforeEach(() => {
  testCore = createTestCore();
  const video = (id: string, title: string) => ({ type: 'video', id, url: `https://www.youtube.com/watch?v=${id}`, title });
  const data = { videos: [video('kkkkkkkkkk1', 'One'), video('kkkkkkkkkk2', 'Two')], channels: [], playlists: [], shorts: [] };
  ids = testCore.core.context.ingest(fakeResponse('videosite/search', data, { params: { query: 'keys' } })).itemIds;
});
afterEach(async () => testCore.dispose());

// Over the wire, as the browser host and the CLI send it: JSON keeps a `__proto__` key as data.
const call = (method: string, input: unknown) => testCore.core.dispatch(method, JSON.parse(JSON.stringify(input)));

describe('tags named like Object.prototype members', () => {
  it.each(PROTOTYPE_NAMES)('deletes a collection tagged %j and brings the tag back on restore', async (tag) => {
    await call('collections.create', { name: 'Keys' });
    await call('collections.add', { name: 'Keys', itemIds: ids });
    const tagged = await call('items.tag', { itemIds: [ids[0]], tag, collection: 'Keys' });
    expect(tagged, JSON.stringify(tagged)).toMatchObject({ ok: true });

    const deleted = await call('collections.delete', { name: 'Keys' });
    expect(deleted).toMatchObject({ ok: true, value: { items: 2 } });
    const contents = (deleted as { value: { contents: { tags: Record<string, number[]> } } }).value.contents;
    expect(Object.entries(contents.tags)).toEqual([[tag, [ids[0]]]]);

    const wire = JSON.parse(JSON.stringify(contents)) as unknown;
    expect(await call('collections.restore', { contents: wire })).toMatchObject({ ok: true, value: { name: 'Keys' } });
    expect(await call('collections.items', { name: 'Keys' })).toMatchObject({
      ok: true,
      value: {
        items: [
          { id: ids[0], tags: [{ collection: 'Keys', tag }] },
          { id: ids[1], tags: [] },
        ],
      },
    });
  });
});

describe('parameters named like Object.prototype members', () => {
  it.each(PROTOTYPE_NAMES)('names %j as no parameter of the operation instead of dropping it', async (param) => {
    const answer = await call('service.call', { operation: 'videosite/search', params: { query: 'keys', [param]: 'x' } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect((answer as { error: { message: string } }).error.message).toContain(`${param} is not a parameter of videosite/search`);
  });
});
