/**
 * Resident memory of the `gleaner serve` host with a library of N items (1,000,000 by default)
 * open — after the page has loaded and browsed, searched and opened items, which is when the
 * host holds the most for a reader — and its growth while it exports every item of that
 * library to CSV (sampled every 50 ms from /proc).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildLibrary } from './fixture-library';
import { COMMON_TERMS } from './library';
import { figure, type BenchmarkResult } from './report';
import type { ExportProgress, ExportStarted } from '../src/shared/export';
import { launchChromium, listenTo, residentMiB, rpc, startServe, type Served } from './serve';

const OPEN_LIMIT_MIB = 400;
const EXPORT_GROWTH_LIMIT_MIB = 200;
const SAMPLE_MS = 50;

interface SearchAnswer {
  total: number;
  hits: { id: number }[];
}

/** Samples the host's resident memory while `work` runs; returns the highest sample. */
async function peakWhile(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = residentMiB(pid).now;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentMiB(pid).now);
    } catch {
      // The process ended; the samples so far stand.
    }
  }, SAMPLE_MS);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, residentMiB(pid).now);
}

/** Exports the whole library to CSV through the host, as the Library view's Export action does in browser mode. */
async function exportAll(served: Served): Promise<{ rows: number }> {
  const events = await listenTo<ExportProgress>(served, 'export.progress');
  try {
    const { exportId } = await rpc<ExportStarted>(served, 'export.start', {
      scope: { kind: 'all' },
      format: 'csv',
      transcripts: false,
      manifest: false,
    });
    const progress = await events.waitFor((p) => p.exportId === exportId && p.state !== 'running');
    if (progress.state !== 'done') throw new Error(`the export ended ${progress.state}: ${progress.error?.message ?? ''}`);
    return { rows: progress.summary?.items ?? 0 };
  } finally {
    events.close();
  }
}

export async function runMemoryBenchmark(items: number, log: (line: string) => void): Promise<BenchmarkResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-bench-mem-'));
  const browser = await launchChromium();
  try {
    log(`building a library of ${items} items`);
    buildLibrary(dataDir, items, log);
    const served = await startServe(dataDir);
    try {
      const pid = served.child.pid!;
      const atStart = residentMiB(pid).now;
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${served.url}#/library`);
      await page.waitForSelector('[data-testid="result-count"]:not(:empty)');
      for (const term of COMMON_TERMS) {
        await page.locator('#library-search-input').fill(term);
        await page.waitForFunction(
          (query) => document.querySelector<HTMLElement>('[data-testid="result-count"]')?.dataset.query === `${query}*`,
          term,
        );
      }
      // Deep pages and item details, as a reader scrolling and opening items would ask for them.
      for (let offset = 0; offset < 50_000; offset += 10_000) {
        const answer = await rpc<SearchAnswer>(served, 'library.search', { sort: 'views', limit: 200, offset });
        for (const hit of answer.hits.slice(0, 20)) await rpc(served, 'items.get', { id: hit.id });
      }
      await page.close();
      const open = residentMiB(pid);
      log(
        `host memory: ${atStart.toFixed(0)} MiB at start, ${open.now.toFixed(0)} MiB with the library open (peak so far ${open.peak.toFixed(0)} MiB)`,
      );

      const figures = [
        figure(
          `Host memory with a ${items.toLocaleString('en')}-item library open`,
          open.now,
          'MiB',
          { description: `under ${OPEN_LIMIT_MIB} MiB resident`, value: OPEN_LIMIT_MIB, unit: 'MiB' },
          'lower',
          `${atStart.toFixed(0)} MiB just after start`,
        ),
      ];
      const measurements: Record<string, number> = { startMiB: atStart, openMiB: open.now, openPeakMiB: open.peak };
      {
        const before = residentMiB(pid).now;
        let rows = 0;
        const peak = await peakWhile(pid, async () => {
          rows = (await exportAll(served)).rows;
        });
        const growth = peak - before;
        log(`export of ${rows} rows: host memory ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB`);
        figures.push(
          figure(
            `Host memory growth during a ${rows.toLocaleString('en')}-row export`,
            growth,
            'MiB',
            { description: `flat: under ${EXPORT_GROWTH_LIMIT_MIB} MiB growth (issue 7)`, value: EXPORT_GROWTH_LIMIT_MIB, unit: 'MiB' },
            'lower',
            `${before.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB at the peak`,
          ),
        );
        Object.assign(measurements, { exportRows: rows, beforeExportMiB: before, exportPeakMiB: peak });
      }
      return { benchmark: 'memory', parameters: { items, sampleMs: SAMPLE_MS }, figures, measurements };
    } finally {
      await served.stop();
    }
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
