/**
 * The one way Gleaner writes a file a person chose: what it refuses before writing, what it
 * refuses at the last moment (something put at the name meanwhile), what the file system's
 * refusals become, and that the chosen name itself is never opened. The file system is Node's own,
 * with a hook in front of open() and link() so a test can make it fail or swap a file in.
 */
import { execFileSync } from 'node:child_process';
import {
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkFileDestination,
  openSafeFile,
  readRegularFileIfAny,
  writeSafeFile,
  type FileRules,
} from '../../../../src/main/core/files/safe-file';

const hooks = vi.hoisted(() => ({
  /** Every open(): its path and flags. */
  opened: [] as { path: string; flags: unknown }[],
  /** An errno code for open() of this path to fail with, or null. */
  failOpen: null as ((path: string) => string | null) | null,
  /** An errno code for writes through a handle opened at this path to fail with, or null. */
  failWrite: null as ((path: string) => string | null) | null,
  /** Runs just before link(); then link() fails with `linkCode` when set. */
  beforeLink: null as ((from: string, to: string) => void) | null,
  linkCode: null as string | null,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const failure = (code: string, syscall: string) => Object.assign(new Error(`${code}: simulated, ${syscall}`), { code, syscall });
  const open = (async (path: string, flags?: string | number, mode?: number) => {
    hooks.opened.push({ path: String(path), flags });
    const code = hooks.failOpen?.(String(path));
    if (code) throw failure(code, 'open');
    const handle = await actual.open(path, flags, mode);
    const writeCode = hooks.failWrite?.(String(path));
    if (!writeCode) return handle;
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'write') return () => Promise.reject(failure(writeCode, 'write'));
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }) as typeof actual.open;
  const link = (async (from: string, to: string) => {
    hooks.beforeLink?.(String(from), String(to));
    if (hooks.linkCode) throw failure(hooks.linkCode, 'link');
    return actual.link(from, to);
  }) as typeof actual.link;
  return { ...actual, default: { ...actual, open, link }, open, link };
});

let root: string;
let out: string;
let dataDir: string;
let database: string;
const at = (name: string) => join(out, name);

/** The rules an export is written under, with a library in `dataDir`. */
const rules = (staged = false): FileRules => ({
  what: 'export',
  kindRefusal: 'an export is written only to a new file or over a regular file. Choose another place to save it.',
  library: { databasePath: database, staged },
});

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gleaner-safe-file-'));
  out = join(root, 'out');
  dataDir = join(root, 'data');
  database = join(dataDir, 'gleaner.sqlite3');
  mkdirSync(out);
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  mkdirSync(join(dataDir, 'exports', 'a1b2'), { recursive: true });
  writeFileSync(database, 'the library');
  Object.assign(hooks, { opened: [], failOpen: null, failWrite: null, beforeLink: null, linkCode: null });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('checkFileDestination', () => {
  it('refuses the library’s files and folder by name, case, linked folder, symbolic and hard link, and what Gleaner keeps there', async () => {
    symlinkSync(dataDir, at('library'));
    symlinkSync(database, at('to-database.csv'));
    linkSync(database, at('second-name.csv'));
    const refusals: [string, RegExp][] = [
      [database, /^.+ is the library’s database; writing the export there would destroy the library\./],
      [`${database}-wal`, /is a file SQLite keeps beside the library’s database \(gleaner\.sqlite3-wal\)/],
      [join(dataDir, 'Gleaner.SQLite3-SHM'), /beside the library’s database \(gleaner\.sqlite3-shm\)/],
      [join(at('library'), 'gleaner.sqlite3-journal'), /\(gleaner\.sqlite3-journal\)/],
      [at('to-database.csv'), /is the library’s database/],
      [at('second-name.csv'), /is the library’s database/],
      [dataDir, /is the library’s data folder/],
      [at('library'), /is the library’s data folder/],
      [join(dataDir, 'logs'), /is Gleaner’s own, kept in the library’s data folder/],
      [join(at('library'), 'logs', 'x.csv'), /lies in .+logs, which Gleaner keeps beside the library/],
      [join(dataDir, 'exports', 'a1b2', 'x.csv'), /lies in .+exports, which Gleaner keeps/],
      [join(dataDir, 'hub-password-abc.safestorage.json'), /is Gleaner’s own/],
    ];
    for (const [path, message] of refusals)
      await expect(checkFileDestination(path, rules()), path).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(message),
      });
    expect(readFileSync(database, 'utf8')).toBe('the library');
  });

  it('lets a new name beside the library through, and browser mode’s own staging folder', async () => {
    await expect(checkFileDestination(join(dataDir, 'report.csv'), rules())).resolves.toBeUndefined();
    await expect(checkFileDestination(join(dataDir, 'exports', 'a1b2', 'x.csv'), rules(true))).resolves.toBeUndefined();
    await expect(checkFileDestination(join(dataDir, 'logs', 'x.csv'), rules(true))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a hard link, a pipe, a folder, a missing folder and a file in the path, each in words',
    async () => {
      writeFileSync(at('mine.txt'), 'mine');
      linkSync(at('mine.txt'), at('other-name.csv'));
      execFileSync('mkfifo', [at('pipe.csv')]);
      mkdirSync(at('folder.csv'));
      const refusals: [string, string][] = [
        [
          at('other-name.csv'),
          `${at('other-name.csv')} is a hard link (one of 2 names of the same file); writing the export there would replace this name only, and the others would keep the old content. Choose another place to save it, or remove the file’s other names first.`,
        ],
        [
          at('pipe.csv'),
          `${at('pipe.csv')} is a named pipe (FIFO); an export is written only to a new file or over a regular file. Choose another place to save it.`,
        ],
        [at('folder.csv'), `${at('folder.csv')} is a folder; give the name of the file to write.`],
        [at('missing/x.csv'), `The folder ${at('missing')} does not exist; create it first or choose another place to save it.`],
        [
          at('mine.txt/x.csv'),
          `Cannot write ${at('mine.txt/x.csv')}: ${at('mine.txt')} is a file, not a folder; choose another place to save it.`,
        ],
      ];
      for (const [path, message] of refusals)
        await expect(checkFileDestination(path, rules()), path).rejects.toMatchObject({ code: 'INVALID_INPUT', message });
    },
  );
});

describe.skipIf(process.platform === 'win32')('openSafeFile', () => {
  it('never opens the chosen name, so a pipe put there is refused at once instead of hanging the writer', async () => {
    const file = await openSafeFile(at('out.csv'), { rules: rules() });
    await file.write('a,b\n');
    execFileSync('mkfifo', [at('out.csv')]);
    await expect(file.commit()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('is a named pipe (FIFO)'),
    });
    expect(hooks.opened.map((call) => call.path)).not.toContain(at('out.csv'));
    expect(readdirSync(out)).toEqual(['out.csv']);
    expect(lstatSync(at('out.csv')).isFIFO()).toBe(true);
  });

  it('refuses at the last moment a name swapped for a hard link to the library after it was opened', async () => {
    const file = await openSafeFile(at('out.csv'), { rules: rules() });
    await file.write('a,b\n');
    linkSync(database, at('out.csv'));
    await expect(file.commit()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('is the library’s database'),
    });
    expect(readFileSync(database, 'utf8')).toBe('the library');
    expect(readdirSync(out)).toEqual(['out.csv']);
  });

  it('takes a new name with link(), so a symbolic link put there between the last look and the link is not replaced', async () => {
    writeFileSync(at('target.txt'), 'mine');
    hooks.beforeLink = (_from, to) => {
      hooks.beforeLink = null;
      symlinkSync(at('target.txt'), to);
    };
    const file = await openSafeFile(at('out.csv'), { rules: rules() });
    await file.write('a,b\n');
    await expect(file.commit()).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('is a symbolic link') });
    expect(readlinkSync(at('out.csv'))).toBe(at('target.txt'));
    expect(readFileSync(at('target.txt'), 'utf8')).toBe('mine');
    expect(readdirSync(out).sort()).toEqual(['out.csv', 'target.txt']);
  });

  it('renames into place where the file system keeps no second name for a file (link() refused)', async () => {
    hooks.linkCode = 'EPERM';
    await writeSafeFile(at('out.csv'), 'a,b\n', rules());
    expect(readFileSync(at('out.csv'), 'utf8')).toBe('a,b\n');
    expect(readdirSync(out)).toEqual(['out.csv']);
  });

  it('says a read-only file system, a folder without permission and a full disk in words, leaving nothing behind', async () => {
    for (const [code, message] of [
      ['EROFS', `Cannot write ${at('out.csv')}: the folder ${out} is on a read-only file system; choose another place to save it.`],
      ['EACCES', `Cannot write ${at('out.csv')}: permission denied in the folder ${out}; choose another place to save it.`],
    ] as const) {
      hooks.failOpen = (path) => (path.startsWith(join(out, '.out.csv.')) ? code : null);
      await expect(writeSafeFile(at('out.csv'), 'a,b\n', rules())).rejects.toMatchObject({ code: 'INVALID_INPUT', message });
    }
    hooks.failOpen = null;
    hooks.failWrite = (path) => (path.startsWith(join(out, '.out.csv.')) ? 'ENOSPC' : null);
    await expect(writeSafeFile(at('out.csv'), 'a,b\n', rules())).rejects.toMatchObject({
      code: 'STORAGE_ERROR',
      message: `The disk holding ${out} is full, so the export stopped; nothing was saved under the chosen name. Free some space, or save the export on another disk.`,
    });
    expect(readdirSync(out)).toEqual([]);
  });
});

describe.skipIf(process.platform === 'win32')('readRegularFileIfAny', () => {
  it('reads a regular file, and gives nothing for a pipe (without waiting on it) or a link', async () => {
    writeFileSync(at('manifest.sha256'), 'lines\n');
    execFileSync('mkfifo', [at('pipe')]);
    symlinkSync(at('manifest.sha256'), at('link'));
    expect(await readRegularFileIfAny(at('manifest.sha256'))).toBe('lines\n');
    expect(await readRegularFileIfAny(at('pipe'))).toBe('');
    expect(await readRegularFileIfAny(at('link'))).toBe('');
    expect(await readRegularFileIfAny(at('missing'))).toBe('');
  });
});
