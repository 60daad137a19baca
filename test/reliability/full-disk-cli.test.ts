/**
 * A full disk, from the command line: `call`, `collections create`, `import`, `export` and
 * `queue resume` each end with `error STORAGE_ERROR: …` saying the disk is full (exit 1), never
 * INTERNAL; and an answer that came while the disk was full is stored by the next run without a
 * second request, though the command that received it has exited.
 *
 * The commands run in this process against a demo service that counts what it receives; the
 * library's disk is made full through the store's test hook (see full-disk-bridge.test.ts), and
 * a file written under a folder named NO_ROOM (an export) fails with ENOSPC, as on a full disk.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoreClient } from '../../src/main/core/bridge/client';
import { fillDiskForTests, openDatabase } from '../../src/main/core/store/database';
import { startDemoService } from '../../src/main/demo/server';
import type { DemoService } from '../../src/main/demo/types';
import { createNodeCore } from '../../src/main/hosts/node-core';
import { runCli, type OpenCore } from '../../src/main/hosts/cli/program';
import { captureCliIo } from '../helpers/cli-io';

const NO_ROOM = 'no-room-left';

// The export writes through a FileHandle from fs/promises: under NO_ROOM, its writes meet a full disk.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const noRoom = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
  const open: typeof actual.open = async (path, ...rest) => {
    const handle = await actual.open(path, ...rest);
    if (!String(path).includes(`${sep}${NO_ROOM}${sep}`)) return handle;
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'write' || key === 'writev' || key === 'writeFile') return () => Promise.reject(noRoom());
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  return { ...actual, default: { ...actual, open }, open };
});

let demo: DemoService;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  demo = await startDemoService({ port: 0, seed: 'full-disk-cli' });
  dir = mkdtempSync(join(tmpdir(), 'gleaner-full-disk-'));
  env = { GLEANER_TOKEN: demo.teams.find((team) => team.plan === 'team')!.token };
  expect((await gleaner(['config', 'set', 'base-url', demo.url])).code).toBe(0);
  // Something stored before the disk filled, to find whole afterwards.
  expect((await gleaner(['call', 'videosite', 'search', 'query=flood', '--collection', 'story'])).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** When the disk fills: as the command opens the library, or once the command has queued its request (it is sent, its answer cannot be stored). */
type Fill = 'none' | 'at-once' | 'after-queuing';

/** Opens the library as the CLI does, then fills its disk as `fill` says. */
function coresWithFullDisk(fill: Fill): OpenCore {
  return (dataDir, coreEnv) => {
    const opened = createNodeCore({ dataDir, host: 'cli', env: coreEnv });
    const { db } = opened.core.context;
    if (fill === 'at-once') fillDiskForTests(db, { everyWrite: true });
    if (fill !== 'after-queuing') return opened;
    const { client } = opened.core;
    const filling: CoreClient = {
      call: async (method, input) => {
        const answer = await client.call(method, input);
        // Room for the claim of the job, none for its answer's items (SQLite may not grow the file).
        if (method === 'service.start' || method === 'import.queue') fillDiskForTests(db);
        return answer;
      },
      subscribe: (event, listener) => client.subscribe(event, listener),
    };
    return { core: { ...opened.core, client: filling }, log: opened.log };
  };
}

async function gleaner(args: string[], fill: Fill = 'none', stdin = '') {
  // Nobody asks these commands to stop (an export stops when this resolves).
  const { io, out: printed, err: complained } = captureCliIo({ stdin, env, shutdown: 'never' });
  const code = await runCli([...args, '--data-dir', dir], io, '/nowhere', coresWithFullDisk(fill));
  return { code, out: printed(), err: complained() };
}

async function requestsAtTheService(): Promise<string[]> {
  const listed = (await (await fetch(`${demo.url}/__demo/requests`)).json()) as { requests: { path: string; query: unknown }[] };
  return listed.requests.filter((request) => !request.path.startsWith('/__demo')).map((r) => `${r.path} ${JSON.stringify(r.query)}`);
}

/** The answers waiting beside the library to be stored. */
function heldAnswerFiles(): string[] {
  const folder = join(dir, 'held-answers');
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith('job-')) : [];
}

/** How many answers the library holds. */
function storedResponses(): number {
  const db = openDatabase({ path: join(dir, 'gleaner.sqlite3') });
  try {
    return (db.prepare('SELECT count(*) AS n FROM responses').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const FULL = /^error STORAGE_ERROR: The disk holding .* is full.*free some space/i;

describe('a full disk, from the command line', () => {
  it.each([
    ['call', ['call', 'videosite', 'search', 'query=drought'], ''],
    ['collections create', ['collections', 'create', 'Newsdesk'], ''],
    ['import', ['import', '-'], 'https://www.youtube.com/watch?v=dQw4w9WgXcQ\n'],
    ['export', ['export', '--all', '--format', 'csv', '--out', 'NO_ROOM'], ''],
    ['queue resume', ['queue', 'resume'], ''],
  ])('%s ends with STORAGE_ERROR saying the disk is full, exit 1', async (_name, args, stdin) => {
    mkdirSync(join(dir, NO_ROOM), { recursive: true });
    const out = args.map((arg) => (arg === 'NO_ROOM' ? join(dir, NO_ROOM, 'export.csv') : arg));
    const run = await gleaner(out, 'at-once', stdin);
    expect(run.err.trim().split('\n').at(-1)).toMatch(FULL);
    expect(run.code).toBe(1);
  });

  it('stores an answer that came while the disk was full on the next run, without asking the service again', async () => {
    const before = await requestsAtTheService();
    const call = await gleaner(['call', 'videosite', 'search', 'query=harbour'], 'after-queuing');
    expect(call.err).toMatch(/error STORAGE_ERROR: The disk holding the library at .* is full/);
    expect(call.code).toBe(1);
    const sent = (await requestsAtTheService()).slice(before.length);
    expect(sent).toHaveLength(1);
    // The command has exited; its answer waits beside the library.
    expect.soft(heldAnswerFiles()).toHaveLength(1);

    const responsesBefore = storedResponses();
    const resume = await gleaner(['queue', 'resume']);
    expect(resume.code, resume.err).toBe(0);
    expect((await requestsAtTheService()).slice(before.length)).toEqual(sent);
    expect(storedResponses()).toBe(responsesBefore + 1);
    expect(heldAnswerFiles()).toEqual([]);
  }, 60_000);

  it('an import whose answers came while the disk was full: the next run stores them, each link asked for once', async () => {
    const before = await requestsAtTheService();
    const links = ['abc123XYZ01', 'abc123XYZ02', 'abc123XYZ03'].map((id) => `https://www.youtube.com/watch?v=${id}`);
    const imported = await gleaner(['import', '-'], 'after-queuing', `${links.join('\n')}\n`);
    expect(imported.err).toMatch(/error STORAGE_ERROR: The disk holding the library at .* is full/);
    expect(imported.code).toBe(1);
    const responsesBefore = storedResponses();

    const resume = await gleaner(['queue', 'resume']);
    expect(resume.code, resume.err).toBe(0);
    const sent = (await requestsAtTheService()).slice(before.length);
    expect(sent).toHaveLength(links.length);
    expect(new Set(sent).size).toBe(links.length);
    expect(storedResponses()).toBe(responsesBefore + links.length);
    expect(heldAnswerFiles()).toEqual([]);
  }, 60_000);

  it('leaves the library whole: what was stored before is there, and the integrity check passes', async () => {
    const story = await gleaner(['collections', 'show', 'story', '--json']);
    expect(story.code, story.err).toBe(0);
    expect(story.out).toMatch(/"items"/);
    expect(readdirSync(join(dir, NO_ROOM))).toEqual([]);
    const db = openDatabase({ path: join(dir, 'gleaner.sqlite3') });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
