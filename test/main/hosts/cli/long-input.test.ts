import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../../src/main/hosts/cli/io';
import { runCli } from '../../../../src/main/hosts/cli/program';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const LONG = 'x'.repeat(5000);

describe('CLI argument errors quote at most 200 characters of the argument', () => {
  it.each([
    ['a parameter without =', ['call', 'videosite', 'search', LONG]],
    ['an unknown platform', ['call', LONG, 'search']],
    ['an item id', ['items', 'show', LONG]],
    ['a job id', ['queue', 'cancel', LONG]],
    ['a port', ['serve', '--port', LONG, '--no-open']],
  ])('%s', async (_what, args) => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-long-'));
    dirs.push(dir);
    const err: string[] = [];
    const io: CliIo = {
      stdout: () => {},
      stderr: (t) => err.push(t),
      stdin: new PassThrough(),
      env: {},
      waitForShutdown: () => Promise.resolve(),
    };
    expect(await runCli([...args, '--data-dir', dir], io, '/nowhere')).toBe(2);
    expect(err.join('')).toMatch(/^error INVALID_INPUT: .*x{200}….*\n$/);
    expect(err.join('')).not.toContain('x'.repeat(201));
  });
});
