// Decides whether `npm start` can open the desktop window here, and why not when it can't.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

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
