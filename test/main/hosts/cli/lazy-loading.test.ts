/**
 * The built `gleaner` loads a command's code, and the core, only when that command runs
 * (issue 28.19): `--help` must not pay for the whole core. Each run records which files Node
 * loaded (a --require hook lists require's cache at exit); the bundle names its source files in
 * `// src/...` comments, so a loaded chunk shows which sources it carries.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../helpers/cli';

const bin = join(repoRoot, 'bin', 'gleaner.js');
const outDir = join(repoRoot, 'out', 'main');
let workDir = '';
let hook = '';

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'gleaner-lazy-'));
  hook = join(workDir, 'record-loaded.cjs');
  writeFileSync(
    hook,
    "process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_LIST, [...Object.keys(require.cache), ...process.moduleLoadList].join('\\n')));\n",
  );
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The files `gleaner args` loaded, and the source files the loaded chunks of the build carry. */
function loadedBy(args: readonly string[]): { packages: Set<string>; sources: Set<string>; builtins: Set<string>; status: number | null } {
  expect(existsSync(join(outDir, 'cli.js')), 'the CLI is built (npm run build) before this test runs').toBe(true);
  const list = join(workDir, `loaded-${args.join('-').replace(/[^a-z-]/g, '')}.txt`);
  const run = spawnSync(process.execPath, ['--require', hook, bin, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: workDir, LOADED_LIST: list },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const files = readFileSync(list, 'utf8').split('\n');
  const packages = new Set(files.flatMap((file) => file.match(/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/)?.[1] ?? []));
  const sources = new Set(
    files
      .filter((file) => !relative(outDir, file).startsWith('..') && !relative(outDir, file).includes(`node_modules${sep}`))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^\/\/ (src\/\S+\.ts)$/gm)].map((match) => match[1]!)),
  );
  // Node's own modules, as its load list names them ("NativeModule child_process").
  const builtins = new Set(files.flatMap((file) => file.match(/^NativeModule (\S+)$/)?.[1] ?? []));
  return { packages, sources, builtins, status: run.status };
}

const coreSources = (sources: Set<string>): string[] => [...sources].filter((source) => source.startsWith('src/main/core/'));

describe('the built gleaner loads each command on demand', () => {
  it('lists its commands without loading any command, the core or its packages', () => {
    const { packages, sources, status } = loadedBy(['--help']);
    expect(status).toBe(0);
    // The bundle still names its sources, so an empty list below means "not loaded", not "not seen".
    expect(sources).toContain('src/main/hosts/cli/program.ts');
    expect(coreSources(sources)).toEqual([]);
    expect([...sources].filter((source) => source.includes('/cli/commands/'))).toEqual([]);
    // commander is bundled into the CLI (as zod is): read from node_modules it cost a dozen files' lookups.
    expect([...packages]).toEqual([]);
  });

  it('loads the command that runs, and the core behind it, and no other command', () => {
    const { packages, sources, builtins, status } = loadedBy(['search', 'flood', '--data-dir', join(workDir, 'no-library-here')]);
    expect(status).toBe(1);
    expect(sources).toContain('src/main/hosts/cli/commands/search.ts');
    expect(coreSources(sources)).toContain('src/main/core/index.ts');
    expect(packages).toContain('better-sqlite3');
    // What only an export uses loads with the first export, not with every command that opens the core.
    expect([...packages].filter((name) => ['fflate', 'csv-stringify', 'exceljs'].includes(name))).toEqual([]);
    // commander's child_process (with net and stream behind it) is for executable subcommands, which Gleaner has none of.
    expect(builtins).toContain('fs');
    expect(builtins).not.toContain('child_process');
    // The embedded demo service starts only when a call goes to it.
    expect(sources).not.toContain('src/main/demo/server.ts');
    expect([...sources].filter((source) => source.includes('/cli/commands/') && !source.endsWith('/search.ts'))).toEqual([]);
  });
});
