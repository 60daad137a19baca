/**
 * The team quota part against a real PostgreSQL hub: several desks (each its own pool, its own
 * part) on one hub. Where the hub's clock decides, most tests give the desks and the hub one
 * simulated clock (the `hubClock` simulations use), so windows pass without sleeping; the
 * hammering test runs on the hub's own clock with a short window.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../../../src/main/core/clock';
import type { ResponseToStore } from '../../../../../src/main/core/library/ingest';
import { silentLogger } from '../../../../../src/main/core/log';
import { systemTimers, type SendDecision } from '../../../../../src/main/core/queue/fetch-queue';
import { createMembersRepository, migrateHub, openHubDB, questionKey, type HubDB } from '../../../../../src/main/core/store/hub';
import type { JobRow } from '../../../../../src/main/core/store/queue/jobs';
import { createTeamQuota, type QuotaTuning, type TeamQuotaPart } from '../../../../../src/main/core/team/quota';
import { GleanerError } from '../../../../../src/shared/errors';
import type { PlanLimits } from '../../../../../src/shared/plans';
import type { TeamTokenNotice } from '../../../../../src/shared/team';
import { startPgCluster, type PgCluster } from '../../../../helpers/pg-cluster';

const START = Date.parse('2026-03-02T10:00:00Z');
const MINUTE = 60_000;
/** Timers that never fire: a desk whose renewals never run is a desk that died mid-request. */
const stillTimers = { setTimeout: () => 0, clearTimeout: () => undefined };

let cluster: PgCluster;
let time = START;
let nextJobId = 1;
const opened: { db: HubDB; part: TeamQuotaPart }[] = [];

interface Desk {
  part: TeamQuotaPart;
  deskId: string;
  notices: TeamTokenNotice[];
  ask(job: JobRow): Promise<SendDecision>;
  /** This desk received and stored the answer to `job`. */
  answer(job: JobRow, requestId: string): Promise<void>;
}

async function desk(
  name: string,
  options: {
    limits?: PlanLimits;
    hubTime?: 'simulated' | 'real';
    tuning?: Partial<QuotaTuning>;
    freshnessMinutes?: number;
    backlog?: () => { calls: number; bulk: number };
  } = {},
): Promise<Desk> {
  const db = await openHubDB({ url: cluster.url, password: cluster.password });
  const deskId = randomUUID();
  await createMembersRepository(db).upsert({ deskId, name, appVersion: 'test' });
  const notices: TeamTokenNotice[] = [];
  const real = options.hubTime === 'real';
  const clock = real ? systemClock : { now: () => time };
  const part = createTeamQuota({
    clock,
    timers: real ? systemTimers : stillTimers,
    log: silentLogger,
    limits: () => ({ limits: options.limits ?? { perMinute: 4, perDay: 1000 }, dayReset: null }),
    settings: () => ({ fallbackShare: 0.5, freshnessMinutes: options.freshnessMinutes ?? 60 }),
    onTokenNotice: (notice) => notices.push(notice),
    ...(real ? {} : { hubClock: clock }),
    ...(options.tuning ? { tuning: options.tuning } : {}),
    ...(options.backlog ? { backlog: options.backlog } : {}),
  });
  part.onSession({ db, deskId, memberName: name, hubId: 'the-test-hub' });
  await part.settled();
  opened.push({ db, part });
  return {
    part,
    deskId,
    notices,
    ask: (job) => part.queueHooks.beforeSend(job, JSON.parse(job.params) as Record<string, string>, new AbortController().signal),
    async answer(job, requestId) {
      part.queueHooks.afterStored!(job, responseFor(job, requestId, new Date(clock.now()).toISOString()));
      await part.settled();
    },
  };
}

function job(url: string, priority = 0): JobRow {
  return {
    id: nextJobId++,
    batch_id: 1,
    operation: 'videosite/video',
    params: JSON.stringify({ url }),
    collection: null,
    state: 'running',
    attempts: 0,
    pages_left: 0,
    max_items: null,
    items_so_far: 0,
    priority,
    previous_job_id: null,
  };
}

function responseFor(forJob: JobRow, requestId: string, fetchedAt: string): ResponseToStore {
  const data = { id: forJob.params, title: 'A video' };
  return {
    operation: forJob.operation,
    params: JSON.parse(forJob.params) as Record<string, string>,
    requestUrl: `http://127.0.0.1:9/api/videosite/video?url=${encodeURIComponent(forJob.params)}`,
    requestId,
    status: 200,
    fetchedAt,
    durationMs: 40,
    body: JSON.stringify({ success: true, data, meta: { platform: 'videosite', endpoint: 'video', request_id: requestId } }),
    data,
    nextPage: null,
  };
}

const grantTimes = async (): Promise<{ member: string; at: number }[]> =>
  (await cluster.adminQuery<{ member: string; at: Date }>('SELECT member, at FROM quota_grants ORDER BY at')).map((r) => ({
    member: r.member,
    at: r.at.getTime(),
  }));

/** The most grants in any window of `windowMs` ending at a grant. */
function busiestWindow(times: number[], windowMs: number): number {
  return Math.max(0, ...times.map((end) => times.filter((t) => t > end - windowMs && t <= end).length));
}

describe('the team’s one quota and one request per question, on a real hub', () => {
  beforeAll(async () => {
    cluster = await startPgCluster();
    const db = await openHubDB({ url: cluster.url, password: cluster.password });
    await migrateHub(db);
    await db.close();
  }, 120_000);
  afterEach(async () => {
    for (const { db, part } of opened.splice(0)) {
      await part.close();
      await db.close();
    }
    await cluster.adminQuery('TRUNCATE quota_grants, quota_demands, requests, token_events');
    time = START;
  });
  afterAll(() => cluster?.stop());

  it('never grants more than the plan in any window, with three desks asking at once on the hub’s own clock', async () => {
    const windowMs = 1_000;
    const limits = { perMinute: 4, perDay: 10 };
    const desks = await Promise.all(['Ana', 'Ben', 'Cem'].map((name) => desk(name, { limits, hubTime: 'real', tuning: { windowMs } })));
    let sent = 0;
    const worker = async (d: Desk, lane: number) => {
      for (let i = 0; ; i += 1) {
        const asked = job(`https://www.youtube.com/watch?v=${d.deskId.slice(0, 6)}${lane}${i}`);
        const decision = await d.ask(asked);
        if (decision.kind === 'send') {
          sent += 1;
          await d.answer(asked, `req_${d.deskId}_${lane}_${i}`);
        } else if (decision.kind === 'later') {
          const wait = decision.notBefore - Date.now();
          // The day is spent: nothing frees for hours.
          if (wait > 60_000) return;
          await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait)));
        }
      }
    };
    await Promise.all(desks.flatMap((d) => [worker(d, 1), worker(d, 2)]));
    const grants = await grantTimes();
    expect(grants).toHaveLength(10);
    expect(sent).toBe(10);
    expect(
      busiestWindow(
        grants.map((g) => g.at),
        windowMs,
      ),
    ).toBeLessThanOrEqual(limits.perMinute);
    expect(new Set(grants.map((g) => g.member)).size).toBeGreaterThan(1);
  }, 60_000);

  it('lets a call from the window go ahead of a colleague’s bulk backlog', async () => {
    const ana = await desk('Ana', { limits: { perMinute: 3, perDay: 1000 } });
    const ben = await desk('Ben', { limits: { perMinute: 3, perDay: 1000 } });
    for (let i = 0; i < 3; i += 1) {
      const bulk = job(`https://www.youtube.com/watch?v=bulk${i}`);
      expect(await ana.ask(bulk)).toEqual({ kind: 'send' });
      await ana.answer(bulk, `req_bulk_${i}`);
    }
    const call = job('https://www.youtube.com/watch?v=thecall', 1);
    expect(await ben.ask(call)).toEqual({ kind: 'later', notBefore: START + MINUTE });
    time = START + MINUTE;
    // The minute frees three slots: bulk work takes two, the last is the waiting call's.
    const asks = [0, 1, 2].map((i) => job(`https://www.youtube.com/watch?v=more${i}`));
    expect((await ana.ask(asks[0]!)).kind).toBe('send');
    expect((await ana.ask(asks[1]!)).kind).toBe('send');
    expect((await ana.ask(asks[2]!)).kind).toBe('later');
    expect(await ben.ask(call)).toEqual({ kind: 'send' });
  });

  it('tells a backlog the minute is spent without asking the hub for each job, bringing jobs back a few at a time', async () => {
    const ana = await desk('Ana', { limits: { perMinute: 3, perDay: 1000 } });
    for (let i = 0; i < 3; i += 1) {
      const first = job(`https://www.youtube.com/watch?v=first${i}`);
      await ana.ask(first);
      await ana.answer(first, `req_first_${i}`);
    }
    await cluster.adminQuery('UPDATE quota_demands SET calls = 0');
    const backlog = Array.from({ length: 7 }, (_, i) => job(`https://www.youtube.com/watch?v=backlog${i}`));
    const waits: number[] = [];
    for (const waiting of backlog) {
      const decision = await ana.ask(waiting);
      waits.push(decision.kind === 'later' ? decision.notBefore - START : -1);
    }
    // The hub said "a minute from now" once; the rest come back three (the queue's lanes) per slot's worth of time.
    expect(waits).toEqual([MINUTE, MINUTE, MINUTE, MINUTE, MINUTE + 20_000, MINUTE + 20_000, MINUTE + 20_000]);
    const demands = await cluster.adminQuery<{ bulk: number }>('SELECT bulk FROM quota_demands');
    // Only the first ask reached the hub: the backlog it posted is the one job asking then.
    expect(demands).toEqual([{ bulk: 1 }]);
  });

  it('shares the minute between two desks with backlogs, however greedy one of them is', async () => {
    const limits = { perMinute: 10, perDay: 10_000 };
    // Both queues hold far more than the run can send: each posts that backlog.
    const greedy = await desk('Ana', { limits, backlog: () => ({ calls: 0, bulk: 500 }) });
    const modest = await desk('Ben', { limits, backlog: () => ({ calls: 0, bulk: 500 }) });
    const backlog = new Map<Desk, JobRow[]>([
      [greedy, []],
      [modest, []],
    ]);
    // Five simulated minutes, two seconds at a time: the greedy desk asks three times each step, the other once.
    for (let second = 0; second < 300; second += 2) {
      time = START + second * 1000;
      for (const [d, asks] of [
        [greedy, 3],
        [modest, 1],
      ] as const) {
        for (let i = 0; i < asks; i += 1) {
          const waiting = backlog.get(d)!;
          const next = waiting.shift() ?? job(`https://www.youtube.com/watch?v=${d.deskId.slice(0, 8)}${second}${i}`);
          const decision = await d.ask(next);
          if (decision.kind === 'send') await d.answer(next, `req_${next.id}`);
          else waiting.push(next);
        }
      }
    }
    const grants = await grantTimes();
    const byGreedy = grants.filter((g) => g.member === greedy.deskId).length;
    // Each desk's part is 5 a minute; the sliding window and the first minute (before the modest
    // desk had posted its backlog) let one desk run a slot or two ahead: within 10 % of half.
    expect(grants.length).toBeGreaterThanOrEqual(48);
    expect(
      busiestWindow(
        grants.map((g) => g.at),
        MINUTE,
      ),
    ).toBeLessThanOrEqual(10);
    expect(byGreedy / grants.length).toBeGreaterThan(0.45);
    expect(byGreedy / grants.length).toBeLessThan(0.55);
  }, 60_000);

  it('asks the same question once: a colleague waits for the first desk’s answer and stores it with its request id', async () => {
    const ana = await desk('Ana');
    const ben = await desk('Ben');
    const url = 'https://www.youtube.com/watch?v=sharedlink1';
    const anasJob = job(url);
    expect(await ana.ask(anasJob)).toEqual({ kind: 'send' });
    const bensJob = job(url);
    const waiting = await ben.ask(bensJob);
    expect(waiting.kind).toBe('later');
    time += 2_000;
    await ana.answer(anasJob, 'req_original');
    const fetchedAt = new Date(time).toISOString();
    const shared = await ben.ask(bensJob);
    expect(shared).toMatchObject({ kind: 'answered', response: { requestId: 'req_original', fetchedAt, params: { url } } });
    const claims = await cluster.adminQuery<{ key: string; state: string; claimed_by: string; request_id: string }>(
      'SELECT * FROM requests',
    );
    expect(claims).toEqual([
      expect.objectContaining({
        key: questionKey('videosite/video', anasJob.params),
        state: 'answered',
        claimed_by: ana.deskId,
        request_id: 'req_original',
      }),
    ]);
    expect(await grantTimes()).toHaveLength(1);

    // Past the freshness window, the question is asked again.
    time += 61 * MINUTE;
    expect(await ben.ask(job(url))).toEqual({ kind: 'send' });
    // A month on, the hub has forgotten it.
    time += 31 * 24 * 60 * MINUTE;
    const later = job('https://www.youtube.com/watch?v=amonthlater');
    expect(await ben.ask(later)).toEqual({ kind: 'send' });
    const left = await cluster.adminQuery<{ key: string }>('SELECT key FROM requests');
    expect(left).toEqual([{ key: questionKey('videosite/video', later.params) }]);
  });

  it('lets a dead desk’s claim lapse, and releases a failed request’s claim at once', async () => {
    const ana = await desk('Ana', { tuning: { leaseMs: 30_000 } });
    const ben = await desk('Ben', { tuning: { leaseMs: 30_000 } });
    const url = 'https://www.youtube.com/watch?v=diedwhile01';
    expect(await ana.ask(job(url))).toEqual({ kind: 'send' });
    // Ana's desk dies with the request in flight: no renewal, no answer.
    expect((await ben.ask(job(url))).kind).toBe('later');
    time += 31_000;
    const bensJob = job(url);
    expect(await ben.ask(bensJob)).toEqual({ kind: 'send' });

    ben.part.queueHooks.afterFailed!(bensJob, {}, new GleanerError('UPSTREAM_ERROR', 'The service failed.'));
    await ben.part.settled();
    expect(await ana.ask(job(url))).toEqual({ kind: 'send' });
  });

  it('tells every other desk when one desk’s request is refused with the team’s token, and writes nothing of the token', async () => {
    const token = 'tok_live_5ecr3t_never_on_the_hub';
    const ana = await desk('Ana');
    const ben = await desk('Ben');
    time = Date.parse('2026-03-02T14:02:10Z');
    const refused = job('https://www.youtube.com/watch?v=refused0001');
    await ana.ask(refused);
    const heard = new Promise<void>((resolve) => {
      const poll = () => (ben.notices.length > 0 ? resolve() : setTimeout(poll, 20));
      poll();
    });
    ana.part.queueHooks.afterFailed!(refused, {}, new GleanerError('TOKEN_REJECTED', `The service rejected the API token ${token}.`));
    await ana.part.settled();
    await heard;
    expect(ben.notices).toEqual([{ changedAt: '2026-03-02T14:02:10.000Z', seenBy: 'Ana' }]);
    expect(ana.notices).toEqual([]);
    expect(ben.part.status().token).toEqual({ changedAt: '2026-03-02T14:02:10.000Z', seenBy: 'Ana' });
    // Ben saves the new token and his next request is answered: the notice is behind him.
    const afterNewToken = job('https://www.youtube.com/watch?v=newtoken001');
    expect(await ben.ask(afterNewToken)).toEqual({ kind: 'send' });
    await ben.answer(afterNewToken, 'req_with_the_new_token');
    expect(ben.part.status().token).toBeNull();

    const columns = await cluster.adminQuery<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb', 'character varying')`,
    );
    for (const { table_name, column_name } of columns) {
      const hits = await cluster.adminQuery(`SELECT 1 FROM ${table_name} WHERE ${column_name}::text LIKE $1`, ['%5ecr3t%']);
      expect(hits, `${table_name}.${column_name}`).toEqual([]);
    }
  });

  it('waits out a hub blip, then keeps to its fallback share while the hub is down and says so, and asks the hub again once it is back', async () => {
    const ana = await desk('Ana', { limits: { perMinute: 4, perDay: 1000 }, tuning: { hubRetryMs: 5_000, fallbackAfterMs: 10_000 } });
    expect(await ana.ask(job('https://www.youtube.com/watch?v=beforedown1'))).toEqual({ kind: 'send' });
    expect(ana.part.status().budget).toMatchObject({ fallback: false, thisDeskThisMinute: 1, teamThisMinute: 1 });
    cluster.pause();
    try {
      time = START + 1_000;
      // A hub that just stopped answering may be back in a moment: nothing is sent without it yet.
      expect(await ana.ask(job('https://www.youtube.com/watch?v=whiledown01'))).toEqual({ kind: 'later', notBefore: START + 4_000 });
      expect(ana.part.status().budget).toMatchObject({ fallback: false });
      time = START + 11_000;
      // Away for longer: half of 4 a minute, and the grant before the hub went counts toward it.
      expect(await ana.ask(job('https://www.youtube.com/watch?v=whiledown01'))).toEqual({ kind: 'send' });
      expect(await ana.ask(job('https://www.youtube.com/watch?v=whiledown02'))).toEqual({ kind: 'later', notBefore: START + MINUTE });
      expect(ana.part.status().budget).toMatchObject({ fallback: true, fallbackShare: 0.5, thisDeskThisMinute: 2 });
    } finally {
      cluster.resume();
    }
    time = START + MINUTE + 5_000;
    expect(await ana.ask(job('https://www.youtube.com/watch?v=backagain01'))).toEqual({ kind: 'send' });
    expect(ana.part.status().budget).toMatchObject({ fallback: false });
    expect(await grantTimes()).toHaveLength(2);
  }, 60_000);
});
