/**
 * Where `gleaner export` writes and where the library lives, when the path given is wrong: a typo
 * in a folder, a file standing where a folder should be, a place nothing may be written. Each is
 * the contract's one line, `error INVALID_INPUT: …` naming the path, exit status 2, and nothing
 * is created or left half-written. The library comes from the built-in demo service.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
