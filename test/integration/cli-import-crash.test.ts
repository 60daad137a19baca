/**
 * `gleaner import` killed (SIGKILL) in the middle of a run, then run again with the same
 * file: the second run skips what is stored, finishes what waited in the queue, and the
 * library ends with every link exactly once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/core/store/database';
import { repoRoot, runGleaner, startDemoProcess, type RunningDemo } from '../helpers/cli';
import { mixedImportList } from '../helpers/import-list';

let demo: RunningDemo;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  demo = await startDemoProcess(['--seed', 'import-crash']);
  dataDir = mkdtempSync(join(tmpdir(), 'gleaner-import-'));
  env = { GLEANER_TOKEN: demo.teams.find((t) => t.plan === 'team')!.token };
  for (const [key, value] of [
    ['base-url', demo.url],
    ['plan', 'team'],
    ['limits.per-minute', '1200'],
    ['limits.per-day', '20000'],
  ]) {
    expect((await runGleaner(['config', 'set', key!, value!, '--data-dir', dataDir], { env })).code).toBe(0);
  }
}, 60_000);

afterAll(async () => {
  await demo?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function importUntilKilled(file: string, afterDone: number): Promise<{ plan: unknown; killedAt: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'gleaner.js'), 'import', file, '--json', '--data-dir', dataDir], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let plan: unknown;
    let done = 0;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { plan?: unknown; progress?: { done: number } };
      if (message.plan) plan = message.plan;
      if (message.progress) {
        done = message.progress.done;
        if (done >= afterDone) child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve({ plan, killedAt: done }) : reject(new Error(`import ended by itself (${code}) before it was killed`)),
    );
  });
}

describe('an import killed mid-run and started again', () => {
  it('finishes the rest with no duplicate items and no request for junk', async () => {
    const list = mixedImportList(120, { junk: 12, duplicates: 12 });
    const file = join(dataDir, 'links.txt');
    writeFileSync(file, list.text);

    const first = await importUntilKilled(file, 30);
    expect(first.plan).toMatchObject({ counts: { fetch: 120, rejected: 12, duplicate: 12 } });
    expect(first.killedAt).toBeGreaterThanOrEqual(30);

    const second = await runGleaner(['import', file, '--json', '--data-dir', dataDir], { env, timeoutMs: 120_000 });
    expect(second.code, second.stderr).toBe(0);
    const messages = second.stdout
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { plan?: { counts: Record<string, number> }; waiting?: Record<string, number>; failed?: unknown[] },
      );
    const plan = messages[0]!.plan!;
    const count = (status: string) => plan.counts[status] ?? 0;
    expect(count('already-fetched')).toBeGreaterThanOrEqual(30);
    expect(count('already-fetched') + count('already-queued') + count('fetch')).toBe(120);
    // The links the first run left waiting are reported on as they are finished, and at the end.
    const waiting = count('already-queued');
    expect(waiting).toBeGreaterThan(0);
    expect(messages.filter((message) => message.waiting && !('failed' in message)).length).toBeGreaterThan(0);
    expect(messages.at(-1)).toMatchObject({ waiting: { total: waiting, done: waiting, failed: 0, remaining: 0 }, failed: [] });

    const db = openDatabase({ path: join(dataDir, 'gleaner.sqlite3') });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(120);
      expect(db.prepare("SELECT count(*) FROM jobs WHERE state NOT IN ('done')").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
    const requests = (
      (await (await fetch(`${demo.url}/__demo/requests`)).json()) as {
        requests: { path: string; query: Record<string, string>; status: number }[];
      }
    ).requests.filter((r) => r.path.startsWith('/api/'));
    // Every link was answered once; the (up to three) requests in flight at the kill may have
    // been answered twice. 429s (the demo's Team plan allows less than the custom limit set
    // here) are retries the queue must make, and are not counted.
    const answered = requests.filter((r) => r.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(120);
    expect(answered.length).toBeLessThanOrEqual(123);
    expect(requests.some((r) => /example\.com|javascript/.test(JSON.stringify(r.query)))).toBe(false);
  }, 180_000);
});

describe('an import run again to finish what an earlier run left waiting', () => {
  it('says how those links went, and exits non-zero when they failed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gleaner-import-'));
    try {
      // One request a minute: the first run sends one link and is killed while the others wait.
      for (const [key, value] of [
        ['base-url', demo.url],
        ['plan', 'team'],
        ['limits.per-minute', '1'],
        ['limits.per-day', '20000'],
      ]) {
        expect((await runGleaner(['config', 'set', key!, value!, '--data-dir', folder], { env })).code).toBe(0);
      }
      const file = join(folder, 'links.txt');
      writeFileSync(file, mixedImportList(3).text);
      const killed = await new Promise<number>((resolve) => {
        const child = spawn(process.execPath, [join(repoRoot, 'bin', 'gleaner.js'), 'import', file, '--json', '--data-dir', folder], {
          cwd: repoRoot,
          env: { PATH: process.env.PATH ?? '', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        createInterface({ input: child.stdout }).on('line', (line) => {
          const message = JSON.parse(line) as { progress?: { done: number } };
          if ((message.progress?.done ?? 0) >= 1) child.kill('SIGKILL');
        });
        child.on('exit', () => resolve(0));
      });
      expect(killed).toBe(0);
      expect((await runGleaner(['config', 'set', 'limits.per-minute', '1200', '--data-dir', folder], { env })).code).toBe(0);

      // The service now refuses the next requests: the links left waiting fail.
      const faults = await fetch(`${demo.url}/__demo/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules: [{ kind: 'status', status: 404, nextN: 10 }] }),
      });
      expect(faults.status).toBe(200);
      try {
        const again = await runGleaner(['import', file, '--data-dir', folder], { env, timeoutMs: 60_000 });
        expect(again.stdout).toMatch(/2 already queued/);
        expect(again.stdout).toContain('Finished the 2 link(s) waiting from an earlier run: 0 done, 2 failed.');
        expect(again.stdout).not.toContain('Nothing new to fetch.');
        expect(again.stdout.match(/^ {2}failed #\d+ /gm)).toHaveLength(2);
        expect(again.stderr).toMatch(/^error \w+: 2 of 2 request\(s\) failed/m);
        expect(again.code).toBe(3);
      } finally {
        await fetch(`${demo.url}/__demo/faults`, { method: 'DELETE' });
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
