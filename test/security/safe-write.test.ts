/**
 * Every file Gleaner writes at a place a person names — `export --out` and the files beside it
 * (--manifest, --change-history), `bundle create --out` — is written one safe way: never over
 * the library's own files or folder (by name, through a linked folder, a symbolic or hard link),
 * never over or through a device, a named pipe, a socket, a symbolic link or a hard link, never
 * into a folder that is not there or will not take it. Each refusal is `error INVALID_INPUT: …`
 * naming the path (exit 2); nothing is written and no temporary file is left. The built
 * `gleaner` runs as a user runs it, against a library from the built-in demo service.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runGleaner, type CliRun } from '../helpers/cli';

// Each story starts several `gleaner` processes; on a busy shared machine one start can take seconds.
vi.setConfig({ testTimeout: 120_000 });

const isRoot = process.getuid?.() === 0;

let root: string;
let dataDir: string;
let database: string;
const servers: Server[] = [];

/** Runs `gleaner`; a command that hangs (a writer waiting on a pipe) fails the test when runGleaner's timeout ends it. */
const gleaner = (...args: string[]): Promise<CliRun> => runGleaner([...args, '--data-dir', dataDir]);
const bundle = (out: string) => gleaner('bundle', 'create', '--all', '--one-time-key', '--out', out);
const exportTo = (out: string, ...flags: string[]) => gleaner('export', '--all', '--format', 'json', ...flags, '--out', out);

/** A fresh folder under the test's root. */
function folder(name: string): string {
  const path = join(root, name);
  mkdirSync(path);
  return path;
}

/** The folder's entries, temporary files included: nothing may be left behind. */
const entries = (path: string) => readdirSync(path).sort();

/** The refusal the contract prints for `path`: one line, INVALID_INPUT, exit status 2. */
function expectRefused(run: CliRun, path: string, words: RegExp): void {
  expect([run.code, run.stdout], run.stderr).toEqual([2, '']);
  expect(run.stderr.split('\n')).toHaveLength(2);
  expect(
    run.stderr.startsWith(`error INVALID_INPUT: ${path} `) || run.stderr.startsWith(`error INVALID_INPUT: Cannot write ${path}: `),
    run.stderr,
  ).toBe(true);
  expect(run.stderr).toMatch(words);
}

/** The library is the same file, still a SQLite database, and still answers. */
async function expectLibraryWhole(inode: number): Promise<void> {
  const info = lstatSync(database);
  expect([info.isFile(), info.ino, info.size > 0]).toEqual([true, inode, true]);
  expect(readFileSync(database).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
  const search = await gleaner('search', 'flood', '--json');
  expect(search.code, search.stderr).toBe(0);
  expect((JSON.parse(search.stdout) as { total: number }).total).toBeGreaterThan(0);
}

/** A Unix socket at `path`, as a running program leaves one. */
async function socketAt(path: string): Promise<void> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
}

/** A device node to try writing over: one made for the test as root (never the system's own), else /dev/null. */
function deviceIn(dir: string): string {
  if (!isRoot) return '/dev/null';
  const device = join(dir, 'null-device');
  execFileSync('mknod', [device, 'c', '1', '3']);
  return device;
}

/** Makes a folder refuse new files, as a read-only disk does (root ignores modes, so it is made immutable); null where neither works. */
function readOnly(dir: string): (() => void) | null {
  try {
    if (isRoot) {
      execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
      return () => execFileSync('chattr', ['-i', dir]);
    }
    chmodSync(dir, 0o555);
    return () => chmodSync(dir, 0o755);
  } catch {
    return null;
  }
}

/** Whether this machine can make a folder read-only for the test (chattr needs a file system that has the attribute). */
const canMakeReadOnly = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'gleaner-ro-probe-'));
  const undo = readOnly(probe);
  undo?.();
  rmSync(probe, { recursive: true, force: true });
  return undo !== null;
})();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gleaner-safe-write-'));
  dataDir = join(root, 'data');
  database = join(dataDir, 'gleaner.sqlite3');
  expect((await gleaner('config', 'set', 'base-url', 'demo')).code).toBe(0);
  for (const call of [
    ['videosite', 'search', 'query=flood defences'],
    ['videosite', 'transcript', 'url=https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'language=en'],
  ]) {
    const run = await gleaner('call', ...call);
    expect(run.code, run.stderr).toBe(0);
  }
}, 120_000);

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the library’s own files and folder', () => {
  it('are refused to bundle create by name, through a linked folder, a symbolic link and a hard link; the library stays whole, and a bundle of another name may go beside it', async () => {
    const inode = lstatSync(database).ino;
    const links = folder('library-links');
    symlinkSync(dataDir, join(links, 'library'));
    symlinkSync(database, join(links, 'database-link.zip'));
    linkSync(database, join(links, 'hard-link.zip'));
    const viaFolder = join(links, 'library');
    const attempts: [string, RegExp][] = [
      [database, /is the library’s database; writing the bundle there would destroy the library\. Choose another place/],
      [`${database}-wal`, /is a file SQLite keeps beside the library’s database \(gleaner\.sqlite3-wal\)/],
      [`${database}-shm`, /\(gleaner\.sqlite3-shm\)/],
      [`${database}-journal`, /\(gleaner\.sqlite3-journal\)/],
      [join(dataDir, 'GLEANER.SQLITE3'), /is the library’s database/],
      [join(viaFolder, 'gleaner.sqlite3'), /is the library’s database/],
      [join(viaFolder, 'gleaner.sqlite3-wal'), /beside the library’s database/],
      [join(links, 'database-link.zip'), /is the library’s database/],
      [join(links, 'hard-link.zip'), /is the library’s database/],
      [dataDir, /is the library’s data folder; writing the bundle there would mix it with the library’s own files/],
      [viaFolder, /is the library’s data folder/],
      [join(dataDir, 'logs'), /is Gleaner’s own, kept in the library’s data folder/],
      [join(dataDir, 'logs', 'case.zip'), /lies in .*logs, which Gleaner keeps beside the library/],
      [join(viaFolder, 'held-answers', 'case.zip'), /lies in .*held-answers, which Gleaner keeps beside the library/],
      [join(dataDir, 'token.safestorage.json'), /is Gleaner’s own/],
    ];
    const before = [entries(dataDir), entries(join(dataDir, 'logs')), entries(join(dataDir, 'held-answers'))];
    for (const [out, words] of attempts) expectRefused(await bundle(out), out, words);
    expect([entries(dataDir), entries(join(dataDir, 'logs')), entries(join(dataDir, 'held-answers'))]).toEqual(before);
    expect(entries(links)).toEqual(['database-link.zip', 'hard-link.zip', 'library']);
    expect(readlinkSync(join(links, 'database-link.zip'))).toBe(database);
    await expectLibraryWhole(inode);
    const beside = await bundle(join(dataDir, 'case.zip'));
    expect(beside.code, beside.stderr).toBe(0);
    rmSync(join(dataDir, 'case.zip'));
  });

  it('are refused to export, to its change history and to its manifest, linked or not; the library stays whole, and an export of another name may go beside it', async () => {
    const inode = lstatSync(database).ino;
    const out = folder('export-library');
    linkSync(database, join(out, 'hard.changes.jsonl'));
    symlinkSync(database, join(out, 'soft.changes.jsonl'));
    const manifestBeside = folder('export-library-manifest');
    linkSync(database, join(manifestBeside, 'manifest.sha256'));
    // Browser mode's staging folder, as it leaves it.
    mkdirSync(join(dataDir, 'exports'), { recursive: true });
    const before = entries(dataDir);
    const attempts: [string, string[], string, RegExp][] = [
      [
        join(out, 'hard.json'),
        ['--change-history'],
        join(out, 'hard.changes.jsonl'),
        /is the library’s database; writing the export there/,
      ],
      [join(out, 'soft.json'), ['--change-history'], join(out, 'soft.changes.jsonl'), /is the library’s database/],
      [join(manifestBeside, 'items.json'), ['--manifest'], join(manifestBeside, 'manifest.sha256'), /is the library’s database/],
      [join(dataDir, 'logs', 'items.json'), [], join(dataDir, 'logs', 'items.json'), /lies in .*logs, which Gleaner keeps/],
      [join(dataDir, 'exports', 'items.json'), [], join(dataDir, 'exports', 'items.json'), /lies in .*exports, which Gleaner keeps/],
    ];
    for (const [target, flags, named, words] of attempts) expectRefused(await exportTo(target, ...flags), named, words);
    const srt = await gleaner('export', '--all', '--format', 'srt', '--out', dataDir);
    expectRefused(srt, dataDir, /is the library’s data folder/);
    expect(entries(dataDir)).toEqual(before);
    expect(entries(out)).toEqual(['hard.changes.jsonl', 'soft.changes.jsonl']);
    expect(entries(manifestBeside)).toEqual(['manifest.sha256']);
    expect(statSync(join(out, 'hard.changes.jsonl')).ino).toBe(inode);
    await expectLibraryWhole(inode);
    const beside = await exportTo(join(dataDir, 'items.json'), '--manifest', '--change-history');
    expect(beside.code, beside.stderr).toBe(0);
    for (const name of ['items.json', 'items.changes.jsonl', 'manifest.sha256']) rmSync(join(dataDir, name));
  });
});

describe.skipIf(process.platform === 'win32')('what is not a regular file with one name', () => {
  it('is refused to bundle create and left as it was: a device, a named pipe, a socket, a symbolic link, a hard link', async () => {
    const dir = folder('bundle-kinds');
    const device = deviceIn(dir);
    const deviceBefore = lstatSync(device);
    execFileSync('mkfifo', [join(dir, 'pipe.zip')]);
    await socketAt(join(dir, 'socket.zip'));
    writeFileSync(join(dir, 'notes.txt'), 'my notes');
    symlinkSync(join(dir, 'notes.txt'), join(dir, 'link.zip'));
    linkSync(join(dir, 'notes.txt'), join(dir, 'second-name.zip'));
    const attempts: [string, RegExp][] = [
      [device, /is a character device; a bundle is written only to a new file or over a regular file\. Choose another place to save it\./],
      [join(dir, 'pipe.zip'), /is a named pipe \(FIFO\); a bundle is written only/],
      [join(dir, 'socket.zip'), /is a socket; a bundle is written only/],
      [join(dir, 'link.zip'), /is a symbolic link; a bundle is written only/],
      [join(dir, 'second-name.zip'), /is a hard link \(one of 2 names of the same file\)/],
    ];
    const before = entries(dir);
    for (const [out, words] of attempts) expectRefused(await bundle(out), out, words);
    expect(entries(dir)).toEqual(before);
    const deviceAfter = lstatSync(device);
    expect([deviceAfter.isCharacterDevice(), deviceAfter.ino, deviceAfter.rdev]).toEqual([true, deviceBefore.ino, deviceBefore.rdev]);
    expect(lstatSync(join(dir, 'pipe.zip')).isFIFO()).toBe(true);
    expect(lstatSync(join(dir, 'socket.zip')).isSocket()).toBe(true);
    expect(readlinkSync(join(dir, 'link.zip'))).toBe(join(dir, 'notes.txt'));
    expect([readFileSync(join(dir, 'notes.txt'), 'utf8'), statSync(join(dir, 'notes.txt')).nlink]).toEqual(['my notes', 2]);
  });

  it('is refused as the change history’s place, never opened (a pipe would hang the writer), and left as it was', async () => {
    const dir = folder('history-kinds');
    const device = join(dir, 'device.changes.jsonl');
    if (isRoot) execFileSync('mknod', [device, 'c', '1', '3']);
    execFileSync('mkfifo', [join(dir, 'pipe.changes.jsonl')]);
    await socketAt(join(dir, 'socket.changes.jsonl'));
    writeFileSync(join(dir, 'notes.txt'), 'my notes');
    symlinkSync(join(dir, 'notes.txt'), join(dir, 'link.changes.jsonl'));
    linkSync(join(dir, 'notes.txt'), join(dir, 'second.changes.jsonl'));
    const tail = 'the change history is written only as a new file or over a regular file. Choose another place to save the export.';
    const attempts: [string, RegExp][] = [
      ...(isRoot ? ([['device', /is a character device; /]] as [string, RegExp][]) : []),
      ['pipe', /is a named pipe \(FIFO\); /],
      ['socket', /is a socket; /],
      ['link', /is a symbolic link; /],
    ];
    const before = entries(dir);
    for (const [name, kind] of attempts) {
      const run = await exportTo(join(dir, `${name}.json`), '--change-history', '--manifest');
      expectRefused(run, join(dir, `${name}.changes.jsonl`), kind);
      expect(run.stderr.trim().endsWith(tail), run.stderr).toBe(true);
    }
    expectRefused(
      await exportTo(join(dir, 'second.json'), '--change-history'),
      join(dir, 'second.changes.jsonl'),
      /is a hard link \(one of 2 names of the same file\)/,
    );
    expect(entries(dir)).toEqual(before);
    expect(lstatSync(join(dir, 'pipe.changes.jsonl')).isFIFO()).toBe(true);
    expect(lstatSync(join(dir, 'socket.changes.jsonl')).isSocket()).toBe(true);
    if (isRoot) expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(readlinkSync(join(dir, 'link.changes.jsonl'))).toBe(join(dir, 'notes.txt'));
    expect([readFileSync(join(dir, 'notes.txt'), 'utf8'), statSync(join(dir, 'notes.txt')).nlink]).toEqual(['my notes', 2]);
  });

  it('is refused as the export’s own file: a socket and a hard link', async () => {
    const dir = folder('export-kinds');
    await socketAt(join(dir, 'socket.json'));
    writeFileSync(join(dir, 'notes.txt'), 'my notes');
    linkSync(join(dir, 'notes.txt'), join(dir, 'second.json'));
    const before = entries(dir);
    expectRefused(
      await exportTo(join(dir, 'socket.json')),
      join(dir, 'socket.json'),
      /is a socket; an export is written only to a new file/,
    );
    expectRefused(await exportTo(join(dir, 'second.json')), join(dir, 'second.json'), /is a hard link \(one of 2 names of the same file\)/);
    expect(entries(dir)).toEqual(before);
    expect([readFileSync(join(dir, 'notes.txt'), 'utf8'), statSync(join(dir, 'notes.txt')).nlink]).toEqual(['my notes', 2]);
  });
});

describe('a place that cannot take the file', () => {
  it('is said in words for bundle create and the change history: a folder where the file goes, a folder that does not exist', async () => {
    const dir = folder('places');
    mkdirSync(join(dir, 'a-folder.zip'));
    mkdirSync(join(dir, 'history.changes.jsonl'));
    const missing = join(dir, 'nonexistent');
    expectRefused(
      await bundle(join(dir, 'a-folder.zip')),
      join(dir, 'a-folder.zip'),
      /is a folder; give the name of the file to write\.$/m,
    );
    const run = await bundle(join(missing, 'case.zip'));
    expect([run.code, run.stderr]).toEqual([
      2,
      `error INVALID_INPUT: The folder ${missing} does not exist; create it first or choose another place to save it.\n`,
    ]);
    expectRefused(
      await exportTo(join(dir, 'history.json'), '--change-history'),
      join(dir, 'history.changes.jsonl'),
      /is a folder; the change history is written only as a new file/,
    );
    expect(existsSync(missing)).toBe(false);
    expect(entries(dir)).toEqual(['a-folder.zip', 'history.changes.jsonl']);
    expect(entries(join(dir, 'a-folder.zip'))).toEqual([]);
  });

  it.runIf(canMakeReadOnly)('is said in words when the folder takes no new files, for bundle create and export', async () => {
    const dir = folder('read-only');
    writeFileSync(join(dir, 'old.zip'), 'old');
    const undo = readOnly(dir)!;
    try {
      for (const out of [join(dir, 'case.zip'), join(dir, 'old.zip')])
        expectRefused(await bundle(out), out, /: permission denied in the folder .*read-only; choose another place to save it\.$/m);
      const out = join(dir, 'items.json');
      expectRefused(await exportTo(out, '--change-history', '--manifest'), out, /permission denied in the folder/);
    } finally {
      undo();
    }
    expect(entries(dir)).toEqual(['old.zip']);
    expect(readFileSync(join(dir, 'old.zip'), 'utf8')).toBe('old');
  });
});

describe('a regular file written over', () => {
  it('keeps its permissions, and what killed writers left under its name is removed, for bundle create and the change history', async () => {
    const dir = folder('over');
    writeFileSync(join(dir, 'case.zip'), 'old');
    chmodSync(join(dir, 'case.zip'), 0o640);
    writeFileSync(join(dir, 'items.changes.jsonl'), 'old');
    chmodSync(join(dir, 'items.changes.jsonl'), 0o600);
    // A process id no system hands out: that writer is gone.
    const abandoned = ['.case.zip.99999999-0123456789ab.partial', '.items.changes.jsonl.99999999-0123456789ab.partial'];
    for (const name of abandoned) writeFileSync(join(dir, name), 'half');
    const bundled = await bundle(join(dir, 'case.zip'));
    expect(bundled.code, bundled.stderr).toBe(0);
    const exported = await exportTo(join(dir, 'items.json'), '--change-history');
    expect(exported.code, exported.stderr).toBe(0);
    expect(entries(dir)).toEqual(['case.zip', 'items.changes.jsonl', 'items.json']);
    expect(statSync(join(dir, 'case.zip')).mode & 0o777).toBe(0o640);
    expect(statSync(join(dir, 'items.changes.jsonl')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'case.zip')).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
