/**
 * The library's own files, which nothing Gleaner writes for a person may land on: the database,
 * the files SQLite keeps beside it, the data folder itself and what Gleaner keeps there (its log,
 * held answers, browser mode's downloads, the desktop's sealed secrets). A file renamed over the
 * database destroys the library. Paths are compared with their folders' links resolved, and by
 * device and inode as well, so a symbolic link to the folder, another name of the same folder
 * (a bind mount) or a hard link to the database is caught too.
 */
import type { BigIntStats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { GleanerError } from '../../../shared/errors';
import { EXPORT_STAGING_FOLDER_NAME, HELD_ANSWERS_FOLDER_NAME, LOGS_FOLDER_NAME, SAFE_STORAGE_FILE_SUFFIX } from '../data-dir';

/** SQLite keeps the library in its database file and these files beside it while it is open. */
const DATABASE_COMPANIONS = ['', '-wal', '-shm', '-journal'];

export interface LibraryPlace {
  /** The library's database file; the data folder is the folder it is in. */
  databasePath: string;
  /** Browser mode's downloads are staged in the data folder on purpose: a write there is Gleaner's own. */
  staged?: boolean;
}

const sameEntry = (a: BigIntStats | null, b: BigIntStats | null): boolean => a !== null && b !== null && a.dev === b.dev && a.ino === b.ino;

const statOf = (path: string): Promise<BigIntStats | null> => stat(path, { bigint: true }).catch(() => null);

/** Names are compared without case: on macOS and Windows two spellings are one file. */
const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Why a file (or a folder of files) may not be written at `path`, or null when it may: the
 * library's database or one of its companions, the data folder, or something Gleaner keeps in it.
 * `existing` is what lstat found at `path` (null: nothing yet). `what` names what is written
 * ("the export", "the bundle").
 */
export async function libraryFileRefusal(
  path: string,
  existing: BigIntStats | null,
  library: LibraryPlace,
  what: string,
): Promise<GleanerError | null> {
  const database = resolve(library.databasePath);
  const dataDir = dirname(database);
  const dataDirInfo = await statOf(dataDir);
  const parent = await realpath(dirname(path)).catch(() => dirname(path));
  const name = basename(path);
  const refuse = (clause: string, harm = 'would destroy the library'): GleanerError =>
    new GleanerError(
      'INVALID_INPUT',
      `${path} ${clause}; writing ${what} there ${harm}. Choose another place to save it, outside the library’s files.`,
    );

  // A symbolic link is refused anyway; where it leads to the library, that is the graver thing to say.
  const target = existing?.isSymbolicLink() ? await statOf(path) : existing;
  const parentInfo = await statOf(parent);
  const inDataDir = sameEntry(parentInfo, dataDirInfo) || sameName(parent, await realpath(dataDir).catch(() => dataDir));
  for (const suffix of DATABASE_COMPANIONS) {
    const companion = `${basename(database)}${suffix}`;
    const sameFile = target !== null && target.isFile() && sameEntry(target, await statOf(join(dataDir, companion)));
    if ((inDataDir && sameName(name, companion)) || sameFile) {
      return refuse(suffix === '' ? 'is the library’s database' : `is a file SQLite keeps beside the library’s database (${companion})`);
    }
  }
  if (sameEntry(target, dataDirInfo)) return refuse('is the library’s data folder', 'would mix it with the library’s own files');

  // Up from the folder the file goes into: the first folder that is the data folder says which
  // of its entries the path lies in.
  let child = name;
  for (let at = parent; ; at = dirname(at)) {
    if (at === parent ? inDataDir : sameEntry(await statOf(at), dataDirInfo)) {
      if (!ownedEntry(child, library.staged === true)) return null;
      const owned = join(dataDir, child);
      return refuse(
        at === parent ? 'is Gleaner’s own, kept in the library’s data folder' : `lies in ${owned}, which Gleaner keeps beside the library`,
        'could damage the library',
      );
    }
    if (dirname(at) === at) return null;
    child = basename(at);
  }
}

function ownedEntry(name: string, staged: boolean): boolean {
  const lower = name.toLowerCase();
  return (
    lower === LOGS_FOLDER_NAME ||
    lower === HELD_ANSWERS_FOLDER_NAME ||
    (lower === EXPORT_STAGING_FOLDER_NAME && !staged) ||
    lower.endsWith(SAFE_STORAGE_FILE_SUFFIX)
  );
}
