/**
 * The crash loop: `gleaner` is SIGKILLed SIZES.crashKills times (20 in the full run) in the
 * middle of its work on one library (import, with the ingest of every response), at moments
 * spread from start-up through planning, fetching and storing. After each kill the database
 * passes PRAGMA integrity_check and nothing committed is lost; a last run resumes the queue and
 * finishes, and the library then equals the one a run without any crash built.
 *
 * The workflow is a list of steps; each round runs (and kills) the next one. An import is killed
 * at a moment in its run; an export (`gleaner export`: transcripts to CSV, items to Markdown,
 * transcripts to a folder of SRT files) is killed the moment its temporary file or folder
 * appears, so the kill lands mid-export. After each export kill: nothing stands under the chosen
 * name unless it is complete; a rerun writes it whole and leaves no temporary file behind. An
 * export that ends before it could be killed is checked the same way and does not count as a
 * kill. The final exports (TZ fixed, so the local-time columns agree) equal those of the run
 * without a crash, once the export time in the Markdown header is set aside.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
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
  /** For an export: the name it writes (a file, or a folder for srt). */
  exports?: string;
  args(dirs: { file: string; dataDir: string; out: string }): string[];
}

const WORKFLOW: Step[] = [
  { name: 'import', args: ({ file }) => ['import', file, '--collection', 'story', '--transcripts', '--json'] },
  {
    name: 'export transcripts to CSV',
    exports: 'segments.csv',
    args: ({ out }) => ['export', '--all', '--format', 'csv', '--transcripts', '--out', out],
  },
  { name: 'export items to Markdown', exports: 'items.md', args: ({ out }) => ['export', '--all', '--format', 'md', '--out', out] },
  {
    name: 'export transcripts to SRT files',
    exports: 'subtitles',
    args: ({ out }) => ['export', '--collection', 'story', '--format', 'srt', '--out', out],
  },
];
/** Local-time columns follow TZ; both runs use the same zone. */
const TZ = 'Pacific/Chatham';

let demo: DemoService;
let root: string;
let token: string;
const bin = join(repoRoot, 'bin', 'gleaner.js');

beforeAll(async () => {
  // The demo runs a minute of its rate windows per real second, so its plan never slows the loop;
  // Gleaner's own limit (set below) is what paces the work.
  const start = Date.now();
  demo = await startDemoService({ port: 0, seed: 'crash-loop', clock: { now: () => start + (Date.now() - start) * 60 } });
  // A plan's per-minute window lets a short import through in one burst, and on a quick machine
  // it finished within the first kill's delay; answers that take a moment keep the kills mid-work.
  demo.control.setFaults([{ kind: 'latency', latencyMs: 40 }]);
  token = demo.teams.find((t) => t.plan === 'team')!.token;
  root = mkdtempSync(join(tmpdir(), 'gleaner-crash-loop-'));
});

afterAll(async () => {
  await demo?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function newLibrary(name: string, perMinute: number): Promise<string> {
  const dataDir = join(root, name);
  for (const [key, value] of [
    ['base-url', demo.url],
    ['plan', 'custom'],
    ['limits.per-minute', String(perMinute)],
    ['limits.per-day', '100000'],
  ] as const) {
    const result = await runGleaner(['config', 'set', key, value, '--data-dir', dataDir], { env: { GLEANER_TOKEN: token } });
    expect(result.code, result.stderr).toBe(0);
  }
  return dataDir;
}

/** Starts a step and SIGKILLs it `afterMs` after it started; says whether it was killed or ended first. */
/**
 * Starts a step and SIGKILLs it `afterMs` after it started, or (an export) when the `nth`
 * temporary entry for `watchFor` appears in `watchDir`; says whether it was killed or ended first.
 */
function runAndKill(
  args: string[],
  dataDir: string,
  kill: { afterMs: number } | { watchDir: string; watchFor: string; nth: number },
): Promise<{ killed: boolean; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args, '--data-dir', dataDir], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: root, GLEANER_TOKEN: token, TZ },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    let seen = 0;
    const timer = 'afterMs' in kill ? setTimeout(() => child.kill('SIGKILL'), kill.afterMs) : null;
    const watcher =
      'watchDir' in kill
        ? watch(kill.watchDir, (_event, name) => {
            if (name?.startsWith(`.${kill.watchFor}.`) && name.endsWith('.partial') && (seen += 1) >= kill.nth) child.kill('SIGKILL');
          })
        : null;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      watcher?.close();
      resolve({ killed: signal === 'SIGKILL', code, stderr });
    });
  });
}

const gleaner = (args: string[], dataDir: string) =>
  runGleaner([...args, '--data-dir', dataDir], { env: { GLEANER_TOKEN: token, TZ }, timeoutMs: 300_000 });

/** An export's files as text, keyed by path below `path`. */
function readExport(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const files = statSync(path).isDirectory() ? readdirSync(path).map((name) => join(path, name)) : [path];
  return Object.fromEntries(files.map((file) => [file.slice(path.length), readFileSync(file, 'utf8')]));
}

/** Two exports of one library differ only in the export time of the Markdown header. */
const withoutExportTime = (files: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(files).map(([name, text]) => [
      name,
      text.replace(/^(Items|Transcripts), exported \S+ with/m, '$1, exported <time> with'),
    ]),
  );

/**
 * What may differ between two runs fetching the same things: when each answer was fetched (and
 * so the export time of the Markdown header), the request ids the service gave, and the order
 * the queue stored items in (so their ids, numbering, and the order of rows and files). The rest
 * — every item, row, segment, text, link and local-time zone — must be equal, line for line.
 */
function withoutRunBits(files: Record<string, string>): Record<string, string> {
  // Without their ids, two files may take one name (the demo repeats titles): keep both, in order.
  const byName = new Map<string, string[]>();
  for (const [name, text] of Object.entries(withoutRunBitsEach(files))) {
    const key = name.replace(/^\/\d+-/, '/<id>-');
    byName.set(key, [...(byName.get(key) ?? []), text]);
  }
  return Object.fromEntries([...byName].map(([name, texts]) => [name, texts.sort().join('\n<next file>\n')]));
}

function withoutRunBitsEach(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(withoutExportTime(files)).map(([name, text]) => [
      name,
      text
        .replace(/Fetched:? \d{4}-\d\d-\d\dT[\d:.]+Z/g, 'Fetched <time>')
        // Citations give the fetch moment in words, to the minute: two runs can straddle a minute.
        .replace(/Fetched \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC/g, 'Fetched <time>')
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,(Pacific\/Chatham)/g, '<time>,<local time>,$1')
        .replace(/req\\?_[0-9a-f]+/g, '<request id>')
        .split('\n')
        .map((line) => line.replace(/^(?:## )?\d+(?:\. |,)/, '<n> '))
        .sort()
        .join('\n'),
    ]),
  );
}

const temporaries = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.partial'));

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
    for (const row of db.prepare('SELECT body, body_sha256 AS sha FROM responses').iterate() as IterableIterator<{
      body: string;
      sha: string;
    }>) {
      expect(createHash('sha256').update(row.body).digest('hex')).toBe(row.sha);
    }
    const strings = (sql: string) => (db.prepare(sql).pluck().all() as string[]).sort();
    return {
      items: strings(
        "SELECT platform || ' ' || kind || ' ' || native_id || ' ' || coalesce(url, '') || ' ' || coalesce(title, '') FROM items",
      ),
      story: strings(
        "SELECT i.platform || ' ' || i.native_id FROM collection_items ci JOIN collections c ON c.id = ci.collection_id JOIN items i ON i.id = ci.item_id WHERE c.name = 'story'",
      ),
      transcripts: strings(
        "SELECT i.platform || ' ' || i.native_id || ' ' || t.language || ' ' || t.available || ' ' || (SELECT count(*) FROM transcript_segments s WHERE s.transcript_id = t.id) FROM transcripts t JOIN items i ON i.id = t.item_id",
      ),
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
      const referenceOut = join(root, 'reference-exports');
      mkdirSync(referenceOut, { recursive: true });
      for (const step of WORKFLOW) {
        const result = await gleaner(step.args({ file, dataDir: reference, out: join(referenceOut, step.exports ?? '') }), reference);
        expect(result.code, result.stderr).toBe(0);
      }
      const expected = snapshot(reference);
      expect(expected.items.length).toBeGreaterThanOrEqual(SIZES.crashLinks);
      expect(expected.unfinishedJobs + expected.failedJobs).toBe(0);

      const crashed = await newLibrary('crashed', 600);
      const out = join(root, 'crashed-exports');
      mkdirSync(out, { recursive: true });
      let kills = 0;
      let exportKills = 0;
      let previous = snapshot(crashed);
      for (let round = 0; kills < SIZES.crashKills; round += 1) {
        expect(round, 'exports kept ending before they could be killed').toBeLessThan(SIZES.crashKills * 3);
        const step = WORKFLOW[round % WORKFLOW.length]!;
        if (!step.exports) {
          // From start-up (database open, migrations) through planning to fetching and storing.
          const afterMs = 250 + ((round * 311) % 900);
          const outcome = await runAndKill(step.args({ file, dataDir: crashed, out }), crashed, { afterMs });
          expect(outcome.killed, `round ${round} ended by itself (${outcome.code}) before it was killed: ${outcome.stderr}`).toBe(true);
          kills += 1;
        } else {
          const name = `round-${round}-${step.exports}`;
          const target = join(out, name);
          const outcome = await runAndKill(step.args({ file, dataDir: crashed, out: target }), crashed, {
            watchDir: out,
            watchFor: name,
            nth: 1 + (round % 2),
          });
          const leftAfterKill = withoutExportTime(readExport(target));
          // The same export, uninterrupted, of the same library (an export changes nothing in it).
          const whole = await gleaner(step.args({ file, dataDir: crashed, out: join(out, `whole-${name}`) }), crashed);
          if (outcome.killed) {
            kills += 1;
            if (temporaries(out).some((entry) => entry.startsWith(`.${name}.`))) exportKills += 1;
          } else {
            // It finished, or refused with a code (nothing to export yet).
            if (outcome.code !== 0) expect(outcome.stderr, `round ${round}`).toMatch(/NOT_FOUND/);
          }
          if (whole.code !== 0) {
            // Nothing to export yet (no transcript stored): a coded refusal, and nothing written.
            expect(whole.stderr).toMatch(/NOT_FOUND/);
            expect(leftAfterKill).toEqual({});
          } else {
            const complete = withoutExportTime(readExport(join(out, `whole-${name}`)));
            // Under the chosen name: nothing, or the whole export.
            if (Object.keys(leftAfterKill).length > 0) expect(leftAfterKill).toEqual(complete);
            // A rerun under the same name finishes, and no temporary file is left behind.
            if (Object.keys(leftAfterKill).length === 0) {
              const rerun = await gleaner(step.args({ file, dataDir: crashed, out: target }), crashed);
              expect(rerun.code, rerun.stderr).toBe(0);
              expect(withoutExportTime(readExport(target))).toEqual(complete);
            }
            expect(temporaries(out)).toEqual([]);
          }
        }
        const now = snapshot(crashed);
        // Nothing committed is ever lost, and the work moves on.
        expect(now.doneJobs).toBeGreaterThanOrEqual(previous.doneJobs);
        expect(now.items.length).toBeGreaterThanOrEqual(previous.items.length);
        expect(new Set(now.items).size).toBe(now.items.length);
        for (const item of previous.items) expect(now.items).toContain(item);
        previous = now;
      }
      expect(kills).toBe(SIZES.crashKills);
      // Some kills landed while an export was writing (its temporary file was there).
      expect(exportKills).toBeGreaterThan(0);
      // The queue was still mid-way when the last kill came.
      expect(previous.unfinishedJobs + (previous.doneJobs === 0 ? 1 : 0)).toBeGreaterThan(0);

      // A run with nothing in its way resumes the queue and finishes.
      const finalOut = join(root, 'crashed-final');
      mkdirSync(finalOut, { recursive: true });
      for (const step of WORKFLOW) {
        const result = await gleaner(step.args({ file, dataDir: crashed, out: join(finalOut, step.exports ?? '') }), crashed);
        expect(result.code, result.stderr).toBe(0);
      }
      const final = snapshot(crashed);
      expect(final.unfinishedJobs).toBe(0);
      expect(final.failedJobs).toBe(0);
      expect(final.items).toEqual(expected.items);
      expect(final.story).toEqual(expected.story);
      expect(final.transcripts).toEqual(expected.transcripts);
      for (const step of WORKFLOW.filter((s) => s.exports)) {
        const finalExport = readExport(join(finalOut, step.exports!));
        expect(Object.keys(finalExport).length).toBeGreaterThan(0);
        expect(withoutRunBits(finalExport), step.name).toEqual(withoutRunBits(readExport(join(referenceOut, step.exports!))));
      }
      expect(temporaries(out)).toEqual([]);
      process.stdout.write(
        `crash loop: ${kills} SIGKILLs (${exportKills} mid-export), ${final.items.length} items, ${final.doneJobs} jobs done, library and exports equal to the run without a crash\n`,
      );
    },
    TEST_TIMEOUT_MS,
  );
});
