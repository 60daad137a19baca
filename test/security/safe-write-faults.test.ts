/**
 * `bundle create --out` on a read-only file system and on a full disk, from the command line:
 * each is a coded error naming the place (INVALID_INPUT, exit 2; STORAGE_ERROR, exit 1), never
 * INTERNAL, and nothing is left in the folder. The commands run in this process against a library
 * from the built-in demo service; a file opened under a folder named READ_ONLY fails with EROFS,
 * and writes to one opened under NO_ROOM fail with ENOSPC, as those disks answer.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/main/hosts/cli/program';
import { captureCliIo } from '../helpers/cli-io';

const READ_ONLY = 'read-only-disk';
const NO_ROOM = 'no-room-left';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const failure = (code: string, syscall: string) => Object.assign(new Error(`${code}: simulated, ${syscall}`), { code, syscall });
  const under = (path: unknown, folder: string) => String(path).includes(`${sep}${folder}${sep}`);
  const open: typeof actual.open = async (path, ...rest) => {
    if (under(path, READ_ONLY)) throw failure('EROFS', 'open');
    const handle = await actual.open(path, ...rest);
    if (!under(path, NO_ROOM)) return handle;
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'write' || key === 'writev' || key === 'writeFile') return () => Promise.reject(failure('ENOSPC', 'write'));
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  return { ...actual, default: { ...actual, open }, open };
});

let dir: string;

async function gleaner(...args: string[]) {
  // Nobody asks these commands to stop.
  const { io, out, err } = captureCliIo({ shutdown: 'never' });
  const code = await runCli([...args, '--data-dir', join(dir, 'data')], io, '/nowhere');
  return { code, out: out(), err: err() };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-safe-write-faults-'));
  expect((await gleaner('config', 'set', 'base-url', 'demo')).code).toBe(0);
  const call = await gleaner('call', 'videosite', 'search', 'query=flood');
  expect(call.code, call.err).toBe(0);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundle create --out where the disk will not take it', () => {
  it('says a read-only file system in words (INVALID_INPUT), for a new file and over one that is there', async () => {
    const folder = join(dir, READ_ONLY);
    mkdirSync(folder);
    writeFileSync(join(folder, 'old.zip'), 'old');
    for (const name of ['case.zip', 'old.zip']) {
      const out = join(folder, name);
      const run = await gleaner('bundle', 'create', '--all', '--one-time-key', '--out', out);
      expect([run.code, run.err]).toEqual([
        2,
        `error INVALID_INPUT: Cannot write ${out}: the folder ${folder} is on a read-only file system; choose another place to save it.\n`,
      ]);
    }
    expect(readdirSync(folder)).toEqual(['old.zip']);
  });

  it('says a full disk in words (STORAGE_ERROR) and leaves no temporary file', async () => {
    const folder = join(dir, NO_ROOM);
    mkdirSync(folder);
    const run = await gleaner('bundle', 'create', '--all', '--one-time-key', '--out', join(folder, 'case.zip'));
    expect([run.code, run.err]).toEqual([
      1,
      `error STORAGE_ERROR: The disk holding ${folder} is full, so the bundle stopped; nothing was saved under the chosen name. Free some space, or save the bundle on another disk.\n`,
    ]);
    expect(readdirSync(folder)).toEqual([]);
  });
});
