/**
 * The fault matrix: an import of SIZES.faultMatrixJobs links (1,000 in the full run) through
 * the real core and the real client, against the demo service's fault injection, on simulated
 * time. Faults come in phases so every kind lands mid-run: latency spikes (under and over the
 * time limit), 500/502/503, dropped connections, truncated bodies, non-JSON bodies (HTML with
 * 200 and 502), 429 storms with and without Retry-After, the token replaced (401) and the
 * subscription lapsed (403).
 *
 * Every job must end done or failed with a coded reason; none may be lost (every link reached
 * the service) or duplicated (each done job holds exactly one response, received whole once;
 * a failed job received no whole answer at all). Nothing may be sent except to the service.
 * test/integration/queue-faults.test.ts keeps the small, focused versions of these cases.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src/main/core/secrets/secret-store';
import { startDemoService } from '../../src/main/demo/server';
import type { DemoService, FaultRule } from '../../src/main/demo/types';
import { createTestCore, type TestCore } from '../helpers/core';
import { mixedImportList } from '../helpers/import-list';
import { createSimTime } from '../helpers/sim-time';
import { SIZES, TEST_TIMEOUT_MS } from './sizes';

let testCore: TestCore | undefined;
let demo: DemoService | undefined;
afterAll(async () => {
  await testCore?.dispose();
  await demo?.close();
});

/** One request as the client saw it: where it went and whether a whole, successful answer came back. */
interface Observed {
  origin: string;
  path: string;
  link: string | null;
  whole: boolean;
}

/** Wraps fetch to record every request and whether its answer was whole (2xx JSON with success: true). */
function observingFetch(observed: Observed[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const entry: Observed = { origin: url.origin, path: url.pathname, link: url.searchParams.get('url'), whole: false };
    observed.push(entry);
    if (url.hostname !== '127.0.0.1') throw new TypeError('fetch failed: tests only reach 127.0.0.1');
    const response = await globalThis.fetch(input, init);
    const text = await response.text();
    try {
      entry.whole = response.ok && (JSON.parse(text) as { success?: unknown }).success === true;
    } catch {
      entry.whole = false;
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  }) as typeof fetch;
}

const BASE_FAULTS: FaultRule[] = [
  { kind: 'status', status: 500, everyNth: 7 },
  { kind: 'status', status: 502, everyNth: 11 },
  { kind: 'status', status: 503, everyNth: 13 },
  { kind: 'drop', everyNth: 17 },
  { kind: 'truncate', everyNth: 19 },
  { kind: 'html', status: 200, everyNth: 23 },
  { kind: 'html', status: 502, everyNth: 29 },
  // Latency is real time in the demo: short spikes often, and a few past the client's time limit.
  { kind: 'latency', latencyMs: 150, everyNth: 41 },
  { kind: 'latency', latencyMs: 1_200, everyNth: 97, nextN: 3 },
];

describe('the fault matrix', () => {
  it(
    `ends each of ${SIZES.faultMatrixJobs} jobs done or failed with a reason, none lost, none duplicated`,
    async () => {
      const sim = createSimTime();
      demo = await startDemoService({ port: 0, seed: 'fault-matrix', clock: sim.clock });
      const observed: Observed[] = [];
      testCore = createTestCore({
        fetch: observingFetch(observed),
        clock: sim.clock,
        timers: sim.timers,
        random: () => 0.5,
        secretStore: createMemorySecretStore(demo.teams.find((t) => t.plan === 'team')!.token),
        timeoutMs: { normal: 1_000, slow: 1_000 },
      });
      const { core } = testCore;
      const { db, queue } = core.context;
      expect(await core.dispatch('settings.set', { key: 'base-url', value: demo.url })).toMatchObject({ ok: true });
      expect(await core.dispatch('settings.set', { key: 'plan', value: 'team' })).toMatchObject({ ok: true });
      demo.control.setFaults(BASE_FAULTS);

      const total = SIZES.faultMatrixJobs;
      const list = mixedImportList(total, { junk: 0, duplicates: 0 });
      const started = await core.dispatch('import.start', { text: list.text, collection: 'matrix', carryOver: true });
      expect(started).toMatchObject({ ok: true, value: { plan: { counts: { fetch: total } } } });
      const batchId = (started as { ok: true; value: { batchId: number } }).value.batchId;
      const progress = () => queue.batchProgress(batchId);
      const settled = () => progress().done + progress().failed;
      const run = (done: () => boolean) => sim.runUntil(done, { idle: () => queue.whenIdle() });
      const at = (share: number) => run(() => settled() >= Math.floor(total * share) || progress().finished);

      // A 429 storm with Retry-After, then the token replaced mid-run (401).
      await at(0.2);
      demo.control.setFaults([...BASE_FAULTS, { kind: 'rate-limit', retryAfterSeconds: 7, rate: 0.7, nextN: Math.ceil(total / 10) }]);
      await at(0.35);
      const fresh = demo.control.refreshToken('team');
      await run(() => queue.status().paused !== null);
      expect(queue.status().paused).toMatchObject({ reason: 'TOKEN_REJECTED' });
      expect(await core.dispatch('token.set', { token: fresh })).toMatchObject({ ok: true });

      // A 429 storm without Retry-After, then the subscription lapses (403).
      await at(0.5);
      demo.control.setFaults([...BASE_FAULTS, { kind: 'rate-limit', retryAfterSeconds: null, rate: 0.7, nextN: Math.ceil(total / 10) }]);
      await at(0.7);
      demo.control.lapse('team');
      await run(() => queue.status().paused !== null);
      expect(queue.status().paused).toMatchObject({ reason: 'SUBSCRIPTION_INACTIVE' });
      demo.control.reactivate('team');
      expect(await core.dispatch('queue.resume', {})).toMatchObject({ ok: true, value: { paused: null } });

      await run(() => progress().finished);
      // Requests the client gave up on (past its time limit) may still be answering: let them land.
      await new Promise((resolve) => setTimeout(resolve, 1_500));

      // Every job ended, done or failed with a coded reason that is not a pause or a rate limit.
      const jobs = db
        .prepare(
          'SELECT id, state, params, error_code AS code, error_message AS message, response_id AS responseId FROM jobs WHERE batch_id = ?',
        )
        .all(batchId) as {
        id: number;
        state: string;
        params: string;
        code: string | null;
        message: string | null;
        responseId: number | null;
      }[];
      expect(jobs).toHaveLength(total);
      const done = jobs.filter((j) => j.state === 'done');
      const failed = jobs.filter((j) => j.state === 'failed');
      expect(done.length + failed.length).toBe(total);
      for (const job of failed) {
        expect(job.code).toMatch(/^[A-Z_]+$/);
        expect(['TOKEN_REJECTED', 'SUBSCRIPTION_INACTIVE', 'RATE_LIMITED', 'INTERNAL']).not.toContain(job.code);
        expect(job.message).toMatch(/\w/);
      }
      // Transient faults are retried: nearly all jobs get through.
      expect(done.length).toBeGreaterThanOrEqual(Math.floor(total * 0.95));

      // None duplicated: one stored response per done job, each received whole exactly once.
      const responseIds = done.map((j) => j.responseId);
      expect(new Set(responseIds).size).toBe(done.length);
      expect(responseIds.every((id) => id !== null)).toBe(true);
      expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(done.length);
      expect(db.prepare('SELECT count(DISTINCT request_id) FROM responses').pluck().get()).toBe(done.length);
      const wholeAnswers = new Map<string, number>();
      for (const entry of observed) if (entry.whole && entry.link) wholeAnswers.set(entry.link, (wholeAnswers.get(entry.link) ?? 0) + 1);
      const linkOf = (job: { params: string }) => (JSON.parse(job.params) as { url: string }).url;
      for (const job of done) expect(wholeAnswers.get(linkOf(job)), linkOf(job)).toBe(1);
      for (const job of failed) expect(wholeAnswers.get(linkOf(job)) ?? 0, linkOf(job)).toBe(0);
      expect(
        db
          .prepare('SELECT count(*) FROM (SELECT platform, native_id FROM items GROUP BY platform, native_id HAVING count(*) > 1)')
          .pluck()
          .get(),
      ).toBe(0);
      expect(
        db
          .prepare("SELECT count(*) FROM collection_items ci JOIN collections c ON c.id = ci.collection_id WHERE c.name = 'matrix'")
          .pluck()
          .get(),
      ).toBeGreaterThanOrEqual(done.length);

      // None lost: every link reached the service, and the service saw exactly the requests sent.
      const log = demo.control.requests().filter((r) => r.path.startsWith('/api/'));
      const linksInLog = new Set(log.map((r) => r.query.url));
      for (const job of jobs) expect(linksInLog.has(linkOf(job)), linkOf(job)).toBe(true);
      expect(log).toHaveLength(observed.length);
      // Every fault kind happened.
      const statuses = new Set(log.map((r) => r.status));
      for (const status of [0, 200, 401, 403, 429, 500, 502, 503]) expect(statuses, `status ${status}`).toContain(status);

      // Nothing went anywhere but the configured service.
      expect(new Set(observed.map((o) => o.origin))).toEqual(new Set([new URL(demo.url).origin]));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      // The figures docs/reliability.md quotes.
      const byStatus = Object.fromEntries([...statuses].sort((a, b) => a - b).map((s) => [s, log.filter((r) => r.status === s).length]));
      process.stdout.write(
        `fault matrix: ${total} jobs, ${done.length} done, ${failed.length} failed with a reason, 0 lost, 0 duplicated; ${log.length} requests by status ${JSON.stringify(byStatus)}\n`,
      );
    },
    TEST_TIMEOUT_MS,
  );
});
