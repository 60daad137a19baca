/**
 * A listing watch reads the first page only. An item pushed beyond it by newer posts has not left
 * the listing: it is never reported "no longer listed", however many runs it stays out of sight.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchChange } from '../../../../src/shared/watch';
import type { TestCore } from '../../../helpers/core';
import { searchAnsweringCore } from '../../../helpers/watch-sim';
import { createSimTime } from '../../../helpers/sim-time';

let testCore: TestCore | undefined;
afterEach(async () => {
  await testCore?.dispose();
  testCore = undefined;
});

const video = (id: string) => ({
  type: 'video',
  id,
  url: `https://www.youtube.com/watch?v=${id}`,
  title: `Video ${id}`,
  channel: { id: 'UCnewsroom', title: 'Newsroom', handle: '@newsroom' },
  viewCountInt: 100,
});

describe('a listing watch and the items beyond its first page', () => {
  it('does not report items pushed to the next page as no longer listed, and does report one that left the page', async () => {
    const sim = createSimTime();
    // The first page always holds the three newest; a "next" page exists beyond it.
    let page: string[] = ['vid00000000A', 'vid00000000B', 'vid00000000C'];
    testCore = await searchAnsweringCore(sim, { data: () => ({ videos: page.map(video), continuationToken: 'page-2' }) });
    const { core } = testCore;
    const added = await core.dispatch('watch.add', {
      target: { kind: 'operation', operation: 'videosite/search', params: { query: 'newsroom' } },
      interval: '1h',
    });
    expect(added.ok).toBe(true);
    const queue = core.context.queue;
    const runOnce = async (): Promise<string[]> => {
      sim.advanceTo(sim.now() + 3_600_000);
      const before = core.context.watches.changes({ limit: 1 }).total;
      const { batchIds } = await core.context.watches.run({ all: true });
      await sim.runUntil(() => batchIds.every((id) => queue.batchProgress(id).finished), { idle: () => queue.whenIdle() });
      await sim.settle();
      const { changes } = core.context.watches.changes({ offset: before, limit: 100 });
      const ids = new Map(
        (core.context.db.prepare('SELECT id, native_id AS nativeId FROM items').all() as { id: number; nativeId: string }[]).map((row) => [
          row.id,
          row.nativeId,
        ]),
      );
      return changes.map((change: WatchChange) => `${ids.get(change.itemId!)} ${change.change}`);
    };
    expect(await runOnce()).toEqual([]);
    // Newer posts push the oldest beyond the first page, one run after another.
    page = ['vid00000000N', 'vid00000000A', 'vid00000000B'];
    expect(await runOnce()).toEqual(['vid00000000N new']);
    page = ['vid00000000M', 'vid00000000N', 'vid00000000A'];
    expect(await runOnce()).toEqual(['vid00000000M new']);
    page = ['vid00000000L', 'vid00000000M', 'vid00000000N'];
    expect(await runOnce()).toEqual(['vid00000000L new']);
    // One taken down from the middle of the page: the page closes up, and that one is gone.
    page = ['vid00000000L', 'vid00000000N', 'vid00000000A'];
    expect(await runOnce()).toEqual(['vid00000000M no-longer-listed']);
  });
});
