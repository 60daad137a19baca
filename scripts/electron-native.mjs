// Electron runs its own Node ABI, so it needs its own builds of the native modules
// (better-sqlite3, keytar). This builds them into node_modules/.gleaner-electron with npm's
// bundled node-gyp, leaving the Node builds that the CLI uses untouched; the Electron shell
// loads them from there (better-sqlite3's `nativeBinding`, keytar by path).
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const workDir = join(root, 'node_modules', '.gleaner-electron');
const stamp = join(workDir, 'electron-version.txt');
const MODULES = [
  { name: 'better-sqlite3', binary: 'better_sqlite3.node', required: true },
  // Optional: without it the desktop app keeps the token with Electron's safeStorage.
  { name: 'keytar', binary: 'keytar.node', required: false },
];

export function ensureElectronNativeModules() {
  const electronVersion = require('electron/package.json').version;
  const built = MODULES.every((m) => !m.required || existsSync(join(workDir, m.binary)));
  if (built && existsSync(stamp) && readFileSync(stamp, 'utf8') === electronVersion) return;
  // npm sets npm_config_node_gyp for scripts it runs; it points at the node-gyp npm ships with.
  const nodeGyp = process.env.npm_config_node_gyp;
  if (!nodeGyp || !existsSync(nodeGyp)) throw new Error('run it through npm (npm start) so that node-gyp can be found');
  process.stdout.write(`Building the native modules for Electron ${electronVersion} (once)…\n`);
  for (const module of MODULES) {
    if (!existsSync(join(root, 'node_modules', module.name))) {
      if (module.required) throw new Error(`${module.name} is not installed; run npm ci`);
      continue;
    }
    try {
      buildOne(nodeGyp, electronVersion, module);
    } catch (error) {
      if (module.required) throw error;
      process.stdout.write(
        `(${module.name} could not be built for Electron: ${error instanceof Error ? error.message : error}; continuing without it)\n`,
      );
    }
  }
  writeFileSync(stamp, electronVersion);
}

function buildOne(nodeGyp, electronVersion, module) {
  const source = join(workDir, module.name);
  rmSync(source, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  cpSync(join(root, 'node_modules', module.name), source, { recursive: true });
  const result = spawnSync(
    process.execPath,
    [nodeGyp, 'rebuild', '--release', `--target=${electronVersion}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'],
    { cwd: source, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`node-gyp exited with ${result.status}`);
  copyFileSync(join(source, 'build', 'Release', module.binary), join(workDir, module.binary));
}
