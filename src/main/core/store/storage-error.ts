import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { GleanerError } from '../../../shared/errors';

/**
 * The one translation of the library's and the file system's refusals into STORAGE_ERROR, with a
 * sentence a user can act on (it names the folder, never the contents). The store uses it when it
 * opens the library; the dispatcher and the queue use it for whatever a write met later, so a full
 * disk reads the same on every bridge method and CLI command. Any other error passes through.
 */

/** Below this much free space, an I/O error is taken for a full disk (SQLite says "disk I/O error" when it cannot grow its -shm file). */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** Bytes free for this user on the disk holding `folder`, or null when that cannot be told. */
export function freeBytesAt(folder: string): number | null {
  try {
    const stats = statfsSync(folder);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

const codeOf = (error: unknown): string => {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
};

const FULL_ERRNO = ['ENOSPC', 'EDQUOT'];

/** The disk said it is full: SQLite's SQLITE_FULL, or ENOSPC / EDQUOT from the file system. */
export const isDiskFullCode = (code: string): boolean => code === 'SQLITE_FULL' || FULL_ERRNO.includes(code);

/** Anything the translation below turns into STORAGE_ERROR. */
export function isStorageFailure(error: unknown): boolean {
  const code = codeOf(error);
  return /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB)/.test(code) || STORAGE_ERRNO.includes(code);
}
const STORAGE_ERRNO = [...FULL_ERRNO, 'EROFS', 'EIO', 'EACCES', 'EPERM'];

export interface StorageErrorOptions {
  /** How much space is free on a disk (injected in tests). */
  freeBytes?: (folder: string) => number | null;
}

const usable = (libraryPath: string | undefined): string | undefined =>
  libraryPath === undefined || libraryPath === ':memory:' || libraryPath === '' ? undefined : libraryPath;

/** The folder an error is about: the library's for SQLite, the file's own for the file system. */
function folderOf(error: unknown, library: string | undefined): string | undefined {
  const fsPath = (error as NodeJS.ErrnoException).path;
  return codeOf(error).startsWith('SQLITE_') ? (library ? dirname(library) : undefined) : fsPath ? dirname(fsPath) : undefined;
}

/** Whether the error says the disk is full: outright, or as an I/O error on a disk with (almost) no room left. */
export function isDiskFull(error: unknown, libraryPath?: string, options: StorageErrorOptions = {}): boolean {
  const code = codeOf(error);
  if (isDiskFullCode(code)) return true;
  if (!code.startsWith('SQLITE_IOERR') && code !== 'EIO') return false;
  const folder = folderOf(error, usable(libraryPath));
  const free = folder === undefined ? null : (options.freeBytes ?? freeBytesAt)(folder);
  return free !== null && free < NEARLY_FULL_BYTES;
}

/**
 * `error` as STORAGE_ERROR when it is a refusal of the disk or of SQLite, else `error` unchanged.
 * `libraryPath` is the library file, when the caller knows it; a file-system error names its own
 * path's folder.
 */
export function storageError(error: unknown, libraryPath?: string, options: StorageErrorOptions = {}): unknown {
  if (!isStorageFailure(error)) return error;
  const code = codeOf(error);
  const say = (message: string) => new GleanerError('STORAGE_ERROR', message, { cause: error });
  const fsPath = (error as NodeJS.ErrnoException).path;
  const library = usable(libraryPath);
  const theLibrary = library ? `the library at ${library}` : 'the library';
  if (isDiskFull(error, libraryPath, options)) {
    const where = code.startsWith('SQLITE_') ? theLibrary : (folderOf(error, library) ?? 'Gleaner’s files');
    return say(`The disk holding ${where} is full: free some space on it, then try again. Nothing stored so far is lost.`);
  }
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO') {
    return say(
      `Gleaner could not read or write ${library ?? fsPath ?? 'its library'} (${(error as Error).message}); the disk may be failing or gone.`,
    );
  }
  if (code.startsWith('SQLITE_CANTOPEN'))
    return say(`Gleaner cannot open ${theLibrary}: check that the folder exists and that you may read and write it.`);
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS')
    return say(
      `${capitalised(code === 'EROFS' && fsPath ? fsPath : theLibrary)} is read-only (the file, its folder or the disk): Gleaner needs to write to it, even to search it.`,
    );
  if (code === 'SQLITE_NOTADB')
    return say(
      `${library ?? 'The library file'} is not a Gleaner library (it is not an SQLite database). Point --data-dir (or GLEANER_DATA_DIR) at the right folder.`,
    );
  if (code.startsWith('SQLITE_CORRUPT'))
    return say(`${capitalised(theLibrary)} is damaged. Restore it from a backup; sqlite3's .recover command may save what is left.`);
  // EACCES, EPERM
  return say(`Gleaner may not write ${fsPath ?? 'to its data folder'}: check its permissions, then try again.`);
}

const capitalised = (text: string): string => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
