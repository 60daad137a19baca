/**
 * How long `gleaner` takes to start and answer (issue 28.19): `gleaner --help`, and
 * `gleaner search` over a small library, each run as a user runs it (a new `node bin/gleaner.js`
 * process), timed from spawn to exit. Node starting and exiting with nothing to do is measured in
 * the same run, for comparison: no command can start faster than that. The commands run with a
 * compile cache of their own, filled by the warm-up run as a user's first run fills theirs; `search`
 * with the cache off shows what that first run costs.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildLibrary } from './fixture-library';
import { figure, forComparison, percentile, type BenchmarkResult } from './report';

const ROOT = join(__dirname, '..');
const BIN = join(ROOT, 'bin', 'gleaner.js');
const LIBRARY_ITEMS = 1000;
const TARGET_MS = 300;

/** GNU time reports a process's CPU time; on a shared, busy machine that moves far less than the wall clock. */
const GNU_TIME = '/usr/bin/time';
const hasGnuTime = existsSync(GNU_TIME);

interface Run {
  wallMs: number;
  /** User plus system CPU time of the process, when GNU time is there to tell it. */
  cpuMs: number | null;
}

/** One run of `node args`, from spawn to exit; a non-zero exit fails the benchmark. */
function timeRun({ args, env }: Command, cpuFile: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = hasGnuTime
      ? [GNU_TIME, ['-f', '%U %S', '-o', cpuFile, process.execPath, ...args]]
      : [process.execPath, [...args]];
    const started = performance.now();
    const child = spawn(command, commandArgs, {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, GLEANER_TOKEN: '', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited with ${code}: ${stderr}`));
      const [user, system] = hasGnuTime ? readFileSync(cpuFile, 'utf8').trim().split(/\s+/).map(Number) : [];
      resolve({ wallMs, cpuMs: user !== undefined && system !== undefined ? (user + system) * 1000 : null });
    });
  });
}

interface Command {
  args: readonly string[];
  env?: Record<string, string>;
}

/** The runs of each command in turn (A B C A B C …), so a change in the machine's load falls on all of them. */
async function timeInTurn(commands: Record<string, Command>, runs: number, cpuFile: string): Promise<Record<string, Run[]>> {
  const times: Record<string, Run[]> = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  // Warms the file cache, and fills the compile cache as a user's first run does.
  for (const command of Object.values(commands)) await timeRun(command, cpuFile);
  for (let run = 0; run < runs; run += 1) {
    for (const [name, command] of Object.entries(commands)) times[name]!.push(await timeRun(command, cpuFile));
  }
  return times;
}

export async function runCliStartBenchmark(runs: number, log: (line: string) => void): Promise<BenchmarkResult> {
  if (!existsSync(join(ROOT, 'out', 'main', 'cli.js'))) throw new Error('The CLI is not built: run `npm run build` first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-bench-cli-'));
  try {
    buildLibrary(dataDir, LIBRARY_ITEMS, log);
    // The compile cache of these runs only: a user's second run on, as each run after the warm-up is.
    const cache = { GLEANER_COMPILE_CACHE: join(dataDir, 'compile-cache') };
    const search = [BIN, 'search', 'flood', '--data-dir', dataDir];
    const times = await timeInTurn(
      {
        node: { args: ['-e', '0'] },
        help: { args: [BIN, '--help'], env: cache },
        search: { args: search, env: cache },
        // As the first run after installing or updating compiles everything (less the few ms of saving).
        searchUncached: { args: search, env: { GLEANER_COMPILE_CACHE: 'off' } },
      },
      runs,
      join(dataDir, 'cpu.txt'),
    );
    const wall = (name: string): number[] => times[name]!.map((run) => run.wallMs);
    const cpu = (name: string): number[] => times[name]!.flatMap((run) => run.cpuMs ?? []);
    const median = (name: string): number => percentile(wall(name), 50);
    const p95 = (name: string): number => percentile(wall(name), 95);
    const cpuMedian = (name: string): number => percentile(cpu(name), 50);
    for (const name of Object.keys(times)) {
      log(
        `  ${name}: median ${median(name).toFixed(0)} ms, p95 ${p95(name).toFixed(0)} ms over ${runs} runs` +
          (hasGnuTime ? `; CPU time median ${cpuMedian(name).toFixed(0)} ms` : ''),
      );
    }
    const limit = { description: `under ${TARGET_MS} ms (issue 28.19)`, value: TARGET_MS, unit: 'ms' };
    const overNode = (name: string): string =>
      `p95 ${p95(name).toFixed(0)} ms; ${(median(name) - median('node')).toFixed(0)} ms more than Node starting with nothing to do` +
      (hasGnuTime ? `; CPU time ${cpuMedian(name).toFixed(0)} ms (Node alone ${cpuMedian('node').toFixed(0)} ms)` : '');
    return {
      benchmark: 'cli-start',
      parameters: { runs, libraryItems: LIBRARY_ITEMS },
      figures: [
        figure('gleaner --help, spawn to exit, median', median('help'), 'ms', limit, 'lower', overNode('help')),
        figure(
          `gleaner search over ${LIBRARY_ITEMS.toLocaleString('en-US')} items, spawn to exit, median`,
          median('search'),
          'ms',
          limit,
          'lower',
          overNode('search'),
        ),
        forComparison(
          figure(
            'gleaner search as a first run (compile cache off), median',
            median('searchUncached'),
            'ms',
            limit,
            'lower',
            overNode('searchUncached'),
          ),
        ),
        forComparison(
          figure('node -e 0 (Node starting and exiting), median', median('node'), 'ms', limit, 'lower', `p95 ${p95('node').toFixed(0)} ms`),
        ),
      ],
      measurements: Object.fromEntries(
        Object.keys(times).flatMap((name) => [
          [`${name}MedianMs`, median(name)],
          [`${name}P95Ms`, p95(name)],
          ...(hasGnuTime ? [[`${name}CpuMedianMs`, cpuMedian(name)]] : []),
        ]),
      ),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
