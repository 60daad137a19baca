/**
 * Library benchmark (issue 4): ingest of N normalised items through Gleaner's real path
 * (normaliser, dedupe, snapshots, provenance, FTS triggers) next to raw SQLite inserting
 * the same titles, texts and authors into a plain FTS5 table, batched the same way; then
 * search latency for common terms next to the same MATCH on the raw table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { createIngester } from '../src/main/core/library/ingest';
import { searchLibrary } from '../src/main/core/library/search';
import { normaliseResponse } from '../src/main/core/platforms/normalise';
import { openDatabase } from '../src/main/core/store/database';
import { figure, percentile, type BenchmarkResult } from './report';

const WORDS = ('harbour flood drought climate council election market energy housing transport school hospital river storm ' +
  'budget police court protest festival football weather farming wildfire coast bridge railway airport museum library science').split(' ');
const PER_RESPONSE = 50;
export const COMMON_TERMS = ['flood', 'council', 'climate', 'harbour', 'energy'];

function makeData(n: number) {
  const pick = (k: number) => WORDS[(n * 7 + k * 13) % WORDS.length]!;
  return {
    videos: Array.from({ length: PER_RESPONSE }, (_, i) => {
      const id = n * PER_RESPONSE + i;
      return {
        type: 'video',
        id: `v${String(id).padStart(10, '0')}`,
        url: `https://www.youtube.com/watch?v=v${String(id).padStart(10, '0')}`,
        title: `${pick(i)} report: the ${pick(i + 1)} and the ${pick(i + 2)} in district ${id % 997}`,
        channel: { id: `UC${id % 5000}`, title: `Channel ${id % 5000}`, handle: `@channel${id % 5000}` },
        viewCountInt: (id * 7919) % 1_000_000,
        publishedTimeText: `${(id % 30) + 1} days ago`,
        lengthText: '4:13',
        lengthSeconds: 253,
      };
    }),
    channels: [],
    playlists: [],
    shorts: [],
    continuationToken: `t${n}`,
  };
}

export async function runLibraryBenchmark(items: number, log: (line: string) => void): Promise<BenchmarkResult> {
  const responses = Math.ceil(items / PER_RESPONSE);
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-bench-lib-'));
  try {
    // Raw: the same text into a plain FTS5 table, one transaction per 50 rows, same pragmas.
    const raw = new BetterSqlite3(join(dir, 'raw.sqlite3'));
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = FULL');
    raw.exec("CREATE VIRTUAL TABLE fts USING fts5 (title, text, author, tokenize = 'unicode61 remove_diacritics 2')");
    const rawInsert = raw.prepare('INSERT INTO fts (title, text, author) VALUES (?, ?, ?)');
    const rawBatch = raw.transaction((rows: { title: string; author: string }[]) => {
      for (const row of rows) rawInsert.run(row.title, null, row.author);
    });
    let started = performance.now();
    for (let n = 0; n < responses; n += 1) {
      rawBatch(makeData(n).videos.map((v) => ({ title: v.title, author: `${v.channel.title} ${v.channel.handle}` })));
    }
    const rawSeconds = (performance.now() - started) / 1000;
    log(`raw FTS5 insert: ${items} rows in ${rawSeconds.toFixed(1)} s`);

    const db = openDatabase({ path: join(dir, 'gleaner.sqlite3') });
    const ingest = createIngester(db, normaliseResponse);
    started = performance.now();
    for (let n = 0; n < responses; n += 1) {
      const data = makeData(n);
      const body = JSON.stringify({ success: true, data, meta: { platform: 'videosite', endpoint: 'search', request_id: `req_bench_${n}` } });
      ingest({
        operation: 'videosite/search',
        params: { query: 'bench' },
        requestUrl: 'http://127.0.0.1/api/v1/partner/videosite/search?query=bench',
        requestId: `req_bench_${n}`,
        status: 200,
        fetchedAt: new Date(Date.UTC(2026, 0, 1) + n).toISOString(),
        durationMs: 1,
        body,
        data,
        nextPage: null,
      });
      if (n > 0 && n % 4000 === 0) log(`  ingested ${n * PER_RESPONSE} items`);
    }
    const ingestSeconds = (performance.now() - started) / 1000;
    log(`Gleaner ingest: ${items} items in ${ingestSeconds.toFixed(1)} s`);

    // Search: each common term many times, Gleaner's full search next to the raw MATCH.
    const rawSearch = raw.prepare('SELECT rowid, snippet(fts, -1, \'[\', \']\', \'…\', 16) FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT 50');
    const gleanerTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (const term of COMMON_TERMS) {
        let t = performance.now();
        rawSearch.all(`"${term}"`);
        rawTimes.push(performance.now() - t);
        t = performance.now();
        searchLibrary(db, { query: term, limit: 50 });
        gleanerTimes.push(performance.now() - t);
      }
    }
    db.close();
    raw.close();
    const rawRate = items / rawSeconds;
    const ingestRate = items / ingestSeconds;
    const p95 = percentile(gleanerTimes, 95);
    const rawP95 = percentile(rawTimes, 95);
    return {
      benchmark: 'library',
      parameters: { items, itemsPerResponse: PER_RESPONSE, searchTerms: COMMON_TERMS.join(' '), searchRuns: gleanerTimes.length },
      figures: [
        figure('Ingest rate vs raw FTS5 insert', ingestRate / rawRate, 'ratio', { description: 'at least 60 % of raw SQLite FTS5 inserts', value: 0.6, unit: 'ratio' }, 'higher', `${Math.round(ingestRate)} items/s vs ${Math.round(rawRate)} rows/s`),
        figure('Search p95 vs raw FTS5 MATCH', p95 / rawP95, 'ratio', { description: 'within 2× of the raw MATCH', value: 2, unit: 'ratio' }, 'lower', `${p95.toFixed(1)} ms vs ${rawP95.toFixed(1)} ms`),
        figure('Search p95, common terms', p95, 'ms', { description: 'under 50 ms', value: 50, unit: 'ms' }, 'lower'),
      ],
      measurements: { ingestSeconds, rawSeconds, ingestRate, rawRate, searchP95Ms: p95, rawSearchP95Ms: rawP95, searchP50Ms: percentile(gleanerTimes, 50), rawSearchP50Ms: percentile(rawTimes, 50) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
