/**
 * The built `gleaner` keeps V8's compiled code between runs (issue 28.19): the first run saves it,
 * later runs start from it, and a damaged or unwanted cache never changes what a command does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../helpers/cli';

const bin = join(repoRoot, 'bin', 'gleaner.js');
let home = '';

beforeEach(() => {
  expect(existsSync(join(repoRoot, 'out', 'main', 'cli.js')), 'the CLI is built (npm run build) before this test runs').toBe(true);
  home = mkdtempSync(join(tmpdir(), 'gleaner-cc-built-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function gleaner(args: readonly string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

/** Every file under `folder` with when it was last written (Node 22's own cache keeps a folder per version). */
function savedFiles(folder: string): Map<string, number> {
  if (!existsSync(folder)) return new Map();
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => join(folder, name));
  return new Map(files.filter((path) => statSync(path).isFile()).map((path) => [path, statSync(path).mtimeMs]));
}

describe('the built gleaner and its compile cache', () => {
  const defaultFolder = (): string => join(home, '.cache', 'gleaner', 'compile-cache');

  it('saves the code on the first run and starts from it after, answering the same', () => {
    const first = gleaner(['--help']);
    expect(first.status).toBe(0);
    const saved = savedFiles(defaultFolder());
    expect(saved.size).toBeGreaterThan(0);

    const second = gleaner(['--help']);
    expect(second.stdout).toBe(first.stdout);
    // Code V8 took is not written again.
    expect(savedFiles(defaultFolder())).toEqual(saved);

    // A command that loads more of the CLI saves the code of what it loaded.
    const search = gleaner(['search', 'flood', '--data-dir', join(home, 'no-library-here')]);
    expect(search.status).toBe(1);
    expect(search.stderr).toMatch(/^error NOT_FOUND: There is no Gleaner library/);
    expect(savedFiles(defaultFolder()).size).toBeGreaterThan(saved.size);
  });

  it('runs as before when its saved code is damaged, and saves it again', () => {
    const folder = join(home, 'chosen');
    expect(gleaner(['--version'], { GLEANER_COMPILE_CACHE: folder }).status).toBe(0);
    const saved = [...savedFiles(folder).keys()];
    expect(saved.length).toBeGreaterThan(0);
    for (const path of saved) writeFileSync(path, 'damaged');
    const run = gleaner(['--version'], { GLEANER_COMPILE_CACHE: folder });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(saved.filter((path) => readFileSync(path, 'utf8') === 'damaged')).toEqual([]);
  });

  it('is filled by the build, in a library that is thrown away after', () => {
    const folder = join(home, 'filled-by-build');
    const tmp = join(home, 'tmp');
    mkdirSync(tmp);
    const warm = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'warm-compile-cache.mjs')], {
      env: { PATH: process.env.PATH ?? '', HOME: home, TMPDIR: tmp, GLEANER_COMPILE_CACHE: folder },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(warm.status).toBe(0);
    const filled = savedFiles(folder);
    // The CLI, commander, the search command, the contract, zod and the core, at least.
    expect(filled.size).toBeGreaterThanOrEqual(6);
    expect(readdirSync(tmp)).toEqual([]);
    // A search after it compiles nothing new.
    const library = join(home, 'library');
    expect(gleaner(['config', 'get', 'plan', '--data-dir', library], { GLEANER_COMPILE_CACHE: folder }).status).toBe(0);
    expect(gleaner(['search', 'flood', '--data-dir', library], { GLEANER_COMPILE_CACHE: folder }).status).toBe(0);
    expect(savedFiles(folder)).toEqual(filled);
  });

  it('is built without native import(), which code compiled from the cache cannot run on Node 20', () => {
    const outMain = join(repoRoot, 'out', 'main');
    const files = readdirSync(outMain, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
    const nativeImports = files.flatMap((name) =>
      readFileSync(join(outMain, name), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && /(^|[^\w.$])import\(/.test(line))
        .map((line) => `${name}: ${line.trim()}`),
    );
    expect(nativeImports).toEqual([]);
  });

  it('runs a command that loads a package on demand (pg, for a team hub) from the cache', () => {
    const folder = join(home, 'on-demand');
    const library = join(home, 'library');
    const connect = ['team', 'connect', 'postgres://desk@127.0.0.1:1/team', '--member', 'Ana', '--data-dir', library];
    for (let run = 0; run < 2; run += 1) {
      const result = spawnSync(process.execPath, [bin, ...connect], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', HOME: home, GLEANER_COMPILE_CACHE: folder },
        input: 'hub password\n',
        encoding: 'utf8',
        timeout: 30_000,
      });
      // Nothing listens on port 1: the hub is unreachable, which pg itself says.
      expect(result.stderr).toMatch(/^error HUB_UNREACHABLE: /);
    }
  });

  it('writes nothing when turned off', () => {
    const run = gleaner(['--help'], { GLEANER_COMPILE_CACHE: 'off' });
    expect(run.status).toBe(0);
    expect(existsSync(join(home, '.cache'))).toBe(false);
  });

  it('runs as before when no cache folder can be made', () => {
    writeFileSync(join(home, '.cache'), 'a file where the cache folder would go');
    const run = gleaner(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('search');
    expect(run.stderr).toBe('');
  });
});
