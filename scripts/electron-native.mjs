// Electron runs its own Node ABI, so it needs its own build of better-sqlite3. This builds
// one into node_modules/.gleaner-electron with npm's bundled node-gyp (leaving the Node
// build that the CLI uses untouched); the Electron shell passes it as `nativeBinding`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const workDir = join(root, 'node_modules', '.gleaner-electron');
const target = join(workDir, 'better_sqlite3.node');
const stamp = join(workDir, 'electron-version.txt');

export function ensureElectronSqlite() {
  const electronVersion = require('electron/package.json').version;
  if (existsSync(target) && existsSync(stamp) && readFileSync(stamp, 'utf8') === electronVersion) return target;
  // npm sets npm_config_node_gyp for scripts it runs; it points at the node-gyp npm ships with.
  const nodeGyp = process.env.npm_config_node_gyp;
  if (!nodeGyp || !existsSync(nodeGyp)) throw new Error('run it through npm (npm start) so that node-gyp can be found');
  process.stdout.write(`Building the database module for Electron ${electronVersion} (once)…\n`);
  const source = join(workDir, 'better-sqlite3');
  rmSync(source, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  cpSync(join(root, 'node_modules', 'better-sqlite3'), source, { recursive: true });
  const result = spawnSync(
    process.execPath,
    [nodeGyp, 'rebuild', '--release', `--target=${electronVersion}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'],
    { cwd: source, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`node-gyp exited with ${result.status}`);
  copyFileSync(join(source, 'build', 'Release', 'better_sqlite3.node'), target);
  writeFileSync(stamp, electronVersion);
  return target;
}
