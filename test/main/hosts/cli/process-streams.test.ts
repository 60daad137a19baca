/**
 * Node makes each of process.stdin, stdout and stderr when it is first read, and making one over
 * a pipe or a terminal costs some 10 ms (issue 28.19). The built `gleaner` makes only those a
 * command uses: a search that finds something writes only to stdout. A --require hook wraps the
 * three getters and lists, at exit, the streams that were made.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../../src/main/core/data-dir';
import { openDatabase } from '../../../../src/main/core/store/database';
import { repoRoot } from '../../../helpers/cli';

const bin = join(repoRoot, 'bin', 'gleaner.js');
let workDir = '';
let hook = '';

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'gleaner-streams-'));
  openDatabase({ path: join(workDir, DATABASE_FILE_NAME) }).close();
  hook = join(workDir, 'record-streams.cjs');
  writeFileSync(
    hook,
    [
      'const made = new Set();',
      "for (const name of ['stdin', 'stdout', 'stderr']) {",
      '  const own = Object.getOwnPropertyDescriptor(process, name);',
      '  Object.defineProperty(process, name, { configurable: true, enumerable: own.enumerable, get() { made.add(name); return own.get.call(process); } });',
      '}',
      "process.on('exit', () => require('node:fs').writeFileSync(process.env.STREAMS_LIST, [...made].sort().join(' ')));",
    ].join('\n'),
  );
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The streams `gleaner args` made, with its exit status; every stream is a pipe, as under a script. */
function streamsMadeBy(args: readonly string[]): { made: string; status: number | null } {
  expect(existsSync(join(repoRoot, 'out', 'main', 'cli.js')), 'the CLI is built (npm run build) before this test runs').toBe(true);
  const list = join(workDir, 'streams.txt');
  const run = spawnSync(process.execPath, ['--require', hook, bin, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: workDir, STREAMS_LIST: list },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { made: readFileSync(list, 'utf8'), status: run.status };
}

describe('the built gleaner makes only the standard streams a command uses', () => {
  it('a search that answers makes stdout alone', () => {
    expect(streamsMadeBy(['search', 'flood', '--data-dir', workDir])).toEqual({ made: 'stdout', status: 0 });
  });

  it('a command that fails makes stderr to say so', () => {
    expect(streamsMadeBy(['search', 'flood', '--data-dir', join(workDir, 'no-library-here')])).toEqual({
      made: 'stderr stdout',
      status: 1,
    });
  });
});
