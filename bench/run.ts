/**
 * `npm run bench`: every benchmark in one go, each figure next to its limit measured in the
 * same run. Writes bench/results.json and bench/RESULTS.md.
 *
 *   npm run bench                      # the default sizes (1,000,000 items)
 *   npm run bench -- --items 100000    # a smaller library
 *   npm run bench -- --only library      # or --only queue, --only export
 *   npm run bench -- --report-only       # rewrite RESULTS.md from results.json
 *   npm run bench -- --only export --segments 200000   # a smaller export
 *   npm run bench -- --only library-view --ui-items 20000  # the Library view in Chromium
 *   npm run bench -- --only memory                         # host memory, 1,000,000 items
 *   npm run bench -- --only cli-start --cli-runs 10        # gleaner --help and search, process start to exit
 *   npm run bench -- --only library-view-large --items 50000  # the Library view over --items items
 *   npm run bench -- --only team-sync --answers 100000     # team sync through a throwaway PostgreSQL
 *   npm run bench -- --only team-quota                     # three desks on one hub (skipped without PostgreSQL)
 *   npm run bench -- --only watch-plan                     # 10,000 watched items + 200 accounts on Pro: the day fits the cap
 *   npm run bench -- --only bundle                         # a case bundle of 100,000 items next to zip -r
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBrowserBenchmark } from './browser';
import { runCliStartBenchmark } from './cli-start';
import { runExportBenchmark } from './export';
import { runBundleBenchmark } from './bundle';
import { runLibraryBenchmark } from './library';
import { runLibraryViewBenchmark } from './library-view';
import { runMemoryBenchmark } from './memory';
import { runQueueBenchmark } from './queue';
import { runTeamSyncBenchmark } from './team-sync';
import { runTeamQuotaBenchmark } from './team-quota';
import { runWatchPlanBenchmark } from './watch-plan';
import type { BenchmarkResult } from './report';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '1000000' },
    segments: { type: 'string', default: '1000000' },
    'ui-items': { type: 'string', default: '100000' },
    'cli-runs': { type: 'string', default: '20' },
    answers: { type: 'string', default: '20000' },
    only: { type: 'string' },
    'report-only': { type: 'boolean', default: false },
    out: { type: 'string', default: join(__dirname) },
  },
});
const items = Number(values.items);
if (!Number.isInteger(items) || items < 1000) throw new Error('--items must be a whole number of at least 1000');
const segments = Number(values.segments);
if (!Number.isInteger(segments) || segments < 1000) throw new Error('--segments must be a whole number of at least 1000');
const uiItems = Number(values['ui-items']);
if (!Number.isInteger(uiItems) || uiItems < 1000) throw new Error('--ui-items must be a whole number of at least 1000');
const cliRuns = Number(values['cli-runs']);
if (!Number.isInteger(cliRuns) || cliRuns < 1) throw new Error('--cli-runs must be a whole number of at least 1');
const answers = Number(values.answers);
if (!Number.isInteger(answers) || answers < 100) throw new Error('--answers must be a whole number of at least 100');

const BENCHMARKS: Record<string, () => Promise<BenchmarkResult>> = {
  library: () => runLibraryBenchmark(items, log),
  queue: () => runQueueBenchmark(log),
  export: () => runExportBenchmark(segments, log),
  'library-view': () => runBrowserBenchmark(uiItems, log),
  memory: () => runMemoryBenchmark(items, log),
  'cli-start': () => runCliStartBenchmark(cliRuns, log),
  'library-view-large': () => runLibraryViewBenchmark(items, log),
  'team-sync': () => runTeamSyncBenchmark(answers, log),
  'team-quota': () => runTeamQuotaBenchmark(log),
  'watch-plan': () => runWatchPlanBenchmark(log),
  bundle: () => runBundleBenchmark(100_000, log),
};

function readPrevious(path: string): { date: string | null; results: BenchmarkResult[] } {
  try {
    const previous = JSON.parse(readFileSync(path, 'utf8')) as { date?: string; results?: BenchmarkResult[] };
    // A result without its own date ran when that report was written.
    return {
      date: previous.date ?? null,
      results: (previous.results ?? []).map((r) => ({ ...r, ranAt: r.ranAt ?? previous.date ?? 'unknown' })),
    };
  } catch {
    return { date: null, results: [] };
  }
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.versions.node,
    platform: process.platform,
  };
  const results: BenchmarkResult[] = [];
  for (const [name, run] of Object.entries(BENCHMARKS)) {
    if (values['report-only'] || (values.only && values.only !== name)) continue;
    log(`\n== ${name} ==`);
    results.push(await run());
  }
  // Keep the figures of benchmarks not run this time (e.g. with --only), each with its own date.
  const previous = readPrevious(join(values.out!, 'results.json'));
  const ran = new Set(results.map((r) => r.benchmark));
  // --report-only rewrites RESULTS.md from results.json, keeping its date: nothing was measured.
  const date = values['report-only'] && previous.date ? previous.date : new Date().toISOString();
  const merged = [...previous.results.filter((r) => !ran.has(r.benchmark)), ...results.map((r) => ({ ...r, ranAt: date }))];
  results.splice(0, results.length, ...merged);
  const report = { date, machine, results };
  mkdirSync(values.out!, { recursive: true });
  writeFileSync(join(values.out!, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  const rows = results.flatMap((r) =>
    r.figures.map(
      (f) =>
        `| ${r.benchmark} | ${f.name} | ${f.value} ${f.unit} | ${f.limit.description} | ${f.comparison ? 'for comparison' : f.met ? 'met' : '**missed**'} | ${f.notes ?? ''} |`,
    ),
  );
  const markdown = [
    '# Benchmark results',
    '',
    `Written on ${report.date} — ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node} (${machine.platform}).`,
    `Each benchmark's own run: ${results.map((r) => `${r.benchmark} ${r.ranAt ?? report.date}`).join('; ')}.`,
    `Parameters: ${results
      .map(
        (r) =>
          `${r.benchmark}: ${Object.entries(r.parameters)
            .map(([k, v]) => `${k}=${v}`)
            .join(', ')}`,
      )
      .join('; ')}.`,
    '',
    '| benchmark | figure | value | limit | verdict | notes |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    'Each figure is measured next to its reference in the same run on the same machine. Regenerate with `npm run bench`.',
    '',
  ].join('\n');
  // Written as the repository's formatter would write it, so a bench run leaves `npm test`'s format check green.
  const formatted = await format(markdown, { ...(await resolveConfig(join(values.out!, 'RESULTS.md'))), parser: 'markdown' });
  writeFileSync(join(values.out!, 'RESULTS.md'), formatted);
  log(`\n${formatted}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
