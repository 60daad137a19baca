/**
 * Case bundle benchmark: a collection of 100,000 items with the answers they came from, bundled
 * by Gleaner (`createBundle`, the code behind `gleaner bundle create --collection`), next to
 * `zip -r` of the same files (the bundle unzipped into a folder) in the same run on the same
 * disk. Also the peak growth of the process's resident memory while bundling (it should stay flat).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EMPTY_CUSTODY } from '../src/main/core/bundle/custody-part';
import { createBundle } from '../src/main/core/bundle/create-bundle';
import { readZipFiles } from '../src/main/core/bundle/zip-reader';
import { createCollectionRepository } from '../src/main/core/library/collections';
import { createIngester } from '../src/main/core/library/ingest';
import { normaliseResponse } from '../src/main/core/platforms/normalise';
import { loadOrCreateSigningKey } from '../src/main/core/secrets/signing-key';
import { createMemorySigningKeyStore } from '../src/main/core/secrets/signing-key-store';
import { openDatabase } from '../src/main/core/store/database';
import { figure, type BenchmarkResult } from './report';

const ITEMS_PER_ANSWER = 50;
const ROUNDS = 2;

/** A video-site search answer as the service sends it: `count` videos from `first` on. */
function searchAnswer(first: number, count: number, n: number) {
  const videos = Array.from({ length: count }, (_, k) => {
    const id = `v${String(first + k).padStart(10, '0')}`;
    return {
      type: 'video',
      id,
      url: `https://www.youtube.com/watch?v=${id}`,
      title: `Harbour council meeting ${first + k}`,
      description: 'The council discussed the harbour budget, the flood defences and the ferry timetable.',
      channel: { id: 'UC1', title: 'Port News', handle: '@portnews' },
      viewCountInt: first + k,
    };
  });
  const data = { videos, channels: [], playlists: [], shorts: [] };
  return {
    operation: 'videosite/search' as const,
    params: { query: `harbour ${n}` },
    requestUrl: `https://api.example.com/api/v1/partner/videosite/search?query=harbour+${n}`,
    requestId: `req_bench_${n}`,
    status: 200,
    fetchedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    durationMs: 100,
    body: JSON.stringify({ success: true, data, meta: { platform: 'videosite', endpoint: 'search', request_id: `req_bench_${n}` } }),
    data,
    nextPage: null,
  };
}

export function buildLibrary(path: string, items: number): void {
  const db = openDatabase({ path });
  const ingest = createIngester(db, normaliseResponse);
  const collections = createCollectionRepository(db, () => '2026-01-02T00:00:00.000Z');
  const answers = Math.ceil(items / ITEMS_PER_ANSWER);
  const ids: number[] = [];
  for (let start = 0; start < answers; start += 100) {
    const batch = Array.from({ length: Math.min(100, answers - start) }, (_, k) =>
      searchAnswer((start + k) * ITEMS_PER_ANSWER, ITEMS_PER_ANSWER, start + k),
    );
    for (const result of ingest.storeMany(batch)) ids.push(...result.itemIds);
  }
  collections.create('Bench');
  for (let start = 0; start < ids.length; start += 10_000) collections.add('Bench', ids.slice(start, start + 10_000));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

export async function runBundleBenchmark(items: number, log: (line: string) => void): Promise<BenchmarkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-bench-bundle-'));
  try {
    const dbPath = join(dir, 'gleaner.sqlite');
    log(`building a library with a ${items.toLocaleString()}-item collection…`);
    buildLibrary(dbPath, items);
    const key = await loadOrCreateSigningKey(createMemorySigningKeyStore());
    const zipVersion = execFileSync('zip', ['-v']).toString().split('\n')[1]?.trim() ?? 'unknown';
    const zipSeconds: number[] = [];
    const gleanerSeconds: number[] = [];
    const rssGrowth: number[] = [];
    let bytes = 0;
    let zipBytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const db = openDatabase({ path: dbPath });
      const out = join(dir, `gleaner-${round}.zip`);
      global.gc?.();
      const baseline = process.memoryUsage.rss();
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
      // Reading the RSS costs a system call: once a row it took a fifth of the time measured.
      let rows = 0;
      const begin = performance.now();
      const summary = await createBundle({
        library: db,
        scope: { kind: 'collection', name: 'Bench' },
        outPath: out,
        key,
        createdAt: new Date().toISOString(),
        custody: () => EMPTY_CUSTODY,
        checkCancelled: () => {
          rows += 1;
          if (rows % 1000 === 0) peak = Math.max(peak, process.memoryUsage.rss());
        },
      });
      gleanerSeconds.push((performance.now() - begin) / 1000);
      clearInterval(sampler);
      rssGrowth.push((Math.max(peak, process.memoryUsage.rss()) - baseline) / 2 ** 20);
      db.close();
      if (summary.items !== items) throw new Error(`bundled ${summary.items} items, expected ${items}`);
      bytes = statSync(out).size;

      // The same files in a folder, zipped by zip -r on the same disk.
      const folder = join(dir, `files-${round}`);
      await readZipFiles(out, (file) => {
        mkdirSync(dirname(join(folder, file.path)), { recursive: true });
        writeFileSync(join(folder, file.path), file.data);
      });
      const started = performance.now();
      const zipped = spawnSync('zip', ['-r', '-q', join(dir, `zip-${round}.zip`), '.'], { cwd: folder });
      if (zipped.status !== 0) throw new Error(`zip failed: ${zipped.stderr.toString()}`);
      zipBytes = statSync(join(dir, `zip-${round}.zip`)).size;
      zipSeconds.push((performance.now() - started) / 1000);
      log(
        `round ${round + 1}: zip -r ${zipSeconds.at(-1)!.toFixed(2)} s, Gleaner ${gleanerSeconds.at(-1)!.toFixed(2)} s, RSS growth ${rssGrowth.at(-1)!.toFixed(0)} MB`,
      );
      rmSync(folder, { recursive: true, force: true });
      rmSync(out);
    }
    const zipBest = Math.min(...zipSeconds);
    const gleanerBest = Math.min(...gleanerSeconds);
    const growth = Math.max(...rssGrowth);
    return {
      benchmark: 'bundle',
      parameters: { items, rounds: ROUNDS, zip: zipVersion },
      figures: [
        figure(
          'case bundle of a 100,000-item collection',
          gleanerBest,
          's',
          { description: `≤ 4 × zip -r of the same files (${zipBest.toFixed(1)} s)`, value: zipBest * 4, unit: 's' },
          'lower',
          `zip -r only compresses files already written; Gleaner also reads them from SQLite, hashes every file, writes the CSVs and Data Package, and signs. Gleaner deflates at level 3, zip -r at 6: ${(bytes / 2 ** 20).toFixed(1)} MB against ${(zipBytes / 2 ** 20).toFixed(1)} MB`,
        ),
        figure(
          'peak RSS growth while bundling',
          growth,
          'MB',
          { description: '< 200 MB, flat', value: 200, unit: 'MB' },
          'lower',
          `bundle of ${(bytes / 2 ** 20).toFixed(0)} MB`,
        ),
      ],
      measurements: { zipSeconds: zipBest, gleanerSeconds: gleanerBest, bundleBytes: bytes, zipBytes, rssGrowthMB: growth },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
