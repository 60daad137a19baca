/**
 * A full disk, over the bridge: every method that writes answers STORAGE_ERROR with a sentence
 * that says the disk is full (never INTERNAL), and the library is whole afterwards: what was
 * stored before is still there, and SQLite's integrity check passes.
 *
 * The disk is made full through the store's test hook (fillDiskForTests): SQLite may not grow the
 * file (PRAGMA max_page_count) and every write transaction fails with SQLITE_FULL, as on a disk
 * where not even the write-ahead log can grow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodName } from '../../src/shared/bridge-names';
import type { Envelope } from '../../src/shared/errors';
import { fillDiskForTests, freeDiskForTests } from '../../src/main/core/store/database';
import { startDemoService } from '../../src/main/demo/server';
import { createTestCore, type TestCore } from '../helpers/core';
import { createAutoTime, loopbackOnlyFetch } from './auto-time';

let testCore: TestCore;
let itemIds: number[] = [];
/** Every request the core sent (their origins). */
const sent: string[] = [];

beforeAll(async () => {
  const time = createAutoTime();
  testCore = createTestCore({
    clock: time.clock,
    timers: time.timers,
    random: () => 0.5,
    fetch: loopbackOnlyFetch(sent),
    startDemo: () => startDemoService({ port: 0, seed: 'full-disk', clock: time.clock }),
  });
  const seeded = await testCore.core.dispatch('service.call', {
    operation: 'videosite/search',
    params: { query: 'flood' },
    collection: 'story',
  });
  expect(seeded).toMatchObject({ ok: true, value: { state: 'done' } });
  itemIds = (seeded as { ok: true; value: { itemIds: number[] } }).value.itemIds;
  expect(itemIds.length).toBeGreaterThan(2);
  expect(await testCore.core.dispatch('items.tag', { itemIds: [itemIds[0]], tag: 'checked' })).toMatchObject({ ok: true });
}, 60_000);

afterAll(async () => testCore?.dispose());

const EVERY_WRITING_METHOD: [MethodName, () => unknown][] = [
  ['service.call', () => ({ operation: 'videosite/search', params: { query: 'drought' } })],
  ['service.start', () => ({ operation: 'videosite/search', params: { query: 'harbour' } })],
  ['settings.set', () => ({ key: 'plan', value: 'pro' })],
  ['settings.unset', () => ({ key: 'plan' })],
  ['settings.addHosts', () => ({ platform: 'videosite', hosts: 'video.example.org' })],
  ['settings.removeHost', () => ({ platform: 'videosite', host: 'video.example.org' })],
  ['items.setNote', () => ({ itemId: itemIds[0], body: 'Seen on the wire at 9.' })],
  ['items.tag', () => ({ itemIds: [itemIds[1]], tag: 'to-check' })],
  ['items.untag', () => ({ itemIds: [itemIds[0]], tag: 'checked' })],
  ['collections.create', () => ({ name: 'Newsdesk' })],
  ['collections.rename', () => ({ name: 'story', newName: 'Story of the week' })],
  ['collections.add', () => ({ name: 'story', itemIds: [itemIds[0]] })],
  ['collections.remove', () => ({ name: 'story', itemIds: [itemIds[0]] })],
  ['collections.move', () => ({ name: 'story', itemId: itemIds[1], delta: 1 })],
  ['collections.putBack', () => ({ name: 'story', places: [{ itemId: itemIds[0], position: 0, addedAt: '2026-04-01T00:00:00.000Z' }] })],
  [
    'collections.restore',
    () => ({
      contents: {
        name: 'Restored',
        itemIds: [itemIds[0]],
        addedAt: ['2026-04-01T00:00:00.000Z'],
        notes: [],
        tags: { checked: [itemIds[0]] },
        waitingJobIds: [],
      },
    }),
  ],
  ['collections.delete', () => ({ name: 'story' })],
  ['queue.pause', () => ({})],
  ['queue.resume', () => ({})],
  ['queue.cancel', () => ({ all: true })],
  ['queue.retry', () => ({ all: true })],
  ['import.start', () => ({ text: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })],
  ['import.queue', () => ({ text: 'https://www.youtube.com/watch?v=abc123XYZ00' })],
];

describe('a full disk, over the bridge', () => {
  it.each(EVERY_WRITING_METHOD)('%s answers STORAGE_ERROR, saying the disk is full', async (method, input) => {
    const { db } = testCore.core.context;
    fillDiskForTests(db, { everyWrite: true });
    let answer: Envelope<unknown>;
    try {
      answer = await testCore.core.dispatch(method, input());
    } finally {
      freeDiskForTests(db);
    }
    expect(answer).toMatchObject({ ok: false, error: { code: 'STORAGE_ERROR' } });
    expect(answer.ok || answer.error.message).toMatch(/disk holding the library.* is full.*free some space/);
  });

  it('a call whose answer came but could not be stored pauses with STORAGE_ERROR; on resume it is stored, not asked for again', async () => {
    const { db } = testCore.core.context;
    const requestsBefore = sent.length;
    // Room to claim the job, none for its answer's items: SQLite may not grow the file.
    fillDiskForTests(db);
    let call: Envelope<unknown>;
    try {
      call = await testCore.core.dispatch('service.call', { operation: 'videosite/search', params: { query: 'estuary' } });
    } finally {
      freeDiskForTests(db);
    }
    expect(call).toMatchObject({ ok: true, value: { state: 'paused', error: { code: 'STORAGE_ERROR' } } });
    expect(sent.length).toBe(requestsBefore + 1);
    expect(await testCore.core.dispatch('queue.resume', {})).toMatchObject({ ok: true, value: { paused: null } });
    const jobs = await testCore.core.dispatch('queue.jobs', { limit: 1 });
    expect(jobs).toMatchObject({ ok: true, value: [{ operation: 'videosite/search', state: 'done' }] });
    expect(sent.length).toBe(requestsBefore + 1);
  });

  it('leaves the library whole: what was stored before is there, and the integrity check passes', async () => {
    const { db } = testCore.core.context;
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const item = await testCore.core.dispatch('items.get', { id: itemIds[0] });
    expect(item).toMatchObject({ ok: true });
    const story = await testCore.core.dispatch('collections.items', { name: 'story' });
    expect(story).toMatchObject({ ok: true, value: { total: itemIds.length } });
    expect(await testCore.core.dispatch('tags.list', {})).toMatchObject({ ok: true, value: [{ tag: 'checked' }] });
  });
});
