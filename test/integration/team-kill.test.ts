/**
 * Issue 29's quality bar, with real processes and a real PostgreSQL hub: a member SIGKILLed in the
 * middle of its first `team sync` loses nothing and adds nothing twice. Desk A builds a library
 * (answers, collections with their order, notes, tags) before it connects; its first sync is killed
 * after the hub committed the answers and while the change log waits; the next sync finishes, desk
 * B pulls (and is killed once mid-pull too), and both libraries end identical, each passing
 * PRAGMA integrity_check, with every answer and every change on the hub once.
 *
 * Where the kill lands is made certain, not timed: the test holds the hub's append lock (the
 * advisory lock every push takes, store/hub/changes-repository.ts) and lets one push through.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runGleaner, startDemoProcess, type CliRun, type RunningDemo } from '../helpers/cli';
import { createTestCore } from '../helpers/core';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';

interface Desk {
  name: string;
  dataDir: string;
}

/** The key of pg_advisory_xact_lock that every append to the hub takes ("glap"). */
const APPEND_LOCK = 0x676c6170;
const LINKS = 120;

let cluster: PgCluster;
let demo: RunningDemo;
let token: string;
let locker: Client;
const desks: Desk[] = [];

function env(): Record<string, string> {
  return {
    GLEANER_TOKEN: token,
    ...(process.env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS } : {}),
  };
}

async function ok(desk: Desk, args: string[], stdin?: string): Promise<string> {
  const run: CliRun = await runGleaner([...args, '--data-dir', desk.dataDir], {
    env: env(),
    ...(stdin === undefined ? {} : { stdin }),
    timeoutMs: 120_000,
  });
  expect(run.code, `${desk.name}: gleaner ${args.join(' ')}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

/** `gleaner team sync` as its own process, for the test to kill. */
function startSync(desk: Desk) {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'gleaner.js'), 'team', 'sync', '--data-dir', desk.dataDir], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env() },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stderr: () => stderr };
}

async function hubCount(sql: string): Promise<number> {
  const rows = await cluster.adminQuery<{ n: string }>(sql);
  return Number(rows[0]?.n ?? 0);
}

/** Polls until `done` holds; the test's own timeout bounds it, so nothing here is timed. */
async function until(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 25));
}

const someoneWaitsForTheAppendLock = async () =>
  (await hubCount("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")) > 0;

/**
 * Lets Ana's `team sync` make `letThroughFirst` appends to the hub untouched, then one more while
 * the test holds her library's write lock (so she cannot note that the hub has it), then kills her.
 * Expects the append lock held by the test on entry; holds it again on return.
 */
async function killAfterOneAppend(desk: Desk, options: { letThroughFirst?: number } = {}): Promise<void> {
  const sync = startSync(desk);
  for (let i = 0; i < (options.letThroughFirst ?? 0); i += 1) await letOneAppendThrough();
  await until(someoneWaitsForTheAppendLock);
  const writer = new Database(join(desk.dataDir, 'gleaner.sqlite3'), { fileMustExist: true });
  try {
    writer.prepare('BEGIN IMMEDIATE').run();
    await letOneAppendThrough();
    sync.child.kill('SIGKILL');
    // Killed, or (on a machine slower than SQLite's 5 s busy wait) given up on its library: either
    // way stopped between the hub's commit and its own.
    await sync.exited;
    writer.prepare('ROLLBACK').run();
  } finally {
    writer.close();
  }
}

/** Ana waits for the append lock; the test lets her have it once and queues behind her push. */
async function letOneAppendThrough(): Promise<void> {
  await until(someoneWaitsForTheAppendLock);
  await locker.query('SELECT pg_advisory_unlock($1)', [APPEND_LOCK]);
  await locker.query('SELECT pg_advisory_lock($1)', [APPEND_LOCK]);
}

function localState(desk: Desk): { answersPushed: number | null; outbox: number } {
  const db = new Database(join(desk.dataDir, 'gleaner.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    const pushed = db.prepare("SELECT value FROM team_sync_state WHERE name = 'answers.pushed-through-response'").pluck().get() as
      number | undefined;
    return { answersPushed: pushed ?? null, outbox: db.prepare('SELECT count(*) FROM team_outbox').pluck().get() as number };
  } finally {
    db.close();
  }
}

/** What a user sees of a library, keyed only by what is the same on every desk. */
function contents(desk: Desk) {
  const db = new Database(join(desk.dataDir, 'gleaner.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    const itemKey = "i.platform || ':' || coalesce(i.native_id, i.url)";
    const scope = "CASE WHEN x.collection_id = 0 THEN '' ELSE (SELECT name FROM collections WHERE id = x.collection_id) END";
    return {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      setAside: db.prepare('SELECT count(*) FROM team_sync_aside').pluck().get() as number,
      items: db.prepare(`SELECT ${itemKey} AS item, i.url, i.title FROM items i ORDER BY item`).all(),
      collections: db.prepare('SELECT name, global_id FROM collections ORDER BY global_id').all(),
      members: db
        .prepare(
          `SELECT c.global_id, ${itemKey} AS item FROM collection_items x JOIN collections c ON c.id = x.collection_id
             JOIN items i ON i.id = x.item_id ORDER BY c.global_id, x.position, item`,
        )
        .all(),
      notes: db
        .prepare(`SELECT ${scope} AS scope, ${itemKey} AS item, x.body FROM notes x JOIN items i ON i.id = x.item_id ORDER BY scope, item`)
        .all(),
      tags: db
        .prepare(
          `SELECT ${scope} AS scope, ${itemKey} AS item, lower(x.tag) AS tag FROM tags x JOIN items i ON i.id = x.item_id ORDER BY scope, item, tag`,
        )
        .all(),
    };
  } finally {
    db.close();
  }
}

const link = (i: number) => `https://www.youtube.com/watch?v=tk${String(i).padStart(9, '0')}`;

beforeAll(async () => {
  cluster = await startPgCluster();
  demo = await startDemoProcess(['--seed', 'team-kill']);
  token = demo.teams.find((t) => t.plan === 'team')!.token;
  for (const name of ['Ana', 'Ben']) {
    const desk = { name, dataDir: mkdtempSync(join(tmpdir(), `gleaner-kill-${name.toLowerCase()}-`)) };
    desks.push(desk);
    await ok(desk, ['config', 'set', 'base-url', demo.url]);
    await ok(desk, ['config', 'set', 'plan', 'team']);
  }
  locker = new Client({ connectionString: cluster.urlWithPassword });
  await locker.connect();
}, 120_000);

afterAll(async () => {
  await locker?.end().catch(() => undefined);
  for (const desk of desks) {
    await runGleaner(['team', 'disconnect', '--data-dir', desk.dataDir], { env: env() }).catch(() => undefined);
    rmSync(desk.dataDir, { recursive: true, force: true });
  }
  await demo?.stop();
  cluster?.stop();
});

describe('a member SIGKILLed mid-sync', () => {
  it('loses nothing and duplicates nothing: the hub holds everything once and both desks converge', async () => {
    const [ana, ben] = desks as [Desk, Desk];

    // Ana's library, all made before she connects, so her first sync has much to push.
    const file = join(ana.dataDir, 'links.txt');
    writeFileSync(file, Array.from({ length: LINKS }, (_, i) => link(i)).join('\n'));
    await ok(ana, ['import', file, '--collection', 'Wire']);
    // The real clock: the library's send log is of today, and the helper's fixed date would put the
    // queue's next free slot months away.
    const local = createTestCore({ dataDir: ana.dataDir, clock: { now: () => Date.now() } });
    try {
      const client = local.core.client;
      const wire = await client.call('collections.items', { name: 'Wire', limit: 1000 });
      const ids = wire.items.map((item) => item.id);
      expect(ids).toHaveLength(LINKS);
      await client.call('collections.create', { name: 'Harbour' });
      await client.call('collections.create', { name: 'Court' });
      await client.call('collections.add', { name: 'Harbour', itemIds: ids.slice(0, 40) });
      await client.call('collections.add', { name: 'Court', itemIds: ids.slice(30, 90) });
      for (const [i, id] of ids.slice(0, 10).entries())
        await client.call('collections.move', { name: 'Harbour', itemId: id, delta: 3 + i });
      for (const id of ids.slice(0, 30)) await client.call('items.setNote', { itemId: id, body: `Checked ${id} with the harbour office.` });
      for (const id of ids.slice(30, 45))
        await client.call('items.setNote', { itemId: id, body: `For the court story: ${id}`, collection: 'Court' });
      await client.call('items.tag', { itemIds: ids.slice(0, 60), tag: 'verified' });
      await client.call('items.tag', { itemIds: ids.slice(20, 50), tag: 'court', collection: 'Court' });
    } finally {
      await local.core.close();
    }

    const before = contents(ana);

    // Nothing can be appended to the hub until the test lets it.
    await locker.query('SELECT pg_advisory_lock($1)', [APPEND_LOCK]);
    for (const desk of desks) await ok(desk, ['team', 'connect', cluster.url, '--member', desk.name], `${cluster.password}\n`);

    // Kill 1: the hub committed Ana's answers, her library has not yet noted it.
    await killAfterOneAppend(ana);
    expect(await hubCount('SELECT count(*) AS n FROM answers')).toBe(LINKS);
    expect(await hubCount('SELECT count(*) AS n FROM changes')).toBe(0);
    expect(localState(ana)).toEqual({ answersPushed: null, outbox: expect.any(Number) as number });
    const outbox = localState(ana).outbox;
    expect(outbox).toBeGreaterThan(LINKS);

    // Kill 2: her answers again (the hub adds none), then the hub committed her change log and
    // her outbox still holds it.
    await killAfterOneAppend(ana, { letThroughFirst: 1 });
    expect(await hubCount('SELECT count(*) AS n FROM answers')).toBe(LINKS);
    expect(await hubCount('SELECT count(*) AS n FROM changes')).toBe(outbox);
    expect(localState(ana)).toEqual({ answersPushed: expect.any(Number) as number, outbox });

    await locker.query('SELECT pg_advisory_unlock($1)', [APPEND_LOCK]);
    await ok(ana, ['team', 'sync']);
    expect(localState(ana).outbox).toBe(0);
    const answers = await hubCount('SELECT count(*) AS n FROM answers');
    const changes = await hubCount('SELECT count(*) AS n FROM changes');
    expect(answers).toBe(LINKS);
    expect(changes).toBe(outbox);

    // Kill 3: Ben mid-pull, held at the change log after taking the answers.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE changes IN ACCESS EXCLUSIVE MODE');
    const pulling = startSync(ben);
    await until(async () => (await hubCount("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'relation' AND NOT granted")) > 0);
    pulling.child.kill('SIGKILL');
    await pulling.exited;
    await locker.query('ROLLBACK');

    expect(contents(ben).items).toHaveLength(LINKS);
    expect(contents(ben).collections).toHaveLength(0);
    await ok(ben, ['team', 'sync']);
    // A second sync on each side: nothing left to push or pull adds nothing.
    await ok(ana, ['team', 'sync']);
    await ok(ben, ['team', 'sync']);

    expect(await hubCount('SELECT count(*) AS n FROM answers')).toBe(answers);
    expect(await hubCount('SELECT count(*) AS n FROM changes')).toBe(changes);
    expect(
      await hubCount('SELECT count(*) AS n FROM (SELECT request_id, body_sha256 FROM answers GROUP BY 1, 2 HAVING count(*) > 1) d'),
    ).toBe(0);
    expect(await hubCount('SELECT count(*) AS n FROM (SELECT member, local_id FROM changes GROUP BY 1, 2 HAVING count(*) > 1) d')).toBe(0);
    // The same answer (a request id) was not pushed under a second body either.
    expect(await hubCount('SELECT count(DISTINCT request_id) AS n FROM answers')).toBe(answers);

    const onAna = contents(ana);
    const onBen = contents(ben);
    expect(onAna.integrity).toBe('ok');
    expect(onBen.integrity).toBe('ok');
    expect(onAna.items).toHaveLength(LINKS);
    expect(onAna.collections).toHaveLength(3);
    expect(onAna.members).toHaveLength(LINKS + 40 + 60);
    expect(onAna.notes).toHaveLength(45);
    expect(onAna.tags).toHaveLength(90);
    // Ana's own library came through her kills and her colleague's pull unchanged.
    expect(onAna).toEqual(before);
    expect(onAna.setAside + onBen.setAside).toBe(0);
    expect(onBen.items).toEqual(onAna.items);
    expect(onBen.collections).toEqual(onAna.collections);
    expect(onBen.members).toEqual(onAna.members);
    expect(onBen.notes).toEqual(onAna.notes);
    expect(onBen.tags).toEqual(onAna.tags);
  }, 240_000);
});
