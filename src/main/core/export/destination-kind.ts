/**
 * An export is renamed into place, and a rename replaces whatever has the name: a device (as root,
 * `--out /dev/full` replaced the device), a named pipe, a symbolic link (the link, not its file).
 * So what stands at the destination is looked at with lstat before anything is written, and only
 * nothing, a regular file, or (for a folder export) a folder is written over.
 */
import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { GleanerError } from '../../../shared/errors';

type FileTypeTests = Pick<
  Stats,
  'isFile' | 'isDirectory' | 'isSymbolicLink' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'
>;

/** "a named pipe (FIFO)": what a file system entry is, as a sentence names it. */
export function describeFileKind(info: FileTypeTests): string {
  if (info.isFile()) return 'a regular file';
  if (info.isDirectory()) return 'a folder';
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/** What lstat finds at `path`, or null when nothing is there yet. */
async function entryAt(path: string): Promise<Stats | null> {
  try {
    return await lstat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a file stands where a folder of the path should be, which the parent check names.
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

/** The refusal of an entry that is neither a regular file nor a folder, or null when it is one of those. */
export function unwritableKindError(path: string, info: FileTypeTests, role: 'file' | 'folder' | 'manifest'): GleanerError | null {
  if (info.isFile() || (info.isDirectory() && role !== 'manifest')) return null;
  const rest =
    role === 'folder'
      ? 'this format writes one file per transcript into a folder, so give a folder that does not exist yet or is empty. Choose another place to save it.'
      : role === 'manifest'
        ? 'the manifest is written only as a new file or over a regular file. Choose another place to save the export.'
        : 'an export is written only to a new file or over a regular file. Choose another place to save it.';
  return new GleanerError('INVALID_INPUT', `${path} is ${describeFileKind(info)}; ${rest}`);
}

/**
 * Refuses an export's destination (or the manifest's place beside it) when lstat finds there
 * anything but nothing, a regular file or a folder. A folder where one file goes (and a file
 * where a folder goes) is left to the caller, which says what to give instead.
 */
export async function checkDestinationKind(path: string, role: 'file' | 'folder' | 'manifest'): Promise<void> {
  const existing = await entryAt(path);
  const refusal = existing && unwritableKindError(path, existing, role);
  if (refusal) throw refusal;
}
