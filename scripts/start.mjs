// `npm start`: the desktop app where Electron can run; otherwise Gleaner in the browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { desktopBlocker, desktopEnvironment, findElectronBinary } from './desktop-check.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');

function run(command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (!existsSync(join(root, 'out', 'main', 'index.js')) || !existsSync(join(root, 'out', 'main', 'cli.js'))) {
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const electronPath = findElectronBinary();
const blocker = desktopBlocker({ electronPath, platform: process.platform, env: process.env });

if (blocker) {
  process.stdout.write(`Gleaner cannot open its desktop window here (${blocker}), so it is starting in browser mode instead.\n`);
  run(process.execPath, [join(root, 'bin', 'gleaner.js'), 'serve', ...process.argv.slice(2)]);
} else {
  try {
    const { ensureElectronNativeModules } = await import('./electron-native.mjs');
    ensureElectronNativeModules();
  } catch (error) {
    process.stdout.write(
      `Gleaner could not prepare its native modules for Electron (${error instanceof Error ? error.message : error}), so it is starting in browser mode instead.\n`,
    );
    run(process.execPath, [join(root, 'bin', 'gleaner.js'), 'serve', ...process.argv.slice(2)]);
    process.exitCode = 0;
  }
  if (!process.exitCode) run(electronPath, [root], desktopEnvironment(process.argv.slice(2), process.env, process.cwd()));
}
