import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_FOLDER_NAME = 'Gleaner';
export const DATABASE_FILE_NAME = 'gleaner.sqlite3';

export interface DataDirEnv {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  home: string;
}

/**
 * The desktop app's own folder, computed the way Electron's `userData` path is, so the CLI
 * and the app share one library without the CLI loading Electron.
 */
export function defaultDataDir({ platform, env, home }: DataDirEnv = { platform: process.platform, env: process.env, home: homedir() }): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_FOLDER_NAME);
}

/** `--data-dir`, else `GLEANER_DATA_DIR`, else the app's folder (shared/CLI.md). */
export function resolveDataDir(flag: string | undefined, env: Record<string, string | undefined> = process.env): string {
  if (flag && flag.trim() !== '') return flag;
  if (env.GLEANER_DATA_DIR && env.GLEANER_DATA_DIR.trim() !== '') return env.GLEANER_DATA_DIR;
  return defaultDataDir();
}

export const databasePath = (dataDir: string): string => join(dataDir, DATABASE_FILE_NAME);
