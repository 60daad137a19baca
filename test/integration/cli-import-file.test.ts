/**
 * `gleaner import FILE` given something that is not a list of links: a device that never ends
 * (`/dev/urandom` once took 1.2 GB before saying "not a readable file"), a folder, a pipe, a
 * list far over what an import takes, standard input over it, a binary file. Each is refused
 * with the contract's one line, `error INVALID_INPUT: …` naming what it is, and exit status 2,
 * before the library is opened.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runGleaner } from '../helpers/cli';

vi.setConfig({ testTimeout: 60_000 });

let root: string;
let dataDir: string;

/** A refusal must come at once: reading a device or waiting on a pipe would run into this. */
const gleaner = (args: string[], stdin?: string) =>
  runGleaner([...args, '--data-dir', dataDir], { timeoutMs: 15_000, ...(stdin === undefined ? {} : { stdin }) });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'gleaner-import-file-'));
  dataDir = join(root, 'data');
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const SIZE_LIMIT = 'an import takes up to 5,000,000 characters (15 MB of UTF-8 text at most). Split it into several imports.';

describe('gleaner import FILE', () => {
  it.runIf(process.platform === 'linux')('refuses /dev/urandom as a character device without reading it', async () => {
    const run = await gleaner(['import', '/dev/urandom']);
    expect([run.code, run.stderr, run.stdout]).toEqual([
      2,
      'error INVALID_INPUT: "/dev/urandom" is a character device, not a file of links; give a text file with one link per line, or - to read them from standard input.\n',
      '',
    ]);
  });

  it('refuses a folder, naming it as one', async () => {
    const folder = join(root, 'a-folder');
    mkdirSync(folder);
    const run = await gleaner(['import', folder]);
    expect([run.code, run.stderr]).toEqual([
      2,
      `error INVALID_INPUT: ${JSON.stringify(folder)} is a folder, not a file of links; give a text file with one link per line, or - to read them from standard input.\n`,
    ]);
  });

  it.skipIf(process.platform === 'win32')('refuses a named pipe instead of waiting for a writer', async () => {
    const pipe = join(root, 'links.fifo');
    execFileSync('mkfifo', [pipe]);
    const run = await gleaner(['import', pipe]);
    expect([run.code, run.stderr]).toEqual([
      2,
      `error INVALID_INPUT: ${JSON.stringify(pipe)} is a named pipe (FIFO), not a file of links; give a text file with one link per line, or - to read them from standard input.\n`,
    ]);
  });

  it.skipIf(process.platform === 'win32')('refuses a file larger than an import takes before reading it, saying both sizes', async () => {
    const big = join(root, 'big.txt');
    // Sparse: 21 MB long, no disk used, and all of it would have to be read to notice.
    execFileSync('truncate', ['-s', '20M', big]);
    const run = await gleaner(['import', big]);
    expect([run.code, run.stderr]).toEqual([2, `error INVALID_INPUT: ${JSON.stringify(big)} is 21 MB; ${SIZE_LIMIT}\n`]);
  });

  it('stops reading standard input at the limit with the same error', async () => {
    const line = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ\n';
    const run = await gleaner(['import', '-'], line.repeat(Math.ceil(15_000_001 / line.length)));
    expect([run.code, run.stderr]).toEqual([2, `error INVALID_INPUT: The standard input is larger than 15 MB; ${SIZE_LIMIT}\n`]);
  });

  it('says a binary file is not a text file', async () => {
    const binary = join(root, 'photo.jpg');
    writeFileSync(binary, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xc3, 0x28]));
    const zeros = join(root, 'zeros.bin');
    writeFileSync(zeros, Buffer.alloc(64));
    for (const file of [binary, zeros]) {
      const run = await gleaner(['import', file]);
      expect([run.code, run.stderr]).toEqual([
        2,
        `error INVALID_INPUT: ${JSON.stringify(file)} is not a text file; an import reads UTF-8 text with one link per line.\n`,
      ]);
    }
    // Nothing was opened: the refusals come before the library.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('still says when there is no such file', async () => {
    const run = await gleaner(['import', join(root, 'missing.txt')]);
    expect([run.code, run.stderr]).toEqual([
      2,
      `error INVALID_INPUT: Could not read ${JSON.stringify(join(root, 'missing.txt'))}: no such file.\n`,
    ]);
  });
});
