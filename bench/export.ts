/**
 * Export benchmark: 1,000,000 transcript segments exported to CSV by Gleaner (`runExport`, the
 * code behind `gleaner export --format csv --transcripts`), next to `sqlite3 -csv` dumping the
 * same rows from the same database to the same disk in the same run. Also the peak growth of
 * the process's resident memory while Gleaner exports (it should stay flat).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runExport } from '../src/main/core/export/run-export';
import { openDatabase } from '../src/main/core/store/database';
import { figure, type BenchmarkResult } from './report';

const SEGMENTS_PER_TRANSCRIPT = 1000;
/** Each side's best of three turns: the machine may be busy with other work during any one. */
const ROUNDS = 3;

/** The rows Gleaner's transcript CSV holds, as one SELECT for the sqlite3 shell. */
const SAME_ROWS_SQL = `SELECT t.item_id, i.platform, i.url, t.language, g.seq + 1, g.start_ms, g.end_ms, g.text, t.fetched_at, r.operation, r.request_id
  FROM items i JOIN transcripts t ON t.item_id = i.id AND t.available = 1 JOIN transcript_segments g ON g.transcript_id = t.id
  JOIN responses r ON r.id = t.response_id ORDER BY i.id, t.language, g.seq`;

function buildLibrary(path: string, segments: number): void {
  const db = openDatabase({ path });
  const transcripts = Math.ceil(segments / SEGMENTS_PER_TRANSCRIPT);
  // The export never reads the full-text index; filling it would only lengthen the set-up.
  db.exec('DROP TRIGGER segments_fts_insert');
  db.transaction(() => {
    db.prepare(
      `INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body)
       VALUES (1, 'videosite/transcript', '{}', 'https://api.example.com/x', 'req_bench_1', 200, '2026-01-01T00:00:00.000Z', 'x', '{}')`,
    ).run();
    const item = db.prepare(
      `INSERT INTO items (id, platform, kind, native_id, url, title, first_fetched_at, last_fetched_at, last_response_id, has_transcript)
       VALUES (?, 'videosite', 'video', ?, ?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 1, 1)`,
    );
    const transcript = db.prepare(
      `INSERT INTO transcripts (id, item_id, response_id, language, available, format, fetched_at) VALUES (?, ?, 1, 'en', 1, 'segments', '2026-01-01T00:00:00.000Z')`,
    );
    const segment = db.prepare('INSERT INTO transcript_segments (transcript_id, seq, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)');
    let written = 0;
    for (let t = 1; t <= transcripts; t += 1) {
      const id = `v${String(t).padStart(10, '0')}`;
      item.run(t, id, `https://www.youtube.com/watch?v=${id}`, `Council meeting ${t}`);
      transcript.run(t, t);
      for (let s = 0; s < SEGMENTS_PER_TRANSCRIPT && written < segments; s += 1, written += 1) {
        // Now and then a cell a spreadsheet would evaluate, and a line break, as real transcripts have.
        const text =
          s % 97 === 0 ? `=SUM(${s}) said the chair, "quoted"\nnext line` : `segment ${s} of the council meeting about the harbour budget`;
        segment.run(t, s, s * 2500, s * 2500 + 2400, text);
      }
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

export async function runExportBenchmark(segments: number, log: (line: string) => void): Promise<BenchmarkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-bench-export-'));
  try {
    const dbPath = join(dir, 'gleaner.sqlite');
    log(`building a library with ${segments.toLocaleString()} transcript segments…`);
    buildLibrary(dbPath, segments);
    const sqliteVersion = execFileSync('sqlite3', ['--version']).toString().split(' ')[0] ?? 'unknown';

    const sqliteSeconds: number[] = [];
    const gleanerSeconds: number[] = [];
    const rssGrowth: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      // Taking turns on the same disk: neither side gets a warmer cache throughout.
      const sqliteOut = join(dir, `sqlite-${round}.csv`);
      const started = performance.now();
      const shell = spawnSync('sqlite3', ['-csv', '-header', dbPath, `.output ${sqliteOut}`, SAME_ROWS_SQL]);
      if (shell.status !== 0) throw new Error(`sqlite3 failed: ${shell.stderr.toString()}`);
      sqliteSeconds.push((performance.now() - started) / 1000);

      const db = openDatabase({ path: dbPath });
      const gleanerOut = join(dir, `gleaner-${round}.csv`);
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const begin = performance.now();
      const result = await runExport({
        library: db,
        request: { scope: { kind: 'all' }, format: 'csv', transcripts: true, manifest: false },
        outPath: gleanerOut,
        now: () => new Date(),
        appVersion: 'bench',
        timeZone: 'UTC',
        onProgress: () => {
          peak = Math.max(peak, process.memoryUsage().rss);
        },
      });
      gleanerSeconds.push((performance.now() - begin) / 1000);
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      rssGrowth.push((peak - baseline) / 2 ** 20);
      db.close();
      if (result.segments !== segments) throw new Error(`exported ${result.segments} segments, expected ${segments}`);
      bytes = statSync(gleanerOut).size;
      log(
        `round ${round + 1}: sqlite3 -csv ${sqliteSeconds.at(-1)!.toFixed(2)} s, Gleaner ${gleanerSeconds.at(-1)!.toFixed(2)} s, RSS growth ${rssGrowth.at(-1)!.toFixed(0)} MB`,
      );
      rmSync(sqliteOut);
      rmSync(gleanerOut);
    }
    const sqliteRate = segments / Math.min(...sqliteSeconds);
    const gleanerRate = segments / Math.min(...gleanerSeconds);
    const growth = Math.max(...rssGrowth);
    return {
      benchmark: 'export',
      parameters: { segments, rounds: ROUNDS, sqlite: sqliteVersion },
      figures: [
        figure(
          'transcript CSV export rate',
          gleanerRate,
          'rows/s',
          {
            description: `≥ 50 % of sqlite3 -csv on the same rows (${Math.round(sqliteRate).toLocaleString('en')} rows/s)`,
            value: sqliteRate * 0.5,
            unit: 'rows/s',
          },
          'higher',
          `${Math.round((gleanerRate / sqliteRate) * 100)} % of sqlite3 -csv; Gleaner also neutralises formulas, formats h:mm:ss and links, writes a BOM and CRLF, and syncs before renaming`,
        ),
        figure(
          'peak RSS growth while exporting',
          growth,
          'MB',
          { description: '< 200 MB, flat', value: 200, unit: 'MB' },
          'lower',
          `CSV of ${(bytes / 2 ** 20).toFixed(0)} MB`,
        ),
      ],
      measurements: {
        sqliteSeconds: Math.min(...sqliteSeconds),
        gleanerSeconds: Math.min(...gleanerSeconds),
        csvBytes: bytes,
        rssGrowthMB: growth,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
