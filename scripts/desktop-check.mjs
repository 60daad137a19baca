// Decides whether `npm start` can open the desktop window here, and why not when it can't.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** The path of the Electron binary, or null when its download was skipped or failed. */
export function findElectronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * @param {{ electronPath: string | null, platform: string, env: Record<string, string | undefined> }} machine
 * @returns {string | null} why the desktop app cannot start, in words, or null when it can
 */
export function desktopBlocker({ electronPath, platform, env }) {
  if (!electronPath) return 'the Electron binary is not installed';
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return 'there is no display';
  return null;
}

/**
 * The environment for the desktop app. It takes no command-line options (a packaged app is
 * started by the OS), so `npm start -- --data-dir DIR` reaches it as GLEANER_DATA_DIR, the
 * variable it reads, as browser mode and the CLI would take the option.
 * @param {readonly string[]} args what followed `npm start --`
 * @param {Record<string, string | undefined>} env
 * @param {string} cwd
 */
export function desktopEnvironment(args, env, cwd) {
  let dataDir;
  args.forEach((arg, index) => {
    if (arg === '--data-dir' && index + 1 < args.length) dataDir = args[index + 1];
    else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
  });
  return dataDir ? { ...env, GLEANER_DATA_DIR: resolve(cwd, dataDir) } : { ...env };
}
