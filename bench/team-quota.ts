/**
 * Team quota benchmark (issue 29): three members import 300 links each (100 of them the same
 * links) on the Starter plan (30/min) against the demo service, through one team hub:
 * - the most requests the service saw in any minute (limit 30) and its 429s (limit 0);
 * - the share of the plan used in the whole minutes while work waited (target ≥ 95 %);
 * - how often a shared link was fetched (target: once each).
 *
 * Time: at 30/min the run takes some 25 minutes of service time, so the desks' queues, the demo
 * service and the hub's grants all run on ONE simulated clock: the quota part's `hubClock`
 * (simulations only) stamps grants with it instead of the hub's clock_timestamp(), which is what
 * production uses. The hub itself is a real PostgreSQL (a throwaway cluster); without one the
 * benchmark is skipped and says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createEventHub } from '../src/main/core/events';
import { createCollectionRepository } from '../src/main/core/library/collections';
import { createIngester } from '../src/main/core/library/ingest';
import { createLogger } from '../src/main/core/log';
import { linkProblemFor, platformOfUrl } from '../src/main/core/platforms/recognise-url';
import { normaliseResponse } from '../src/main/core/platforms/normalise';
import { createFetchQueue, type FetchQueue } from '../src/main/core/queue/fetch-queue';
import { MINUTE_MS } from '../src/main/core/queue/rate';
import { createServiceClient } from '../src/main/core/service/client';
import { DEFAULT_SERVICE_SETTINGS } from '../src/main/core/settings/service-settings';
import { openDatabase } from '../src/main/core/store/database';
import { createMembersRepository, migrateHub, openHubDB, readHubId, type HubDB } from '../src/main/core/store/hub';
import { createTeamQuota, type TeamQuotaPart } from '../src/main/core/team/quota';
import { startDemoService } from '../src/main/demo/server';
import { PLAN_LIMITS } from '../src/shared/plans';
import { postgresBinDir, startPgCluster } from '../test/helpers/pg-cluster';
import { createSimTime, type SimTime } from '../test/helpers/sim-time';
import { figure, type BenchmarkResult } from './report';

const MEMBERS = ['Ana', 'Ben', 'Cem'];
const STARTER = PLAN_LIMITS.starter;

interface Desk {
  queue: FetchQueue;
  part: TeamQuotaPart;
  hub: HubDB;
}

/** Warnings about the hub logged by any desk during the run. */
const hubWarnings: string[] = [];

const link = (key: string) => `https://www.youtube.com/watch?v=${key.padStart(11, '0').slice(-11)}`;

/** The most of ascending `times` in any window of `width` ms. */
function busiestWindow(times: readonly number[], width: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= width) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

async function openDesk(
  name: string,
  sim: SimTime,
  hubConfig: { url: string; password: string },
  service: { url: string; token: string },
  dataDir: string,
): Promise<Desk> {
  const hub = await openHubDB(hubConfig);
  const deskId = randomUUID();
  await createMembersRepository(hub).upsert({ deskId, name, appVersion: 'bench' });
  // The hub's warnings (unreachable, a failed write) are counted: a desk on its fallback share sends without the hub.
  const log = createLogger((line) => {
    if (line.includes('team hub')) hubWarnings.push(line);
  });
  let queue: FetchQueue | null = null;
  const part = createTeamQuota({
    // What the runtime wires: the queue's waiting jobs, posted to the hub for fairness.
    backlog: () => {
      const counts = queue?.status().counts;
      return { calls: 0, bulk: counts ? counts.queued + counts.running : 0 };
    },
    clock: sim.clock,
    timers: sim.timers,
    log,
    limits: () => ({ limits: STARTER, dayReset: null }),
    settings: () => ({ fallbackShare: 0.5, freshnessMinutes: 60 }),
    onTokenNotice: () => undefined,
    hubClock: sim.clock,
  });
  part.onSession({ db: hub, deskId, memberName: name, hubId: await readHubId(hub) });
  const db = openDatabase({ path: join(dataDir, `${name}.sqlite3`) });
  const client = createServiceClient({
    fetch: globalThis.fetch.bind(globalThis),
    clock: sim.clock,
    log,
    settings: () => DEFAULT_SERVICE_SETTINGS,
    target: async () => ({ baseUrl: service.url, token: service.token }),
    linkChecks: { platformOfUrl, linkProblem: linkProblemFor },
  });
  queue = createFetchQueue({
    db,
    clock: sim.clock,
    timers: sim.timers,
    random: Math.random,
    service: client,
    ingest: createIngester(db, normaliseResponse),
    collections: createCollectionRepository(db, () => new Date(sim.now()).toISOString()),
    events: createEventHub(),
    log,
    budget: () => ({ limits: STARTER, dayReset: null }),
    ownerId: `bench-${name}`,
    team: () => part.queueHooks,
  });
  await part.settled();
  return { queue, part, hub };
}

export async function runTeamQuotaBenchmark(
  log: (line: string) => void,
  sizes: { perMember: number; shared: number } = { perMember: 300, shared: 100 },
): Promise<BenchmarkResult> {
  const parameters = {
    plan: 'starter (30/min, 1000/day)',
    members: MEMBERS.length,
    linksPerMember: sizes.perMember,
    sharedLinks: sizes.shared,
  };
  if (!postgresBinDir()) {
    log('team-quota: skipped — PostgreSQL server binaries not found (install Debian’s postgresql package).');
    return { benchmark: 'team-quota', parameters: { ...parameters, skipped: 'PostgreSQL not installed' }, figures: [], measurements: {} };
  }
  const sim = createSimTime();
  const cluster = await startPgCluster();
  const demo = await startDemoService({ port: 0, seed: 'bench-team-quota', clock: sim.clock });
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-bench-team-'));
  const desks: Desk[] = [];
  try {
    const admin = await openHubDB({ url: cluster.url, password: cluster.password });
    await migrateHub(admin);
    await admin.close();
    const token = demo.teams.find((t) => t.plan === 'starter')!.token;
    for (const name of MEMBERS) desks.push(await openDesk(name, sim, cluster, { url: demo.url, token }, dataDir));

    const shared = Array.from({ length: sizes.shared }, (_, i) => link(`shared${i}`));
    const start = sim.now();
    const batches = desks.map((desk, d) => {
      const own = Array.from({ length: sizes.perMember - sizes.shared }, (_, i) => link(`m${d}own${i}`));
      // Each member's list: the shared links in an order of its own, spread through its own links.
      const sharedInOrder = shared.map((_, i) => shared[(i + d * 37) % shared.length]!);
      const links: string[] = [];
      while (sharedInOrder.length > 0 || own.length > 0) {
        const next = sharedInOrder.shift();
        if (next) links.push(next);
        const mine = own.shift();
        if (mine) links.push(mine);
      }
      const jobs = links.map((url) => ({ operation: 'videosite/video' as const, params: { url } }));
      const { batchId } = desk.queue.enqueue({ kind: 'import', label: `bench ${MEMBERS[d]}`, jobs });
      desk.queue.start();
      return batchId;
    });
    const idle = async () => {
      await Promise.all(desks.map((desk) => desk.queue.whenIdle()));
      await Promise.all(desks.map((desk) => desk.part.settled()));
    };
    let lastReport = start;
    await sim.runUntil(
      () => {
        if (sim.now() - lastReport >= 5 * MINUTE_MS) {
          lastReport = sim.now();
          log(`  ${Math.round((sim.now() - start) / MINUTE_MS)} simulated minutes: ${demo.control.requests().length} requests`);
        }
        return desks.every((desk, d) => desk.queue.batchProgress(batches[d]!).finished);
      },
      { idle },
    );
    const requests = demo.control.requests().filter((r) => r.path.startsWith('/api/'));
    const times = requests.map((r) => Date.parse(r.time)).sort((a, b) => a - b);
    const limited = requests.filter((r) => r.status === 429).length;
    const busiest = busiestWindow(times, MINUTE_MS);
    const last = times[times.length - 1] ?? start;
    // Whole minutes from the start in which work was still waiting (the last request came after them).
    const wholeMinutes = Math.floor((last - start) / MINUTE_MS);
    const inWholeMinutes = times.filter((t) => t < start + wholeMinutes * MINUTE_MS).length;
    const utilisation = wholeMinutes === 0 ? 1 : inWholeMinutes / (wholeMinutes * STARTER.perMinute);
    const perMinute = Array.from(
      { length: wholeMinutes + 1 },
      (_, m) => times.filter((t) => t >= start + m * MINUTE_MS && t < start + (m + 1) * MINUTE_MS).length,
    );
    log(`  requests in each minute: ${perMinute.join(' ')}`);
    if (hubWarnings.length > 0) log(`  hub warnings: ${hubWarnings.length}, the first: ${hubWarnings[0]}`);
    const fetches = new Map<string, number>();
    for (const r of requests) fetches.set(r.query.url ?? '', (fetches.get(r.query.url ?? '') ?? 0) + 1);
    const sharedFetchedTwice = shared.filter((url) => (fetches.get(url) ?? 0) > 1).length;
    const sharedNeverFetched = shared.filter((url) => (fetches.get(url) ?? 0) === 0).length;
    const done = desks.reduce((sum, desk, d) => sum + desk.queue.batchProgress(batches[d]!).done, 0);
    log(
      `team-quota: ${requests.length} requests over ${((last - start) / MINUTE_MS).toFixed(1)} simulated minutes, busiest minute ${busiest}, ${limited} × 429, ` +
        `plan used ${(utilisation * 100).toFixed(1)} % in ${wholeMinutes} whole minutes, shared links fetched twice: ${sharedFetchedTwice}, jobs done ${done}`,
    );
    return {
      benchmark: 'team-quota',
      parameters,
      figures: [
        figure(
          'Most requests in any minute at the service',
          busiest,
          'requests',
          { description: 'the plan: 30', value: 30, unit: 'requests' },
          'lower',
        ),
        figure('429s at the service', limited, 'count', { description: 'zero', value: 0, unit: 'count' }, 'lower'),
        figure(
          'Plan used while work waits',
          utilisation,
          'ratio',
          { description: 'at least 95 % of 30/min', value: 0.95, unit: 'ratio' },
          'higher',
          `${inWholeMinutes} requests in ${wholeMinutes} whole minutes`,
        ),
        figure(
          'Shared links fetched more than once',
          sharedFetchedTwice,
          'count',
          { description: 'zero (each once)', value: 0, unit: 'count' },
          'lower',
          `${sizes.shared} links in all three lists; ${sharedNeverFetched} never fetched`,
        ),
      ],
      measurements: {
        requests: requests.length,
        jobsDone: done,
        simulatedMinutes: Math.round((last - start) / MINUTE_MS),
        sharedNeverFetched,
      },
    };
  } finally {
    for (const desk of desks) {
      await desk.queue.stop();
      await desk.part.close();
      await desk.hub.close();
    }
    await demo.close();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
