/**
 * Ctrl+C on a command that waits on the queue (`call`, `import`): the process stops at once,
 * says so, and leaves no job marked running behind it. A call withdraws its request; an
 * import's links stay in line for the next run, as after a crash.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runGleaner, startDemoProcess, type CliRun, type RunningDemo } from '../helpers/cli';

let demo: RunningDemo;
let dataDir: string;
let env: Record<string, string>;

const gleaner = (...args: string[]) => runGleaner([...args, '--data-dir', dataDir], { env });
const queueCounts = async () =>
  (JSON.parse((await gleaner('--json', 'queue', 'status')).stdout) as { counts: Record<string, number> }).counts;
const setFaults = async (rules: unknown[]) => {
  const answer = await fetch(`${demo.url}/__demo/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules }),
  });
  expect(answer.ok).toBe(true);
};

/** Starts `gleaner ARGS`, presses Ctrl+C once its requests are on their way (the service holds them), and waits for it to end. */
async function interruptOnceSending(args: string[], running: number, signal: NodeJS.Signals = 'SIGINT'): Promise<CliRun> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'gleaner.js'), ...args, '--data-dir', dataDir], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end();
  const ended = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  const deadline = Date.now() + 30_000;
  while (((await queueCounts()).running ?? 0) < running) {
    if (Date.now() > deadline) throw new Error(`no request went out: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill(signal);
  return { code: await ended, stdout, stderr };
}

beforeAll(async () => {
  demo = await startDemoProcess(['--seed', 'cli-interrupt']);
  dataDir = mkdtempSync(join(tmpdir(), 'gleaner-interrupt-'));
  env = { GLEANER_TOKEN: demo.teams.find((t) => t.plan === 'team')!.token };
  expect((await gleaner('config', 'set', 'base-url', demo.url)).code).toBe(0);
  await gleaner('config', 'set', 'plan', 'team');
}, 60_000);

afterEach(() => setFaults([]));

afterAll(async () => {
  await demo?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('Ctrl+C while a command waits on the queue', () => {
  it('stops a call and withdraws its request, leaving nothing running or queued', async () => {
    await setFaults([{ kind: 'latency', latencyMs: 60_000 }]);
    const run = await interruptOnceSending(['call', 'videosite', 'trending'], 1);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /Stopping \(Ctrl\+C again to quit at once\)…\nerror CANCELLED: Stopped at your request; everything fetched so far is stored\. This call’s request was not left waiting in the queue\.\n$/,
    );
    expect(await queueCounts()).toMatchObject({ running: 0, queued: 0, cancelled: 1 });
  }, 90_000);

  it('stops an import and keeps its links in line for the next run, which finishes them', async () => {
    const list = join(dataDir, 'links.txt');
    writeFileSync(list, ['dQw4w9WgXcA', 'dQw4w9WgXcB', 'dQw4w9WgXcC'].map((id) => `https://www.youtube.com/watch?v=${id}`).join('\n'));
    await setFaults([{ kind: 'latency', latencyMs: 60_000 }]);
    const run = await interruptOnceSending(['import', list], 1);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error CANCELLED: Stopped at your request; .*run the same import again to finish them/);
    expect(await queueCounts()).toMatchObject({ running: 0, queued: 3 });
    await setFaults([]);
    const again = await gleaner('import', list);
    expect(again.code, again.stderr).toBe(0);
    expect(await queueCounts()).toMatchObject({ running: 0, queued: 0, done: 3 });
  }, 120_000);

  // `timeout`, a CI job cancelled, `kill`, a terminal closed: otherwise the job stayed queued,
  // and a later, unrelated command sent it (and paid for it) without a word.
  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'stops a call on %s the same way, withdrawing its request',
    async (signal) => {
      const before = await queueCounts();
      await setFaults([{ kind: 'latency', latencyMs: 60_000 }]);
      const run = await interruptOnceSending(['call', 'videosite', 'trending'], 1, signal);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/error CANCELLED: Stopped at your request; .*This call’s request was not left waiting in the queue\.\n$/);
      expect(await queueCounts()).toMatchObject({ running: 0, queued: before.queued ?? 0, cancelled: (before.cancelled ?? 0) + 1 });
    },
    90_000,
  );

  it('stops an import whose reader went away (`gleaner import … | head`) as on Ctrl+C, with a failing status', async () => {
    const list = join(dataDir, 'piped.txt');
    writeFileSync(list, ['dQw4w9WgXcD', 'dQw4w9WgXcE'].map((id) => `https://www.youtube.com/watch?v=${id}`).join('\n'));
    await setFaults([{ kind: 'latency', latencyMs: 60_000 }]);
    const run = await runGleaner(['import', list, '--data-dir', dataDir], { env, closeStdout: true });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/error CANCELLED: .*run the same import again to finish them/);
    expect(await queueCounts()).toMatchObject({ running: 0 });
  }, 90_000);
});
