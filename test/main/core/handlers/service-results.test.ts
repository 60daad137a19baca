import { afterEach, describe, expect, it } from 'vitest';
import type { CallResult } from '../../../../src/shared/contract';
import { createTestCore, type TestCore } from '../../../helpers/core';

/** A core on the built-in demo service (the default base URL), reached over the loopback. */
const demoCore = (): TestCore => createTestCore({ fetch: globalThis.fetch.bind(globalThis) });

describe('a call and its result', () => {
  let testCore: TestCore | undefined;
  afterEach(async () => testCore?.dispose());

  it('names the stored answer by its response id, which items.raw reads as received', async () => {
    testCore = demoCore();
    const { client } = testCore.core;
    const result = await client.call('service.call', {
      operation: 'videosite/video',
      params: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(result).toMatchObject({ state: 'done', status: 200, itemIds: [expect.any(Number)] });
    expect(result).not.toHaveProperty('data');
    expect(result.responseId).toEqual(expect.any(Number));
    const raw = await client.call('items.raw', { responseId: result.responseId! });
    expect(raw.requestId).toBe(result.requestId);
    expect((JSON.parse(raw.body) as { data?: unknown }).data).toBeTruthy();
  });

  it('follows pages on service.call and service.start; service.results has every page, first first, and their items once', async () => {
    testCore = demoCore();
    const { client } = testCore.core;
    const first = await client.call('service.call', { operation: 'videosite/search', params: { query: 'harbour' }, pages: 2 });
    expect(first.state).toBe('done');
    expect(first.nextPage).not.toBeNull();
    const outcome = await client.call('service.results', { batchId: first.batchId });
    // The call answers for its first page; the batch holds both.
    expect(outcome.results.map((r: CallResult) => r.state)).toEqual(['done', 'done']);
    expect(outcome.results[0]).toEqual(first);
    const ids = outcome.results.flatMap((r: CallResult) => r.itemIds);
    expect(outcome.items.map((item) => item.id)).toEqual([...new Set(ids)]);
    expect(outcome.items[0]).toMatchObject({ platform: 'videosite', nativeId: expect.any(String) });

    const { batchId } = await client.call('service.start', { operation: 'videosite/search', params: { query: 'flood' }, maxItems: 1 });
    await expect.poll(async () => (await client.call('queue.batch', { batchId })).finished).toBe(true);
    expect((await client.call('service.results', { batchId })).results).toHaveLength(1);
  });

  it('refuses a bad parameter on service.start before anything is queued', async () => {
    testCore = demoCore();
    const { client } = testCore.core;
    await expect(client.call('service.start', { operation: 'videosite/video', params: { nonsense: 'x' } })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(client.call('service.start', { operation: 'videosite/video', params: {}, pages: 0 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(await client.call('queue.batches', {})).toEqual([]);
    expect((await client.call('queue.status', {})).counts.queued).toBe(0);
  });

  it('reads one setting with the default that applies, and whether it is set', async () => {
    testCore = createTestCore();
    const { client } = testCore.core;
    expect(await client.call('settings.value', { key: 'param.videosite.search.query' })).toEqual({
      key: 'param.videosite.search.query',
      value: null,
      defaultValue: 'query',
      isSet: false,
    });
    await client.call('settings.set', { key: 'plan', value: 'pro' });
    expect(await client.call('settings.value', { key: 'plan' })).toMatchObject({ value: 'pro', isSet: true });
    await expect(client.call('settings.value', { key: 'nope' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
