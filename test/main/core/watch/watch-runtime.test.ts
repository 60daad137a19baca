/**
 * The runtime that examines watch runs as their batches end. A pass over many due watches ends
 * many batches: each is examined on its own, not by reading every open run again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchesRepository } from '../../../../src/main/core/store/watch/watches-repository';
import type { TestCore } from '../../../helpers/core';
import { searchAnsweringCore } from '../../../helpers/watch-sim';
import { createSimTime } from '../../../helpers/sim-time';

let testCore: TestCore | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await testCore?.dispose();
  testCore = undefined;
});

describe('the watch runtime', () => {
  it('examines each run as its batch ends, without reading every open run each time', async () => {
    const sim = createSimTime();
    let answered = 0;
    testCore = await searchAnsweringCore(sim, { onRequest: () => (answered += 1) });
    const { core } = testCore;
    await core.dispatch('settings.set', { key: 'plan', value: 'team' });
    for (let i = 0; i < 30; i += 1) {
      const added = await core.dispatch('watch.add', {
        target: { kind: 'operation', operation: 'videosite/search', params: { query: `q${i}` } },
        interval: '1d',
      });
      expect(added.ok).toBe(true);
    }
    const { batchIds } = await core.context.watches.run({ all: true });
    expect(batchIds).toHaveLength(30);
    const openRuns = vi.spyOn(watchesRepository, 'openRuns');
    const queue = core.context.queue;
    await sim.runUntil(() => batchIds.every((id) => queue.batchProgress(id).finished), { idle: () => queue.whenIdle() });
    await sim.settle();
    const reads = openRuns.mock.calls.length;
    expect(answered).toBe(30);
    expect(watchesRepository.openRuns(core.context.db)).toEqual([]);
    // Thirty batches ended, each examined on its own: the open runs were read by the minute tick alone, if at all.
    expect(reads).toBeLessThan(3);
  });
});
