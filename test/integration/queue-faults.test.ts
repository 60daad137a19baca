/**
 * The queue against the demo service's own fault injection, on simulated time: every job
 * ends done or failed with a reason, none is lost or run twice; a token replaced mid-run
 * (401) and a lapsed subscription (403) pause the queue, and it resumes where it stopped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src/main/core/secrets/secret-store';
import { startDemoService } from '../../src/main/demo/server';
import type { DemoService } from '../../src/main/demo/types';
import { createTestCore, type TestCore } from '../helpers/core';
import { createSimTime } from '../helpers/sim-time';

let testCore: TestCore | undefined;
let demo: DemoService | undefined;
afterEach(async () => {
  await testCore?.dispose();
  await demo?.close();
});

async function setUp(plan = 'team') {
  const sim = createSimTime();
  demo = await startDemoService({ port: 0, seed: 'queue-faults', clock: sim.clock });
  const secretStore = createMemorySecretStore(demo.teams.find((t) => t.plan === 'team')!.token);
  testCore = createTestCore({
    fetch: globalThis.fetch.bind(globalThis),
    clock: sim.clock,
    timers: sim.timers,
    secretStore,
    timeoutMs: { normal: 2_000, slow: 4_000 },
  });
  // The real-service path (base URL and the user's token), pointed at the demo service.
  await testCore.core.dispatch('settings.set', { key: 'base-url', value: demo.url });
  await testCore.core.dispatch('settings.set', { key: 'plan', value: plan });
  const queue = testCore.core.context.queue;
  const run = (done: () => boolean) => sim.runUntil(done, { idle: () => queue.whenIdle() });
  const links = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({
      operation: 'videosite/video' as const,
      params: { url: `https://www.youtube.com/watch?v=${prefix}${String(i).padStart(11 - prefix.length, '0')}` },
    }));
  return { sim, queue, run, links, demo: demo!, core: testCore.core };
}

describe('the queue under injected faults', () => {
  it('ends every job done or failed with a reason, none lost, none run twice', async () => {
    const { queue, run, links, demo, core } = await setUp();
    demo.control.setFaults([
      { kind: 'status', status: 500, everyNth: 7 },
      { kind: 'status', status: 503, everyNth: 11 },
      { kind: 'drop', everyNth: 13 },
      { kind: 'truncate', everyNth: 17 },
      { kind: 'html', everyNth: 19 },
      { kind: 'rate-limit', retryAfterSeconds: 5, everyNth: 23 },
      { kind: 'rate-limit', retryAfterSeconds: null, everyNth: 29 },
      { kind: 'latency', latencyMs: 3_000, everyNth: 31 },
    ]);
    const { batchId } = queue.enqueue({ kind: 'import', label: 'faults', jobs: links(150, 'f') });
    await run(() => queue.batchProgress(batchId).finished);
    const jobs = queue.jobs({ batchId, limit: 1000 });
    expect(jobs).toHaveLength(150);
    for (const job of jobs) {
      expect(['done', 'failed']).toContain(job.state);
      if (job.state === 'failed') expect(job.errorMessage).toMatch(/\w/);
    }
    const done = jobs.filter((j) => j.state === 'done').length;
    expect(done).toBeGreaterThan(140);
    // Each done job stored exactly one response and one item.
    expect(core.context.db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(done);
    expect(core.context.db.prepare("SELECT count(*) FROM items WHERE platform = 'videosite'").pluck().get()).toBe(done);
  }, 60_000);

  it('pauses on a token replaced mid-run (401), and finishes after a new token is saved', async () => {
    // Starter's 30 a minute spreads 70 jobs over three minutes, so the token changes mid-run.
    const { queue, run, links, demo, core } = await setUp('starter');
    const { batchId } = queue.enqueue({ kind: 'import', label: 'token', jobs: links(70, 't') });
    await run(() => queue.batchProgress(batchId).done >= 10);
    const fresh = demo.control.refreshToken('team');
    await run(() => queue.status().paused !== null);
    expect(queue.status().paused).toMatchObject({ reason: 'TOKEN_REJECTED' });
    expect(queue.batchProgress(batchId)).toMatchObject({ failed: 0 });
    expect(await core.dispatch('token.set', { token: fresh })).toMatchObject({ ok: true });
    await run(() => queue.batchProgress(batchId).finished);
    expect(queue.batchProgress(batchId)).toMatchObject({ done: 70, failed: 0 });
  }, 60_000);

  it('pauses on a lapsed subscription (403), and finishes once it is renewed and resumed', async () => {
    const { queue, run, links, demo, core } = await setUp('starter');
    const { batchId } = queue.enqueue({ kind: 'import', label: 'subscription', jobs: links(70, 's') });
    await run(() => queue.batchProgress(batchId).done >= 5);
    demo.control.lapse('team');
    await run(() => queue.status().paused !== null);
    expect(queue.status().paused).toMatchObject({ reason: 'SUBSCRIPTION_INACTIVE' });
    demo.control.reactivate('team');
    expect(await core.dispatch('queue.resume', {})).toMatchObject({ ok: true, value: { paused: null } });
    await run(() => queue.batchProgress(batchId).finished);
    expect(queue.batchProgress(batchId)).toMatchObject({ done: 70, failed: 0 });
  }, 60_000);
});
