/**
 * Watch planning benchmark (issue 30): 10,000 watched items and 200 watched accounts on the Pro
 * plan (5,000 requests a day). Weekly items and daily accounts cost 10,000 ÷ 7 + 200 = 1,629
 * requests a day: a third of the plan's day (share 0.33). The default watch cap, a quarter
 * (1,250), would refuse such a library, so its user raises it, as the bench does: share 0.4,
 * a cap of 2,000, which leaves room for a few more watches. The bench measures:
 * - the planner's schedule over a simulated week, pass by pass: the most requests queued in any
 *   day (limit: the cap);
 * - a pass over what is due costs what is due, not the size of the library: one pass with 10 due
 *   and one with 1,000 due among the 10,200 watches (the library's other watches not due).
 * No request is sent: the queue is not started, so runs stay queued and are only counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../src/main/core/core';
import { createLogger } from '../src/main/core/log';
import { createMemorySecretStore } from '../src/main/core/secrets/secret-store';
import { writeTransaction } from '../src/main/core/store/write-transaction';
import { watchesRepository } from '../src/main/core/store/watch/watches-repository';
import { requestsPerDay } from '../src/main/core/watch/cost';
import { WATCH_TICK_MS } from '../src/main/core/watch/due';
import { createSimTime } from '../test/helpers/sim-time';
import { figure, forComparison, type BenchmarkResult } from './report';

const ITEMS = 10_000;
const ACCOUNTS = 200;
const CAP_SHARE = 0.4;
const DAY = 24 * 3_600_000;

export async function runWatchPlanBenchmark(log: (line: string) => void): Promise<BenchmarkResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-bench-watch-'));
  const sim = createSimTime();
  const core = createCore({
    dataDir,
    appVersion: 'bench',
    host: 'cli',
    clock: sim.clock,
    timers: sim.timers,
    fetch: () => Promise.reject(new Error('the watch benchmark sends nothing')),
    secretStore: createMemorySecretStore(),
    log: createLogger(() => undefined),
    startDemo: () => Promise.reject(new Error('no demo')),
  });
  try {
    const { db, watches } = core.context;
    for (const [key, value] of [
      ['plan', 'pro'],
      ['watch.cap-share', String(CAP_SHARE)],
    ]) {
      const set = await core.dispatch('settings.set', { key, value });
      if (!set.ok) throw new Error(set.error.message);
    }
    const start = sim.now();
    // Saved as the planner would save them, spread over their first interval (rows written directly: 10,200 plans cost minutes).
    writeTransaction(db, (tx) => {
      for (let i = 0; i < ITEMS + ACCOUNTS; i += 1) {
        const account = i >= ITEMS;
        const interval = account ? '1d' : '7d';
        const step = account ? DAY : 7 * DAY;
        watchesRepository.insert(tx, {
          label: account ? `account ${i}` : `item ${i}`,
          targetKind: 'operation',
          itemId: null,
          targetOperation: 'videosite/search',
          targetParams: JSON.stringify({ query: `q${i}` }),
          operation: 'videosite/search',
          params: JSON.stringify({ query: `q${i}` }),
          pages: 1,
          interval,
          createdAt: new Date(start).toISOString(),
          nextDueAt: new Date(start + Math.floor(((account ? i - ITEMS : i) * step) / (account ? ACCOUNTS : ITEMS))).toISOString(),
          member: null,
        });
      }
    });
    const planned = ITEMS * requestsPerDay('7d') + ACCOUNTS * requestsPerDay('1d');
    const cap = Math.floor(5000 * CAP_SHARE);
    const shareNeeded = Math.ceil((planned / 5000) * 100) / 100;
    log(`planned: ${planned.toFixed(1)} requests a day, needing a share of ${shareNeeded} (the default is 0.25); cap set ${cap}`);

    // A week of passes, one a minute, as the runtime makes them.
    const queuedAt: number[] = [];
    for (let at = start; at < start + 7 * DAY; at += WATCH_TICK_MS) {
      sim.advanceTo(at);
      const { queued } = await watches.run({});
      for (let n = 0; n < queued; n += 1) queuedAt.push(at);
      // The runs end at once (nothing is sent): marked examined, so each watch is due again next time.
      writeTransaction(db, (tx) => {
        for (const run of watchesRepository.openRuns(tx)) watchesRepository.markExamined(tx, run.id, new Date(at).toISOString());
      });
    }
    let busiestDay = 0;
    for (let i = 0, j = 0; i < queuedAt.length; i += 1) {
      while (queuedAt[j]! < queuedAt[i]! - DAY + 1) j += 1;
      busiestDay = Math.max(busiestDay, i - j + 1);
    }
    log(`busiest day: ${busiestDay} requests queued`);

    // Passes with 10 and with 1,000 due among the 10,200: each timed over the median of 5.
    const timePass = async (due: number): Promise<number> => {
      const times: number[] = [];
      for (let round = 0; round < 5; round += 1) {
        const at = sim.now() + 30 * DAY * (round + 1);
        writeTransaction(db, (tx) => {
          const far = new Date(at + 365 * DAY).toISOString();
          for (const row of watchesRepository.all(tx)) watchesRepository.markQueued(tx, row.id, row.last_run_at ?? far, far);
          for (const row of watchesRepository.all(tx).slice(0, due))
            watchesRepository.markQueued(tx, row.id, far, new Date(at - 1).toISOString());
        });
        sim.advanceTo(at);
        const began = performance.now();
        const dueRows = watchesRepository.due(db, new Date(at).toISOString(), 10_000);
        times.push(performance.now() - began);
        if (dueRows.length !== due) throw new Error(`expected ${due} due, found ${dueRows.length}`);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const ten = await timePass(10);
    const thousand = await timePass(1000);
    log(`pass over what is due: 10 due ${ten.toFixed(3)} ms, 1000 due ${thousand.toFixed(3)} ms`);
    return {
      benchmark: 'watch-plan',
      parameters: { items: ITEMS, accounts: ACCOUNTS, plan: 'pro', capShare: CAP_SHARE },
      figures: [
        figure(
          'planned requests a day',
          planned,
          'requests',
          {
            description: `≤ the watch cap (${cap}: share ${CAP_SHARE} set by the user; this library needs ${shareNeeded})`,
            value: cap,
            unit: 'requests',
          },
          'lower',
        ),
        figure(
          'most requests queued in a day (week simulated)',
          busiestDay,
          'requests',
          { description: `≤ the watch cap (${cap})`, value: cap, unit: 'requests' },
          'lower',
        ),
        forComparison(figure('pass with 10 due of 10,200', ten, 'ms', { description: 'for comparison', value: ten, unit: 'ms' }, 'lower')),
        figure(
          'pass with 1,000 due ÷ pass with 10 due',
          thousand / Math.max(ten, 0.001),
          '×',
          { description: 'grows with what is due (≥ 5×), not flat at the library’s size', value: 5, unit: '×' },
          'higher',
        ),
      ],
      measurements: { planned, shareNeeded, busiestDay, passTenMs: ten, passThousandMs: thousand },
    };
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
