/**
 * Queue benchmark (issue 5), against the built-in demo service on a simulated clock:
 * - utilisation over a simulated hour on the Pro plan with no colleagues: requests sent
 *   divided by what the plan allows in that hour (target ≥ 98 %, zero 429s);
 * - the same hour with colleagues spending half the team's budget: the share of requests
 *   answered 429 (target < 2 %), and jobs lost (target 0);
 * - jobs lost or duplicated across 20 SIGKILLs of `gleaner import` in the middle of a run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createCore } from '../src/main/core/core';
import { createLogger } from '../src/main/core/log';
import { MINUTE_MS } from '../src/main/core/queue/rate';
import { createMemorySecretStore } from '../src/main/core/secrets/secret-store';
import { startDemoService } from '../src/main/demo/server';
import type { DemoService } from '../src/main/demo/types';
import { createSimTime } from '../test/helpers/sim-time';
import { figure, type BenchmarkResult } from './report';

const HOUR_MS = 60 * MINUTE_MS;
const repoRoot = join(__dirname, '..');

async function simulatedHour(
  colleagueShare: number,
): Promise<{ sent: number; limited: number; allowed: number; queued: number; done: number; failed: number }> {
  const sim = createSimTime();
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-bench-queue-'));
  let demo: DemoService | undefined;
  const core = createCore({
    dataDir,
    appVersion: 'bench',
    host: 'cli',
    clock: sim.clock,
    timers: sim.timers,
    random: Math.random,
    fetch: globalThis.fetch.bind(globalThis),
    secretStore: createMemorySecretStore(),
    log: createLogger(() => undefined),
    startDemo: async () => {
      demo = await startDemoService({ port: 0, seed: 'bench-queue', clock: sim.clock });
      if (colleagueShare > 0) demo.control.setColleagues(colleagueShare, 'pro');
      return demo;
    },
  });
  try {
    core.context.settings.set('service.plan', 'pro');
    const jobs = Array.from({ length: 4000 }, (_, i) => ({
      operation: 'videosite/video' as const,
      params: { url: `https://www.youtube.com/watch?v=b${String(i).padStart(10, '0')}` },
    }));
    const start = sim.now();
    core.context.queue.enqueue({ kind: 'import', label: 'bench', jobs });
    core.context.queue.start();
    await sim.runUntil(() => false, { until: start + HOUR_MS, idle: () => core.context.queue.whenIdle() }).catch(() => undefined);
    await core.context.queue.stop();
    const received = demo!.control.requests().filter((r) => r.path.startsWith('/api/') && Date.parse(r.time) < start + HOUR_MS);
    const status = core.context.queue.status();
    return {
      sent: received.length,
      limited: received.filter((r) => r.status === 429).length,
      allowed: 60 * 60,
      queued: status.counts.queued + status.counts.running,
      done: status.counts.done,
      failed: status.counts.failed,
    };
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 20 SIGKILLs of `gleaner import` mid-run, then one run to the end: items lost or duplicated. */
async function crashLoop(
  kills: number,
  links: number,
  log: (line: string) => void,
): Promise<{ lost: number; duplicated: number; requests: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-bench-crash-'));
  const demo = await startDemoService({ port: 0, seed: 'bench-crash' });
  const env = { PATH: process.env.PATH ?? '', GLEANER_TOKEN: demo.teams.find((t) => t.plan === 'team')!.token };
  const gleaner = (args: string[]) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      const child = spawn(process.execPath, [join(repoRoot, 'bin', 'gleaner.js'), ...args, '--data-dir', dataDir], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      child.on('exit', (code, signal) => resolve({ code, signal }));
    });
  try {
    for (const [key, value] of [
      ['base-url', demo.url],
      ['plan', 'team'],
      ['limits.per-minute', '3000'],
      ['limits.per-day', '100000'],
    ])
      await gleaner(['config', 'set', key!, value!]);
    const file = join(dataDir, 'links.txt');
    writeFileSync(
      file,
      Array.from({ length: links }, (_, i) => `https://www.youtube.com/watch?v=k${String(i).padStart(10, '0')}`).join('\n'),
    );
    for (let round = 0; round < kills; round += 1) {
      await importKilledAfter(file, 5 + (round % 5));
      if (round % 5 === 4) log(`  crash loop: ${round + 1} kills`);
    }
    await gleaner(['import', file, '--json']);
    const { openDatabase } = await import('../src/main/core/store/database');
    const db = openDatabase({ path: join(dataDir, 'gleaner.sqlite3') });
    const items = Number(db.prepare('SELECT count(*) FROM items').pluck().get());
    const distinct = Number(db.prepare('SELECT count(DISTINCT native_id) FROM items').pluck().get());
    db.close();
    const requests = demo.control.requests().filter((r) => r.path.startsWith('/api/')).length;
    return { lost: links - distinct, duplicated: items - distinct, requests };
  } finally {
    await demo.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  /** Starts `gleaner import` and SIGKILLs it after a few progress lines. */
  function importKilledAfter(file: string, progressLines: number) {
    return new Promise<void>((resolve) => {
      const child = spawn(process.execPath, [join(repoRoot, 'bin', 'gleaner.js'), 'import', file, '--json', '--data-dir', dataDir], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let seen = 0;
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('{"progress"') && (seen += 1) >= progressLines) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve());
    });
  }
}

export async function runQueueBenchmark(log: (line: string) => void): Promise<BenchmarkResult> {
  const alone = await simulatedHour(0);
  log(`simulated hour, no colleagues: ${alone.sent} sent of ${alone.allowed} allowed, ${alone.limited} answered 429`);
  const shared = await simulatedHour(0.5);
  log(`simulated hour, colleagues take half: ${shared.sent} sent, ${shared.limited} answered 429, ${shared.failed} failed`);
  const crashes = await crashLoop(20, 400, log);
  log(`crash loop: ${crashes.lost} lost, ${crashes.duplicated} duplicated, ${crashes.requests} requests for 400 links`);
  return {
    benchmark: 'queue',
    parameters: { plan: 'pro (60/min, 5000/day)', simulatedMinutes: 60, colleagueShare: 0.5, kills: 20, crashLoopLinks: 400 },
    figures: [
      figure(
        'Utilisation, no colleagues',
        alone.sent / alone.allowed,
        'ratio',
        { description: 'at least 98 % of what the plan allows', value: 0.98, unit: 'ratio' },
        'higher',
        `${alone.sent} of ${alone.allowed} requests in the hour`,
      ),
      figure('429s, no colleagues', alone.limited, 'count', { description: 'zero', value: 0, unit: 'count' }, 'lower'),
      figure(
        '429s with colleagues taking half',
        shared.sent === 0 ? 1 : shared.limited / shared.sent,
        'ratio',
        { description: 'under 2 % of requests', value: 0.02, unit: 'ratio' },
        'lower',
        `${shared.limited} of ${shared.sent}`,
      ),
      figure('Jobs lost with colleagues', shared.failed, 'count', { description: 'zero', value: 0, unit: 'count' }, 'lower'),
      figure('Jobs lost across 20 SIGKILLs', crashes.lost, 'count', { description: 'zero', value: 0, unit: 'count' }, 'lower'),
      figure('Items duplicated across 20 SIGKILLs', crashes.duplicated, 'count', { description: 'zero', value: 0, unit: 'count' }, 'lower'),
    ],
    measurements: {
      aloneSent: alone.sent,
      aloneLimited: alone.limited,
      sharedSent: shared.sent,
      sharedLimited: shared.limited,
      sharedDone: shared.done,
      crashRequests: crashes.requests,
    },
  };
}
