import { createMemorySecretStore } from '../../src/main/core/secrets/secret-store';
import { createTestCore, type TestCore } from './core';
import type { SimTime } from './sim-time';

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
