/**
 * Team sync benchmark (issue 29): the first sync of a library of N answers through a real
 * PostgreSQL hub — a desk pushing its answers, and a new desk pulling them and storing each
 * through its own normaliser — next to PostgreSQL's own `COPY … FROM STDIN` (through `psql`) of
 * the same rows in the same run; then how long a note edited on one desk takes to show on
 * another that listens, p95 over repeated edits, with both desks syncing as the app does
 * (looking for local work every half second, pulling on the hub's notice).
 *
 * Skipped, with a note, where PostgreSQL is not installed (Debian: `postgresql`).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCollectionRepository } from '../src/main/core/library/collections';
import { createIngester, type ResponseToStore } from '../src/main/core/library/ingest';
import { silentLogger } from '../src/main/core/log';
import { normaliseResponse } from '../src/main/core/platforms/normalise';
import { openDatabase } from '../src/main/core/store/database';
import { createMembersRepository, migrateHub, openHubDB, readHubId, type HubDB } from '../src/main/core/store/hub';
import type { HubSession } from '../src/main/core/team/session';
import { createTeamSync } from '../src/main/core/team/sync/team-sync';
import { postgresBinDir, startPgCluster, type PgCluster } from '../test/helpers/pg-cluster';
import { figure, forComparison, percentile, type BenchmarkResult } from './report';

const NOTE_EDITS = 20;
/** An edit not seen within this long counts as this long (and fails the target). */
const NOTE_GIVE_UP_MS = 10_000;

interface BenchDesk {
  db: ReturnType<typeof openDatabase>;
  hub: HubDB;
  session: HubSession;
  ingest: ReturnType<typeof createIngester>;
  folder: string;
}

function answer(n: number): ResponseToStore {
  const id = `vid${String(n).padStart(9, '0')}`;
  const data = {
    videos: [
      {
        type: 'video',
        id,
        url: `https://www.youtube.com/watch?v=${id}`,
        title: `Harbour report ${n}`,
        channel: { id: 'UC1', title: 'Port News' },
      },
    ],
    channels: [],
    playlists: [],
    shorts: [],
  };
  const requestId = `req_bench_${n}`;
  return {
    operation: 'videosite/search',
    params: { query: `harbour ${n}` },
    requestUrl: `https://api.example.com/api/v1/partner/videosite/search?query=harbour+${n}`,
    requestId,
    status: 200,
    fetchedAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    durationMs: 120,
    body: JSON.stringify({ success: true, meta: { request_id: requestId, platform: 'videosite', endpoint: 'search' }, data }),
    data,
    nextPage: null,
  };
}

async function openBenchDesk(cluster: PgCluster, name: string): Promise<BenchDesk> {
  const folder = mkdtempSync(join(tmpdir(), `gleaner-bench-desk-${name}-`));
  const db = openDatabase({ path: join(folder, 'library.sqlite') });
  const ingest = createIngester(db, normaliseResponse);
  const hub = await openHubDB({ url: cluster.url, password: cluster.password });
  await migrateHub(hub);
  const session: HubSession = { db: hub, deskId: randomUUID(), memberName: name, hubId: await readHubId(hub) };
  await createMembersRepository(hub).upsert({ deskId: session.deskId, name, appVersion: 'bench' });
  return { db, hub, session, ingest, folder };
}

async function closeDesk(desk: BenchDesk): Promise<void> {
  await desk.hub.close();
  desk.db.close();
  rmSync(desk.folder, { recursive: true, force: true });
}

const csvCell = (value: string | number | null): string => (value === null ? '' : `"${String(value).replace(/"/g, '""')}"`);

/** The same rows through PostgreSQL's COPY, in psql: seconds taken. */
function copySameRows(cluster: PgCluster, responses: readonly ResponseToStore[]): number {
  const csv = responses
    .map((r) =>
      [r.requestId, r.operation, JSON.stringify(r.params), r.requestUrl, r.status, r.fetchedAt, r.durationMs, r.body]
        .map(csvCell)
        .join(','),
    )
    .join('\n');
  const args = ['-h', cluster.host, '-p', String(cluster.port), '-U', cluster.user, '-d', cluster.database, '-v', 'ON_ERROR_STOP=1', '-q'];
  // The password travels in the child's environment, never on its command line.
  const env = { ...process.env, PGPASSWORD: cluster.password };
  const create = spawnSync(
    'psql',
    [
      ...args,
      '-c',
      'CREATE TABLE bench_copy (request_id text, operation text, params jsonb, request_url text, status integer, fetched_at timestamptz, duration_ms integer, body text)',
    ],
    { env },
  );
  if (create.status !== 0) throw new Error(`psql could not create the comparison table: ${create.stderr.toString()}`);
  const started = performance.now();
  const copy = spawnSync('psql', [...args, '-c', 'COPY bench_copy FROM STDIN WITH (FORMAT csv)'], { env, input: csv, maxBuffer: 1 << 26 });
  const seconds = (performance.now() - started) / 1000;
  if (copy.status !== 0) throw new Error(`psql COPY failed: ${copy.stderr.toString()}`);
  return seconds;
}

export async function runTeamSyncBenchmark(answers: number, log: (line: string) => void): Promise<BenchmarkResult> {
  if (!postgresBinDir()) {
    log('team-sync: skipped — PostgreSQL is not installed here (Debian: apt-get install postgresql).');
    return { benchmark: 'team-sync', parameters: { answers, skipped: 'PostgreSQL is not installed' }, figures: [], measurements: {} };
  }
  const cluster = await startPgCluster();
  const desks: BenchDesk[] = [];
  try {
    const ana = await openBenchDesk(cluster, 'Ana');
    desks.push(ana);
    const responses = Array.from({ length: answers }, (_, n) => answer(n));
    log(`team-sync: building a library of ${answers} answers`);
    const ingestStarted = performance.now();
    for (let from = 0; from < answers; from += 2000) ana.ingest.storeMany(responses.slice(from, from + 2000));
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    log(`team-sync: this desk's own ingest stored them in ${ingestSeconds.toFixed(1)} s`);

    const anaActive = createTeamSync({
      db: ana.db,
      ingest: ana.ingest,
      clock: { now: () => Date.now() },
      log: silentLogger,
      session: () => ana.session,
    });
    let started = performance.now();
    await anaActive.syncOnce();
    const pushSeconds = (performance.now() - started) / 1000;
    log(`team-sync: pushed ${answers} answers in ${pushSeconds.toFixed(1)} s`);

    const ben = await openBenchDesk(cluster, 'Ben');
    desks.push(ben);
    const benActive = createTeamSync({
      db: ben.db,
      ingest: ben.ingest,
      clock: { now: () => Date.now() },
      log: silentLogger,
      session: () => ben.session,
    });
    started = performance.now();
    await benActive.syncOnce();
    const pullSeconds = (performance.now() - started) / 1000;
    log(`team-sync: a new desk pulled and stored them in ${pullSeconds.toFixed(1)} s`);

    const copySeconds = copySameRows(cluster, responses);
    log(`team-sync: PostgreSQL COPY of the same rows took ${copySeconds.toFixed(1)} s`);

    // Note edits, desk to desk, both connected as the app runs them.
    let waiting: { body: string; seen: () => void } | null = null;
    const noteOf = (itemId: number) => ben.db.prepare<[number], string>('SELECT body FROM notes WHERE item_id = ?').pluck().get(itemId);
    const benItem = ben.db.prepare<[], number>("SELECT id FROM items WHERE native_id = 'vid000000000'").pluck().get()!;
    const listener = createTeamSync({
      db: ben.db,
      ingest: ben.ingest,
      clock: { now: () => Date.now() },
      log: silentLogger,
      onPulled: () => {
        if (waiting && noteOf(benItem) === waiting.body) waiting.seen();
      },
    });
    const editor = createTeamSync({ db: ana.db, ingest: ana.ingest, clock: { now: () => Date.now() }, log: silentLogger });
    listener.onSession(ben.session);
    editor.onSession(ana.session);
    await Promise.all([listener.whenListening(), editor.whenListening()]);
    const anaLibrary = createCollectionRepository(ana.db, () => new Date().toISOString());
    const anaItem = ana.db.prepare<[], number>("SELECT id FROM items WHERE native_id = 'vid000000000'").pluck().get()!;
    const latencies: number[] = [];
    for (let edit = 0; edit < NOTE_EDITS; edit += 1) {
      const body = `Edit ${edit} at ${Date.now()}`;
      const seen = new Promise<void>((resolve) => (waiting = { body, seen: resolve }));
      const at = performance.now();
      anaLibrary.setNote(anaItem, body);
      await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, NOTE_GIVE_UP_MS))]);
      latencies.push(performance.now() - at);
      waiting = null;
    }
    await listener.close();
    await editor.close();
    const p95 = percentile(latencies, 95);
    log(`team-sync: note edit visible on another desk, p95 ${Math.round(p95)} ms`);

    const pushRate = answers / pushSeconds;
    const copyRate = answers / copySeconds;
    return {
      benchmark: 'team-sync',
      parameters: { answers, noteEdits: NOTE_EDITS },
      figures: [
        forComparison(
          figure(
            'first sync: answers pushed to the hub',
            pushRate,
            'answers/s',
            { description: 'PostgreSQL COPY of the same rows (psql), same run', value: copyRate, unit: 'rows/s' },
            'higher',
          ),
        ),
        forComparison(
          figure(
            'first sync: answers pulled and stored by a new desk',
            answers / pullSeconds,
            'answers/s',
            { description: 'PostgreSQL COPY of the same rows (psql), same run', value: copyRate, unit: 'rows/s' },
            'higher',
          ),
        ),
        // The floor a pull can reach: each answer is derived by this desk's own normalisers (issue 29.4), which COPY does not do.
        forComparison(
          figure(
            'first sync: pull and store, against this desk storing the same answers itself',
            answers / pullSeconds / (answers / ingestSeconds),
            'ratio',
            { description: "the desk's own ingest of the same answers, 2,000 per transaction, same run", value: 1, unit: 'ratio' },
            'higher',
            `${Math.round(answers / pullSeconds)} answers/s pulled vs ${Math.round(answers / ingestSeconds)} answers/s ingested locally; COPY stores rows without deriving items or the search index`,
          ),
        ),
        figure('note edit visible on another desk, p95', p95, 'ms', { description: 'issue 29 target', value: 2000, unit: 'ms' }, 'lower'),
      ],
      measurements: {
        ingestSeconds,
        pushSeconds,
        pullSeconds,
        copySeconds,
        noteP50Ms: percentile(latencies, 50),
        noteMaxMs: Math.max(...latencies),
      },
    };
  } finally {
    for (const desk of desks) await closeDesk(desk);
    cluster.stop();
  }
}
