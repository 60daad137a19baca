import { homedir } from 'node:os';
import { join } from 'node:path';
import { GleanerError } from '../../shared/errors';
import { fileInTheWay } from './file-in-the-way';

export const APP_FOLDER_NAME = 'Gleaner';
export const DATABASE_FILE_NAME = 'gleaner.sqlite3';
/** The folders Gleaner keeps in the data folder beside the library: its log, held answers, browser mode's downloads. */
export const LOGS_FOLDER_NAME = 'logs';
export const HELD_ANSWERS_FOLDER_NAME = 'held-answers';
export const EXPORT_STAGING_FOLDER_NAME = 'exports';
/** How the desktop's files of secrets sealed by the system (safeStorage) end, in the data folder. */
export const SAFE_STORAGE_FILE_SUFFIX = '.safestorage.json';

export interface DataDirEnv {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  home: string;
}

/**
 * The desktop app's own folder, computed the way Electron's `userData` path is, so the CLI
 * and the app share one library without the CLI loading Electron.
 */
export function defaultDataDir(
  { platform, env, home }: DataDirEnv = { platform: process.platform, env: process.env, home: homedir() },
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_FOLDER_NAME);
}

/**
 * `--data-dir`, else `GLEANER_DATA_DIR`, else the app's folder (shared/CLI.md). A path that is
 * (or lies inside) a file is refused here, before opening the library tries to create a folder there.
 */
export function resolveDataDir(flag: string | undefined, env: Record<string, string | undefined> = process.env): string {
  if (flag && flag.trim() !== '') return checkedDataDir(flag, 'give --data-dir a folder');
  if (env.GLEANER_DATA_DIR && env.GLEANER_DATA_DIR.trim() !== '')
    return checkedDataDir(env.GLEANER_DATA_DIR, 'set GLEANER_DATA_DIR to a folder');
  return checkedDataDir(defaultDataDir(), 'move that file away or give --data-dir a folder');
}

/** Whether the folder may be written is found on opening the library; a file in the way is said here. */
function checkedDataDir(dataDir: string, remedy: string): string {
  const file = fileInTheWay(dataDir);
  if (file === null) return dataDir;
  const where = file === dataDir ? '' : `, so the data folder ${dataDir} cannot be made inside it`;
  throw new GleanerError('INVALID_INPUT', `${file} is a file, not a folder${where}; ${remedy}.`);
}

export const databasePath = (dataDir: string): string => join(dataDir, DATABASE_FILE_NAME);
