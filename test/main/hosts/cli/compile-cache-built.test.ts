/**
 * The built `gleaner` keeps V8's compiled code between runs: the first run saves it, later runs
 * start from it, a damaged or unwanted cache never changes what a command does, and code planted in
 * its folder never runs, even when swapped in while commands run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../helpers/cli';

const bin = join(repoRoot, 'bin', 'gleaner.js');

const NOBODY = 65534;

/** Writes, for each target, V8's code for a source of its length that writes the marker file when it runs. */
const PLANT = `
const { writeFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');
const { targets, marker, out } = JSON.parse(process.argv[1]);
for (const { name, length } of targets) {
  const code = 'require("node:fs").writeFileSync(' + JSON.stringify(marker) + ', "planted");';
  const source = code + ' '.repeat(length - code.length);
  const data = new Script(Module.wrap(source), { filename: join(out, name + '.js') }).createCachedData();
  writeFileSync(join(out, name), data, { mode: 0o600 });
}
`;

/**
 * Until the stop file appears: puts planted code at each entry's name (this user's, another user's,
 * a link to it) and the genuine entry back, then swaps the whole folder for the planter's (and for
 * a link to it) and back. Prints how many swaps it made.
 */
const SWAP = `
const fs = require('node:fs');
const { dirname, join } = require('node:path');
const { cache, theirs, planted, genuine, stop, names } = JSON.parse(process.argv[1]);
const parent = dirname(cache);
const good = join(parent, 'good');
let swaps = 0;
let n = 0;
const spare = () => join(parent, 'spare-' + n++);
// Whatever a command made at the folder's name while it was away goes aside.
const into = (from, to) => {
  for (;;) {
    try {
      return fs.renameSync(from, to);
    } catch {
      fs.renameSync(to, spare());
    }
  }
};
while (!fs.existsSync(stop)) {
  for (const name of names) {
    for (const how of ['mine', 'theirs', 'link', 'genuine']) {
      const next = spare();
      try {
        if (how === 'link') fs.symlinkSync(join(planted, name), next);
        else fs.copyFileSync(join(how === 'genuine' ? genuine : planted, name), next);
        if (how === 'theirs') fs.chownSync(next, 65534, 65534);
        fs.renameSync(next, join(cache, name));
        swaps += 1;
      } catch {
        fs.rmSync(next, { force: true });
      }
    }
  }
  for (const how of ['folder', 'link']) {
    fs.renameSync(cache, good);
    if (how === 'folder') into(theirs, cache);
    else {
      try { fs.symlinkSync(theirs, cache); } catch { fs.renameSync(cache, spare()); fs.symlinkSync(theirs, cache); }
    }
    swaps += 1;
    if (how === 'folder') fs.renameSync(cache, theirs);
    else fs.unlinkSync(cache);
    into(good, cache);
  }
}
process.stdout.write(String(swaps));
`;
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

  it('never runs code planted in its folder, nor code swapped in while commands run', async () => {
    const race = join(home, 'race');
    const cache = join(race, 'cache');
    const marker = join(home, 'planted-code-ran');
    const env = { GLEANER_COMPILE_CACHE: cache };
    const search = ['search', 'flood', '--data-dir', join(home, 'no-library-here')];
    const searchAnswers = (run: ReturnType<typeof gleaner>): void => {
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^error NOT_FOUND: There is no Gleaner library/);
    };
    mkdirSync(race, { mode: 0o700 });
    searchAnswers(gleaner(search, env));

    // For each file of the build the search loaded: code of the same length that leaves the marker
    // when it runs, as V8 made it (in a process like the command's), under the entry's own name.
    const outMain = join(repoRoot, 'out', 'main');
    const targets = readdirSync(outMain, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(outMain, name), 'utf8'))
      .map((content) => ({
        name: `${createHash('sha256').update(`${process.versions.v8}\0${process.arch}\0${content}`).digest('hex')}.v8`,
        length: content.length,
      }))
      .filter(({ name }) => existsSync(join(cache, name)));
    expect(targets.length).toBeGreaterThanOrEqual(6);
    const planted = join(home, 'planted');
    const genuine = join(home, 'genuine');
    const theirs = join(race, 'theirs');
    for (const folder of [planted, genuine, theirs]) mkdirSync(folder);
    const made = spawnSync(process.execPath, ['-e', PLANT, JSON.stringify({ targets, marker, out: planted })], { encoding: 'utf8' });
    expect(made.stderr).toBe('');
    // A folder of the planter's own, full of planted code, for swapping in place of the cache.
    for (const { name } of targets) {
      copyFileSync(join(cache, name), join(genuine, name));
      copyFileSync(join(planted, name), join(theirs, name));
      chownSync(join(theirs, name), NOBODY, NOBODY);
    }
    chownSync(theirs, NOBODY, NOBODY);
    chmodSync(theirs, 0o777);

    // Planted where the saved code was.
    for (const { name } of targets) copyFileSync(join(planted, name), join(cache, name));
    const planted1 = gleaner(search, env);
    expect(existsSync(marker), 'planted code ran').toBe(false);
    searchAnswers(planted1);

    // Swapped in and out, entry by entry and the whole folder, while the command runs again and again.
    const stop = join(home, 'stop-swapping');
    const swapper = spawn(
      process.execPath,
      ['-e', SWAP, JSON.stringify({ cache, theirs, planted, genuine, stop, names: targets.map((t) => t.name) })],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let swapperSaid = '';
    swapper.stdout.on('data', (chunk: Buffer) => (swapperSaid += chunk.toString()));
    const swapperDone = new Promise<number | null>((resolve) => swapper.once('exit', resolve));
    try {
      for (let run = 0; run < 40; run += 1) {
        const result = gleaner(search, env);
        expect(existsSync(marker), `planted code ran (run ${run})`).toBe(false);
        expect(result.stderr, `run ${run}`).toMatch(/^error NOT_FOUND: There is no Gleaner library/);
      }
    } finally {
      writeFileSync(stop, '');
    }
    expect(await swapperDone).toBe(0);
    // The swapping did go on while the commands ran.
    expect(Number(swapperSaid.trim())).toBeGreaterThan(40);
    expect(existsSync(marker), 'planted code ran').toBe(false);
  }, 120_000);

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
