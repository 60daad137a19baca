import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { GleanerError } from '../../shared/errors';

/**
 * Creates a folder and any missing parents, one level at a time. Node's recursive mkdir never
 * returns where mkdir answers ENOENT under a parent that exists (/proc, some network and FUSE
 * mounts): `--data-dir /proc/x` spun at full CPU forever. Here every level is one plain mkdir,
 * and its failure is thrown.
 */
export function makeFolder(path: string, mode = 0o777): void {
  const missing: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    let isFolder = false;
    try {
      isFolder = statSync(at).isDirectory();
    } catch {
      // Not there (or not readable): it is made below, and mkdir says why if it cannot be.
    }
    if (isFolder) break;
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a file stands where a folder is needed',
  EEXIST: 'a file stands where a folder is needed',
  ENOENT: 'the system does not allow a folder there',
};

/** Read, write and enter for the owner only. */
export const PRIVATE_FOLDER = 0o700;

/** The library's folder, made if need be; a folder that cannot be made is said in words (INVALID_INPUT). */
export function makeDataFolder(path: string): void {
  try {
    // A library is private research: folders made for it are the user's alone (0700), so
    // other accounts on a shared machine cannot read it. Folders that exist keep their modes.
    makeFolder(path, PRIVATE_FOLDER);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = REASONS[code] ?? code ?? 'unknown reason';
    throw new GleanerError(
      'INVALID_INPUT',
      `Gleaner cannot make its data folder ${path} (${reason}); choose another with --data-dir or GLEANER_DATA_DIR.`,
      { cause: error },
    );
  }
}
