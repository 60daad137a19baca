/**
 * A month of watches on simulated time (issue 30): the runtime queues each watch within its
 * interval plus the stated slack, every run is sent, and the watches' requests never pass the cap.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WATCH_SLACK_MS } from '../../src/main/core/watch/due';
import { WATCH_INTERVAL_MS, type WatchInterval } from '../../src/shared/watch';
import { createTestCore, type TestCore } from '../helpers/core';
import { searchAnsweringCore } from '../helpers/watch-sim';
import { createSimTime } from '../helpers/sim-time';

const DAY = 24 * 3_600_000;
let testCore: TestCore | undefined;
afterEach(async () => {
  await testCore?.dispose();
  testCore = undefined;
});

describe('a month of watches', () => {
  it('runs every watch within its interval plus the slack, and stays under the cap', async () => {
    const sim = createSimTime();
    const start = sim.now();
    const sent = new Map<string, number[]>();
    testCore = await searchAnsweringCore(sim, {
      onRequest: (url) => {
        const query = url.searchParams.get('query') ?? '';
        sent.set(query, [...(sent.get(query) ?? []), sim.now()]);
      },
    });
    const { core } = testCore;
    await core.dispatch('settings.set', { key: 'plan', value: 'starter' });
    const intervals: Record<string, WatchInterval> = { a: '1h', b: '1h', c: '6h', d: '1d', e: '1d', f: '7d' };
    for (const [query, interval] of Object.entries(intervals)) {
      const added = await core.dispatch('watch.add', {
        target: { kind: 'operation', operation: 'videosite/search', params: { query } },
        interval,
      });
      expect(added.ok).toBe(true);
    }
    // Starter: 1,000 a day, cap 250; these cost 24 + 24 + 4 + 1 + 1 + 1/7 ≈ 54; eight more hourly ones would not all fit.
    const fits = await core.dispatch('watch.add', {
      target: { kind: 'operation', operation: 'videosite/search', params: { query: 'too much' } },
      interval: '1h',
    });
    expect(fits.ok).toBe(true);
    for (let i = 0; i < 8; i += 1) {
      const more = await core.dispatch('watch.add', {
        target: { kind: 'operation', operation: 'videosite/search', params: { query: `more ${i}` } },
        interval: '1h',
      });
      if (!more.ok) {
        expect(more.error.code).toBe('BUDGET_EXCEEDED');
        expect(more.error.message).toContain('past the watch cap of 250 a day');
        break;
      }
    }
    // Paused, they cost nothing, and resuming one past the cap is refused too.
    const { value: before } = (await core.dispatch('watch.list', {})) as { value: { watches: { id: number; label: string }[] } };
    const extra = before.watches.filter((watch) => /more|too much/.test(watch.label));
    expect(extra.length).toBeGreaterThan(5);
    for (const watch of extra) expect((await core.dispatch('watch.pause', { id: watch.id })).ok).toBe(true);
    await core.dispatch('settings.set', { key: 'watch.cap-share', value: '0.06' });
    const resumed = await core.dispatch('watch.resume', { id: extra[0]!.id });
    expect(resumed.ok ? null : resumed.error.code).toBe('BUDGET_EXCEEDED');
    const { value: listed } = (await core.dispatch('watch.list', {})) as { value: { cost: { allWatchesPerDay: number; cap: number } } };
    expect(listed.cost.allWatchesPerDay).toBeLessThanOrEqual(listed.cost.cap);

    expect(core.startQueue()).toBe(true);
    const queue = core.context.queue;
    const end = start + Number(process.env.WATCH_DAYS ?? 30) * DAY;
    await sim.runUntil(() => sim.now() >= end, { idle: () => queue.whenIdle(), until: end });

    for (const [query, interval] of Object.entries(intervals)) {
      const times = sent.get(query) ?? [];
      const step = WATCH_INTERVAL_MS[interval];
      expect(times[0]! - start, query).toBeLessThanOrEqual(WATCH_SLACK_MS);
      for (let i = 1; i < times.length; i += 1)
        expect(times[i]! - times[i - 1]!, `${query} run ${i}`).toBeLessThanOrEqual(step + WATCH_SLACK_MS);
      expect(end - times.at(-1)!, query).toBeLessThanOrEqual(step + WATCH_SLACK_MS);
    }
    // In every day, the watches together sent no more than the cap.
    const all = [...sent.values()].flat().sort((a, b) => a - b);
    for (let i = 0; i < all.length; i += 1) {
      const inDay = all.filter((at) => at >= all[i]! && at < all[i]! + DAY).length;
      expect(inDay).toBeLessThanOrEqual(listed.cost.cap);
    }
  }, 180_000);

  it('queues no more in a day than the cap allows, however many are due (the rest wait their turn)', async () => {
    const sim = createSimTime();
    testCore = createTestCore({ clock: sim.clock, timers: sim.timers, databasePath: ':memory:' });
    const { core } = testCore;
    await core.dispatch('settings.set', { key: 'plan', value: 'starter' });
    for (const query of ['a', 'b', 'c', 'd', 'e']) {
      const added = await core.dispatch('watch.add', {
        target: { kind: 'operation', operation: 'videosite/search', params: { query } },
        interval: '1h',
      });
      expect(added.ok).toBe(true);
    }
    // The cap lowered after they were saved: 3 requests a day.
    await core.dispatch('settings.set', { key: 'watch.cap-share', value: '0.003' });
    await core.context.queue.stop();
    expect(await core.context.watches.run({ all: true })).toMatchObject({ queued: 3 });
    expect(await core.context.watches.run({ all: true })).toMatchObject({ queued: 0 });
    // A day later the two that waited go; the three still on their way are not queued twice.
    sim.advanceTo(sim.now() + DAY + 1);
    expect(await core.context.watches.run({ all: true })).toMatchObject({ queued: 2 });
  });
});
