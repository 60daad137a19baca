/**
 * Where `gleaner export` writes and where the library lives, when the path given is wrong: a typo
 * in a folder, a file standing where a folder should be, a place nothing may be written. Each is
 * the contract's one line, `error INVALID_INPUT: …` naming the path, exit status 2, and nothing
 * is created or left half-written. The library comes from the built-in demo service.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
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
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runGleaner } from '../helpers/cli';

// Each story starts several `gleaner` processes; on a busy shared machine one start can take seconds.
vi.setConfig({ testTimeout: 60_000 });

let root: string;
let dataDir: string;
let outDir: string;

const gleaner = (...args: string[]) => runGleaner([...args, '--data-dir', dataDir]);

/** The folder's entries, temporary files included: nothing may be left behind. */
const entries = (folder: string) => readdirSync(folder).sort();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gleaner-output-paths-'));
  dataDir = join(root, 'data');
  outDir = join(root, 'out');
  mkdirSync(outDir);
  expect((await gleaner('config', 'set', 'base-url', 'demo')).code).toBe(0);
  for (const call of [
    ['videosite', 'search', 'query=flood defences'],
    ['videosite', 'transcript', 'url=https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'language=en'],
  ]) {
    const run = await gleaner('call', ...call);
    expect(run.code, run.stderr).toBe(0);
  }
}, 90_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('gleaner export --out', () => {
  it('refuses a folder that does not exist instead of creating it', async () => {
    const missing = join(root, 'nonexistent', 'dir');
    const run = await gleaner('export', '--all', '--format', 'csv', '--out', join(missing, 'x.csv'));
    expect([run.code, run.stderr, run.stdout]).toEqual([
      2,
      `error INVALID_INPUT: The folder ${missing} does not exist; create it first or choose another place to save it.\n`,
      '',
    ]);
    expect(existsSync(join(root, 'nonexistent'))).toBe(false);
  });

  it('creates the folder a folder export names, but not the folders above it', async () => {
    const subs = join(outDir, 'subs');
    const made = await gleaner('export', '--all', '--format', 'srt', '--out', subs);
    expect(made.code, made.stderr).toBe(0);
    expect(entries(subs).length).toBeGreaterThan(0);

    const deeper = join(root, 'nonexistent', 'subs');
    const run = await gleaner('export', '--all', '--format', 'srt', '--out', deeper);
    expect([run.code, run.stderr]).toEqual([
      2,
      `error INVALID_INPUT: The folder ${join(root, 'nonexistent')} does not exist; create it first or choose another place to save it.\n`,
    ]);
    expect(existsSync(join(root, 'nonexistent'))).toBe(false);
  });

  it('names the file standing where a folder should be, and leaves it untouched', async () => {
    const tip = join(outDir, 'tip.csv');
    writeFileSync(tip, 'my notes');
    const before = entries(outDir);
    for (const [out, format] of [
      [join(tip, 'x.csv'), 'csv'],
      [join(tip, 'deeper', 'x.csv'), 'csv'],
      [join(tip, 'subs'), 'srt'],
    ]) {
      const run = await gleaner('export', '--all', '--format', format!, '--manifest', '--out', out!);
      expect([run.code, run.stderr]).toEqual([
        2,
        `error INVALID_INPUT: Cannot write ${out}: ${tip} is a file, not a folder; choose another place to save it.\n`,
      ]);
    }
    expect(entries(outDir)).toEqual(before);
    expect(readFileSync(tip, 'utf8')).toBe('my notes');
  });

  it.runIf(process.platform === 'linux')('says a folder it may not write to is not writable, in the contract’s JSON form too', async () => {
    const run = await gleaner('export', '--all', '--format', 'csv', '--out', '/proc/foo.csv');
    expect([run.code, run.stderr]).toEqual([
      2,
      'error INVALID_INPUT: Cannot write /proc/foo.csv: the folder /proc is not writable; choose another place to save it.\n',
    ]);
    const json = await gleaner('export', '--all', '--format', 'csv', '--out', '/proc/foo.csv', '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        code: 'INVALID_INPUT',
        message: 'Cannot write /proc/foo.csv: the folder /proc is not writable; choose another place to save it.',
      },
    });
  });
});

// A rename over a device, a pipe or a link replaces it (as root, `--out /dev/full` replaced the
// device): the destination is looked at with lstat and refused before anything is written.
describe.skipIf(process.platform === 'win32')('gleaner export --out over what is not a plain file or folder', () => {
  const refusal = (path: string, kind: string, rest: string) => `error INVALID_INPUT: ${path} is ${kind}; ${rest}\n`;
  const oneFile = 'an export is written only to a new file or over a regular file. Choose another place to save it.';
  const aFolder =
    'this format writes one file per transcript into a folder, so give a folder that does not exist yet or is empty. Choose another place to save it.';

  it('refuses a named pipe, for a file, for a folder of transcripts and as the manifest, and leaves it a pipe', async () => {
    const folder = join(root, 'fifo');
    mkdirSync(folder);
    const pipe = join(folder, 'pipe.csv');
    execFileSync('mkfifo', [pipe]);
    for (const format of ['csv', 'srt']) {
      const run = await gleaner('export', '--all', '--format', format, '--out', pipe);
      expect([run.code, run.stderr]).toEqual([2, refusal(pipe, 'a named pipe (FIFO)', format === 'csv' ? oneFile : aFolder)]);
    }
    const manifest = join(folder, 'manifest.sha256');
    execFileSync('mkfifo', [manifest]);
    const run = await gleaner('export', '--all', '--format', 'csv', '--manifest', '--out', join(folder, 'new.csv'));
    expect([run.code, run.stderr]).toEqual([
      2,
      `error INVALID_INPUT: ${manifest} is a named pipe (FIFO); the manifest is written only as a new file or over a regular file. Choose another place to save the export.\n`,
    ]);
    expect(entries(folder)).toEqual(['manifest.sha256', 'pipe.csv']);
    expect(lstatSync(pipe).isFIFO() && lstatSync(manifest).isFIFO()).toBe(true);
  });

  it('refuses a symbolic link to a file, leaving the link and the file it points to as they were', async () => {
    const folder = join(root, 'links');
    mkdirSync(folder);
    const target = join(folder, 'notes.txt');
    writeFileSync(target, 'my notes');
    const link = join(folder, 'link.csv');
    symlinkSync(target, link);
    const subs = join(folder, 'subs');
    mkdirSync(join(folder, 'empty'));
    symlinkSync(join(folder, 'empty'), subs);
    for (const [out, format, rest] of [
      [link, 'csv', oneFile],
      [subs, 'srt', aFolder],
    ] as const) {
      const run = await gleaner('export', '--all', '--format', format, '--out', out);
      expect([run.code, run.stderr]).toEqual([2, refusal(out, 'a symbolic link', rest)]);
    }
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('my notes');
    expect(entries(folder)).toEqual(['empty', 'link.csv', 'notes.txt', 'subs']);
    expect(entries(join(folder, 'empty'))).toEqual([]);
  });

  it('refuses a folder where the format writes one file, and a file where it writes a folder', async () => {
    const folder = join(root, 'kinds');
    mkdirSync(join(folder, 'a-folder.csv'), { recursive: true });
    writeFileSync(join(folder, 'a-file'), 'mine');
    const intoFolder = await gleaner('export', '--all', '--format', 'csv', '--out', join(folder, 'a-folder.csv'));
    expect([intoFolder.code, intoFolder.stderr]).toEqual([
      2,
      `error INVALID_INPUT: ${join(folder, 'a-folder.csv')} is a folder; give the name of the file to write.\n`,
    ]);
    const overFile = await gleaner('export', '--all', '--format', 'srt', '--out', join(folder, 'a-file'));
    expect(overFile.code).toBe(2);
    expect(overFile.stderr).toMatch(/^error INVALID_INPUT: .+a-file is a file; this format writes one file per transcript/);
    expect(entries(folder)).toEqual(['a-file', 'a-folder.csv']);
    expect(entries(join(folder, 'a-folder.csv'))).toEqual([]);
  });

  it('overwrites a regular file in place of the old one, keeping its mode', async () => {
    const folder = join(root, 'modes');
    mkdirSync(folder);
    const out = join(folder, 'private.csv');
    writeFileSync(out, 'old');
    chmodSync(out, 0o600);
    const run = await gleaner('export', '--all', '--format', 'csv', '--manifest', '--out', out);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toBe('old');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(entries(folder)).toEqual(['manifest.sha256', 'private.csv']);
  });

  it.runIf(process.platform === 'linux')('refuses /dev/null, a character device, and leaves it one', async () => {
    const before = statSync('/dev/null');
    const run = await gleaner('export', '--all', '--format', 'csv', '--out', '/dev/null');
    expect([run.code, run.stderr]).toEqual([2, refusal('/dev/null', 'a character device', oneFile)]);
    const after = lstatSync('/dev/null');
    expect([after.isCharacterDevice(), after.rdev, after.ino]).toEqual([true, before.rdev, before.ino]);
  });
});

describe('gleaner --data-dir', () => {
  it('refuses a file as the data folder, naming it, and changes nothing', async () => {
    const file = join(root, 'not-a-folder.txt');
    writeFileSync(file, 'hello');
    for (const dir of [file, join(file, 'library')]) {
      const run = await runGleaner(['search', 'flood', '--data-dir', dir]);
      const where = dir === file ? '' : `, so the data folder ${dir} cannot be made inside it`;
      expect([run.code, run.stderr]).toEqual([
        2,
        `error INVALID_INPUT: ${file} is a file, not a folder${where}; give --data-dir a folder.\n`,
      ]);
    }
    const fromEnv = await runGleaner(['search', 'flood'], { env: { GLEANER_DATA_DIR: file } });
    expect([fromEnv.code, fromEnv.stderr]).toEqual([
      2,
      `error INVALID_INPUT: ${file} is a file, not a folder; set GLEANER_DATA_DIR to a folder.\n`,
    ]);
    expect(readFileSync(file, 'utf8')).toBe('hello');
  });
});
