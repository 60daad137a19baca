import { createMemorySecretStore } from '../../src/main/core/secrets/secret-store';
import { startDemoService } from '../../src/main/demo/server';
import type { WatchChange } from '../../src/shared/watch';
import { createTestCore, type TestCore } from './core';
import { createSimTime, type SimTime } from './sim-time';

/**
 * A core on simulated time whose service answers every video-site search with `data()` (no
 * videos unless given), each answer with its own request id; for the watch tests that run many
 * passes. In memory: the queue's lease is renewed every few simulated seconds, and a file would
 * wait for the disk each time.
 */
export async function searchAnsweringCore(
  sim: SimTime,
  options: { data?: () => Record<string, unknown>; onRequest?: (url: URL) => void } = {},
): Promise<TestCore> {
  let answered = 0;
  const fetch = async (input: string | URL) => {
    options.onRequest?.(new URL(String(input)));
    answered += 1;
    const body = {
      success: true,
      data: options.data?.() ?? { videos: [] },
      meta: { platform: 'videosite', endpoint: 'search', request_id: `req_${answered}` },
    };
    return new Response(JSON.stringify(body));
  };
  const testCore = createTestCore({
    fetch: fetch as unknown as typeof globalThis.fetch,
    clock: sim.clock,
    timers: sim.timers,
    databasePath: ':memory:',
    secretStore: createMemorySecretStore('tok_watch_sim_1234567890abcdef'),
  });
  await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'https://api.example.com' });
  return testCore;
}

/**
 * The demo service and a core on the same simulated time, for the watch tests against the demo's
 * truth: `call` dispatches (throwing on a refusal), `fetchNow` fetches and waits for the items,
 * `runWatches` runs the due watches (or all) and returns the changes they noticed, every page.
 */
export async function demoWatchDesk(seed: string, plan: 'pro' | 'team', options: { databasePath?: string } = {}) {
  const sim = createSimTime();
  // The demo's rate windows on the same simulated time as the queue; its content has its own clock.
  const demo = await startDemoService({ port: 0, seed, clock: sim.clock });
  const testCore = createTestCore({
    fetch: globalThis.fetch.bind(globalThis),
    clock: sim.clock,
    timers: sim.timers,
    secretStore: createMemorySecretStore(demo.teams.find((team) => team.plan === plan)!.token),
    ...(options.databasePath ? { databasePath: options.databasePath } : {}),
  });
  const queue = testCore.core.context.queue;
  const call = async (method: string, input: unknown): Promise<unknown> => {
    const envelope = await testCore.core.dispatch(method, input);
    if (!envelope.ok) throw new Error(`${method}: ${envelope.error.message}`);
    return envelope.value;
  };
  await call('settings.set', { key: 'base-url', value: demo.url });
  await call('settings.set', { key: 'plan', value: plan });

  const fetchNow = async (operation: string, params: Record<string, string>, pages?: number): Promise<number[]> => {
    const { batchId } = (await call('service.start', { operation, params, ...(pages ? { pages } : {}) })) as { batchId: number };
    await sim.runUntil(() => queue.batchProgress(batchId).finished, { idle: () => queue.whenIdle() });
    const outcome = (await call('service.results', { batchId })) as { items: { id: number }[] };
    return outcome.items.map((item) => item.id);
  };

  const runWatches = async (request: { all?: boolean }): Promise<{ watchIds: number[]; changes: WatchChange[] }> => {
    const before = ((await call('watch.changes', { limit: 1 })) as { total: number }).total;
    const { batchIds, watchIds } = (await call('watch.run', request)) as { batchIds: number[]; watchIds: number[] };
    await sim.runUntil(() => batchIds.every((id) => queue.batchProgress(id).finished), { idle: () => queue.whenIdle() });
    const changes: WatchChange[] = [];
    for (;;) {
      const page = (await call('watch.changes', { offset: before + changes.length, limit: 1000 })) as { changes: WatchChange[] };
      changes.push(...page.changes);
      if (page.changes.length < 1000) break;
    }
    return { watchIds, changes };
  };

  return {
    sim,
    demo,
    testCore,
    call,
    fetchNow,
    runWatches,
    async close() {
      await testCore.dispose();
      await demo.close();
    },
  };
}
