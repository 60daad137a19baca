/**
 * Starting an import into a new collection: the collection is made by the start itself, only
 * once the import may begin, so a start refused for the day's budget leaves nothing behind.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';

const LINKS = ['dQw4w9WgXcQ', 'kJQP7kiw5Fk', '9bZkp7q19f0'].map((id) => `https://www.youtube.com/watch?v=${id}`).join('\n');

let testCore: TestCore;
const dispatch = (method: string, input: unknown) => testCore.core.dispatch(method, input);
const collectionNames = async (): Promise<string[]> =>
  ((await dispatch('collections.list', {})) as { value: { name: string }[] }).value.map((c) => c.name);

beforeEach(async () => {
  testCore = createTestCore();
  // Nothing is sent: the test core has no network, and the queue holds what is started.
  await dispatch('queue.pause', {});
});
afterEach(() => testCore.dispose());

describe('import.start with createCollection', () => {
  it('refused for the budget, creates no collection; allowed to carry over, creates it and queues into it', async () => {
    await dispatch('settings.set', { key: 'limits.per-day', value: '2' });
    const refused = await dispatch('import.start', { text: LINKS, collection: 'Harbour tips', createCollection: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'BUDGET_EXCEEDED' } });
    expect(await collectionNames()).toEqual([]);

    const started = await dispatch('import.start', { text: LINKS, collection: 'Harbour tips', createCollection: true, carryOver: true });
    expect(started).toMatchObject({ ok: true, value: { batchId: expect.any(Number), plan: { counts: { fetch: 3 } } } });
    expect(await collectionNames()).toEqual(['Harbour tips']);
  });

  it('refuses a name already taken, queueing nothing', async () => {
    await dispatch('collections.create', { name: 'Harbour tips' });
    expect(await dispatch('import.start', { text: LINKS, collection: 'harbour tips', createCollection: true })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/already exists/) },
    });
    expect((await dispatch('queue.status', {})) as { value: { counts: { queued: number; paused: number } } }).toMatchObject({
      value: { counts: { queued: 0, paused: 0 } },
    });
  });

  it('needs the collection it is to create named', async () => {
    expect(await dispatch('import.start', { text: LINKS, createCollection: true })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });
});
