/**
 * The custody log over real work through the core: a call and an import fetched from the built-in
 * demo service, collection edits, a note, tags, a watch and an export each leave an entry in the chain, the
 * chain verifies, and a row edited behind the triggers' back is found.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustodyList } from '../../../../src/shared/custody';
import type { CollectionContents } from '../../../../src/shared/library';
import { createTestCore, type TestCore } from '../../../helpers/core';

const VIDEO = { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
const LINKS = ['kJQP7kiw5Fk', '9bZkp7q19f0'].map((id) => `https://www.youtube.com/watch?v=${id}`).join('\n');

let testCore: TestCore;
let outDir: string;
beforeEach(() => {
  testCore = createTestCore({ fetch: globalThis.fetch.bind(globalThis) });
  outDir = mkdtempSync(join(tmpdir(), 'gleaner-custody-'));
});
afterEach(async () => {
  await testCore.dispose();
  rmSync(outDir, { recursive: true, force: true });
});

async function ok<T>(method: string, input: unknown): Promise<T> {
  const envelope = await testCore.core.dispatch(method, input);
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value as T;
}

async function workThroughTheCore(): Promise<number> {
  const ctx = testCore.core.context;
  const called = await ok<{ itemIds: number[] }>('service.call', { operation: 'videosite/video', params: VIDEO, collection: 'Clips' });
  const itemId = called.itemIds[0]!;
  const { batchId } = await ok<{ batchId: number }>('import.start', { text: LINKS, collection: 'Clips' });
  await expect.poll(() => ctx.queue.batchProgress(batchId).finished).toBe(true);
  const all = ctx.collections.items('Clips').items.map((item) => item.id);
  await ok('collections.rename', { name: 'Clips', newName: 'Case' });
  await ok('collections.move', { name: 'Case', itemId: all[0], delta: 1 });
  await ok('items.setNote', { itemId, body: 'Seen on the harbour wall', collection: 'Case' });
  await ok('items.tag', { itemIds: [itemId], tag: 'checked' });
  await ok('items.untag', { itemIds: [itemId], tag: 'checked' });
  await ok('collections.remove', { name: 'Case', itemIds: [all[1]] });
  const deleted = await ok<{ contents: CollectionContents }>('collections.delete', { name: 'Case' });
  await ok('collections.restore', { contents: deleted.contents });
  const watch = await ok<{ id: number }>('watch.add', { target: { kind: 'item', itemId }, interval: '7d' });
  await ok('watch.pause', { id: watch.id });
  await ok('watch.resume', { id: watch.id });
  await ok('watch.remove', { id: watch.id });
  await testCore.core.exportToFile(
    { scope: { kind: 'collection', name: 'Case' }, format: 'csv', transcripts: false, manifest: true },
    join(outDir, 'case.csv'),
  );
  return itemId;
}

describe('the custody log through the core', () => {
  it('records every fetch, change and export in one chain that verifies', async () => {
    const itemId = await workThroughTheCore();
    const latest = await ok<CustodyList>('custody.list', { limit: 500, verify: true });
    expect(latest.intact).toBe(true);
    expect(latest.head?.seq).toBe(latest.entries[0]!.seq);
    const kinds = new Set(latest.entries.map((entry) => `${entry.kind} ${entry.action}`));
    for (const expected of [
      'log-started started',
      'fetch fetched',
      'collection created',
      'collection added',
      'collection renamed',
      'collection moved',
      'note set',
      'tag added',
      'tag removed',
      'collection removed',
      'collection deleted',
      'watch added',
      'watch paused',
      'watch resumed',
      'watch removed',
      'export exported',
    ]) {
      expect(kinds).toContain(expected);
    }
    const fetches = latest.entries.filter((entry) => entry.kind === 'fetch');
    const stored = testCore.core.context.db
      .prepare<[], { requestId: string; sha256: string }>(
        'SELECT request_id AS requestId, body_sha256 AS sha256 FROM responses ORDER BY id',
      )
      .all();
    expect(fetches.map((entry) => ({ requestId: entry.subject.requestId, sha256: entry.subject.sha256 })).reverse()).toEqual(stored);
    expect(fetches.every((entry) => /^[0-9a-f]{32}$/.test(entry.actor))).toBe(true);
    const exported = latest.entries.find((entry) => entry.kind === 'export')!;
    expect(exported.subject).toMatchObject({ format: 'csv', scope: 'collection', collectionName: 'Case', fileName: 'case.csv', items: 2 });

    const ofItem = await ok<CustodyList>('custody.list', { itemId });
    expect(ofItem.entries.map((entry) => `${entry.kind} ${entry.action}`)).toEqual(
      expect.arrayContaining(['fetch fetched', 'collection added', 'note set', 'tag added', 'tag removed', 'watch added']),
    );
    expect(ofItem.entries.map((entry) => entry.seq)).toEqual([...ofItem.entries.map((entry) => entry.seq)].sort((a, b) => a - b));
    expect(ofItem.entries.every((entry) => entry.subject.itemId === itemId || entry.kind === 'fetch')).toBe(true);
  });

  it('finds a row changed behind the triggers, naming where the chain breaks', async () => {
    await workThroughTheCore();
    expect((await ok<CustodyList>('custody.list', {})).intact).toBe(true);
    const db = testCore.core.context.db;
    db.exec(`DROP TRIGGER custody_log_no_update; UPDATE custody_log SET actor = 'someone else' WHERE seq = 3;`);
    // Seen as the chain grows, or checked again in full on request.
    const again = await ok<CustodyList>('custody.list', { verify: true });
    expect(again).toMatchObject({ intact: false, brokenAt: 3 });
  });

  it('refuses to change or remove an entry while the triggers stand', async () => {
    await workThroughTheCore();
    const db = testCore.core.context.db;
    expect(() => db.exec('DELETE FROM custody_log WHERE seq = 2')).toThrow(/append-only/);
    expect(() => db.exec("UPDATE custody_log SET at = '2020-01-01T00:00:00.000Z'")).toThrow(/append-only/);
  });

  it('keeps an export whose custody entry cannot be written, and says so beside it', async () => {
    await ok('service.call', { operation: 'videosite/video', params: VIDEO, collection: 'Case' });
    const { db } = testCore.core.context;
    // The library refusing the entry as a full or locked disk would, after the file is saved.
    db.exec(
      `CREATE TRIGGER refuse_export_entry BEFORE INSERT ON custody_log WHEN NEW.kind = 'export' BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;`,
    );
    const outPath = join(outDir, 'kept.csv');
    const result = await testCore.core.exportToFile(
      { scope: { kind: 'collection', name: 'Case' }, format: 'csv', transcripts: false, manifest: false },
      outPath,
    );
    expect(existsSync(outPath)).toBe(true);
    expect(result.items).toBe(1);
    expect(result.custodyProblem).toBe('The export was saved, but the custody log could not record it: database or disk is full');
  });

  it('answers NOT_FOUND for an item the library does not hold', async () => {
    expect(await testCore.core.dispatch('custody.list', { itemId: 999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
