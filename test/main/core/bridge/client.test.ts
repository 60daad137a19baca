import { afterEach, describe, expect, it } from 'vitest';
import { createCoreClient } from '../../../../src/main/core';
import { GleanerError } from '../../../../src/shared/errors';
import type { QueueStatus } from '../../../../src/shared/queue';
import { createTestCore, type TestCore } from '../../../helpers/core';

describe('the in-process core client', () => {
  let testCore: TestCore | undefined;
  afterEach(async () => testCore?.dispose());

  it('answers with the value of the envelope the dispatcher gave', async () => {
    testCore = createTestCore();
    const { core } = testCore;
    const direct = await core.dispatch('collections.create', { name: 'Harbour' });
    const created = await core.client.call('collections.create', { name: 'Floods' });
    expect(direct).toMatchObject({ ok: true, value: { name: 'Harbour' } });
    expect(created).toMatchObject({ name: 'Floods', itemCount: 0 });
    expect((await core.client.call('collections.list', {})).map((c) => c.name).sort()).toEqual(['Floods', 'Harbour']);
  });

  it('validates with the contract, and throws the envelope’s error with its code and sentence', async () => {
    testCore = createTestCore();
    const { core } = testCore;
    const input = { name: '   ' };
    const envelope = await core.dispatch('collections.create', input);
    const thrown = await core.client.call('collections.create', input).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(GleanerError);
    expect(envelope.ok).toBe(false);
    if (!envelope.ok) expect((thrown as GleanerError).toInfo()).toEqual(envelope.error);
    expect((thrown as GleanerError).code).toBe('INVALID_INPUT');
  });

  it('throws a handler’s own error code (NOT_FOUND), not a generic one', async () => {
    testCore = createTestCore();
    await expect(testCore.core.client.call('items.get', { id: 424242 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a method the contract does not have, as every transport does', async () => {
    testCore = createTestCore();
    const client = createCoreClient(testCore.core);
    await expect(client.call('nope.nothing' as never, {} as never)).rejects.toMatchObject({ code: 'UNKNOWN_METHOD' });
  });

  it('delivers only the event it subscribed to, until it unsubscribes', async () => {
    testCore = createTestCore();
    const { core } = testCore;
    const statuses: QueueStatus[] = [];
    const batches: unknown[] = [];
    const stop = core.client.subscribe('queue.status', (status) => statuses.push(status));
    core.client.subscribe('queue.batch', (progress) => batches.push(progress));
    core.events.emit('task.progress', { taskId: 't', label: 'x', done: 0, total: null });
    const paused = await core.client.call('queue.pause', {});
    expect(statuses.at(-1)).toEqual(paused);
    expect(statuses.every((status) => 'gauge' in status)).toBe(true);
    const seen = statuses.length;
    stop();
    await core.client.call('queue.resume', {});
    expect(statuses).toHaveLength(seen);
    expect(batches).toEqual([]);
  });
});
