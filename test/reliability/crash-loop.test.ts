/**
 * The crash loop: `gleaner` is SIGKILLed SIZES.crashKills times (20 in the full run) in the
 * middle of its work on one library (import, with the ingest of every response), at moments
 * spread from start-up through planning, fetching and storing. After each kill the database
 * passes PRAGMA integrity_check and nothing committed is lost; a last run resumes the queue and
 * finishes, and the library then equals the one a run without any crash built.
 *
 * The workflow is a list of steps; each round runs (and kills) the next one. When `gleaner
 * export` exists (issue #7), it joins as one more entry of WORKFLOW, and its output is compared
 * in `snapshot` below.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/core/store/database';
import { startDemoService } from '../../src/main/demo/server';
import type { DemoService } from '../../src/main/demo/types';
import { repoRoot, runGleaner } from '../helpers/cli';
import { mixedImportList } from '../helpers/import-list';
import { SIZES, TEST_TIMEOUT_MS } from './sizes';

interface Step {
  name: string;
  args(dirs: { file: string; dataDir: string }): string[];
}

const WORKFLOW: Step[] = [{ name: 'import', args: ({ file }) => ['import', file, '--collection', 'story', '--transcripts', '--json'] }];

let demo: DemoService;
let root: string;
let token: string;
const bin = join(repoRoot, 'bin', 'gleaner.js');

beforeAll(async () => {
  // The demo runs a minute of its rate windows per real second, so its plan never slows the loop;
  // Gleaner's own limit (set below) is what paces the work.
  const start = Date.now();
  demo = await startDemoService({ port: 0, seed: 'crash-loop', clock: { now: () => start + (Date.now() - start) * 60 } });
  token = demo.teams.find((t) => t.plan === 'team')!.token;
  root = mkdtempSync(join(tmpdir(), 'gleaner-crash-loop-'));
});

afterAll(async () => {
  await demo?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function newLibrary(name: string, perMinute: number): Promise<string> {
  const dataDir = join(root, name);
  for (const [key, value] of [['base-url', demo.url], ['plan', 'custom'], ['limits.per-minute', String(perMinute)], ['limits.per-day', '100000']] as const) {
    const result = await runGleaner(['config', 'set', key, value, '--data-dir', dataDir], { env: { GLEANER_TOKEN: token } });
    expect(result.code, result.stderr).toBe(0);
  }
  return dataDir;
}

/** Starts a step and SIGKILLs it `afterMs` after it started; says whether it was killed or ended first. */
function runAndKill(args: string[], dataDir: string, afterMs: number): Promise<{ killed: boolean; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args, '--data-dir', dataDir], { cwd: repoRoot, env: { PATH: process.env.PATH ?? '', HOME: root, GLEANER_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), afterMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL', code, stderr });
    });
  });
}

interface LibraryCheck {
  items: string[];
  story: string[];
  transcripts: string[];
  doneJobs: number;
  unfinishedJobs: number;
  failedJobs: number;
}

/** Opens the library, checks it is sound, and returns what a user would see of it. */
function snapshot(dataDir: string): LibraryCheck {
  const db = openDatabase({ path: join(dataDir, 'gleaner.sqlite3') });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // Every committed response is whole.
    for (const row of db.prepare('SELECT body, body_sha256 AS sha FROM responses').iterate() as IterableIterator<{ body: string; sha: string }>) {
      expect(createHash('sha256').update(row.body).digest('hex')).toBe(row.sha);
    }
    const strings = (sql: string) => (db.prepare(sql).pluck().all() as string[]).sort();
    return {
      items: strings("SELECT platform || ' ' || kind || ' ' || native_id || ' ' || coalesce(url, '') || ' ' || coalesce(title, '') FROM items"),
      story: strings("SELECT i.platform || ' ' || i.native_id FROM collection_items ci JOIN collections c ON c.id = ci.collection_id JOIN items i ON i.id = ci.item_id WHERE c.name = 'story'"),
      transcripts: strings("SELECT i.platform || ' ' || i.native_id || ' ' || t.language || ' ' || t.available || ' ' || (SELECT count(*) FROM transcript_segments s WHERE s.transcript_id = t.id) FROM transcripts t JOIN items i ON i.id = t.item_id"),
      doneJobs: db.prepare("SELECT count(*) FROM jobs WHERE state = 'done'").pluck().get() as number,
      unfinishedJobs: db.prepare("SELECT count(*) FROM jobs WHERE state IN ('queued', 'running', 'paused')").pluck().get() as number,
      failedJobs: db.prepare("SELECT count(*) FROM jobs WHERE state = 'failed'").pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

describe('the crash loop', () => {
  it(
    `survives ${SIZES.crashKills} SIGKILLs mid-work and ends with the library of a run without a crash`,
    async () => {
      const list = mixedImportList(SIZES.crashLinks, { junk: 5, duplicates: 5 });
      const file = join(root, 'links.txt');
      writeFileSync(file, list.text);

      const reference = await newLibrary('reference', 3_000);
      for (const step of WORKFLOW) {
        const result = await runGleaner([...step.args({ file, dataDir: reference }), '--data-dir', reference], { env: { GLEANER_TOKEN: token }, timeoutMs: 300_000 });
        expect(result.code, result.stderr).toBe(0);
      }
      const expected = snapshot(reference);
      expect(expected.items.length).toBeGreaterThanOrEqual(SIZES.crashLinks);
      expect(expected.unfinishedJobs + expected.failedJobs).toBe(0);

      const crashed = await newLibrary('crashed', 600);
      let kills = 0;
      let previous = snapshot(crashed);
      for (let round = 0; round < SIZES.crashKills; round += 1) {
        const step = WORKFLOW[round % WORKFLOW.length]!;
        // From start-up (database open, migrations) through planning to fetching and storing.
        const afterMs = 250 + ((round * 311) % 900);
        const outcome = await runAndKill(step.args({ file, dataDir: crashed }), crashed, afterMs);
        expect(outcome.killed, `round ${round} ended by itself (${outcome.code}) before it was killed: ${outcome.stderr}`).toBe(true);
        kills += 1;
        const now = snapshot(crashed);
        // Nothing committed is ever lost, and the work moves on.
        expect(now.doneJobs).toBeGreaterThanOrEqual(previous.doneJobs);
        expect(now.items.length).toBeGreaterThanOrEqual(previous.items.length);
        expect(new Set(now.items).size).toBe(now.items.length);
        for (const item of previous.items) expect(now.items).toContain(item);
        previous = now;
      }
      expect(kills).toBe(SIZES.crashKills);
      // The queue was still mid-way when the last kill came.
      expect(previous.unfinishedJobs + (previous.doneJobs === 0 ? 1 : 0)).toBeGreaterThan(0);

      // A run with nothing in its way resumes the queue and finishes.
      for (const step of WORKFLOW) {
        const result = await runGleaner([...step.args({ file, dataDir: crashed }), '--data-dir', crashed], { env: { GLEANER_TOKEN: token }, timeoutMs: 300_000 });
        expect(result.code, result.stderr).toBe(0);
      }
      const final = snapshot(crashed);
      expect(final.unfinishedJobs).toBe(0);
      expect(final.failedJobs).toBe(0);
      expect(final.items).toEqual(expected.items);
      expect(final.story).toEqual(expected.story);
      expect(final.transcripts).toEqual(expected.transcripts);
      process.stdout.write(`crash loop: ${kills} SIGKILLs, ${final.items.length} items, ${final.doneJobs} jobs done, library equal to the run without a crash\n`);
    },
    TEST_TIMEOUT_MS,
  );
});
