/**
 * What the file system's refusals mean for a file a person asked Gleaner to write, each said as a
 * sentence naming the path: the ones another place would fix (INVALID_INPUT), a full disk or a
 * failing one (STORAGE_ERROR). Anything else is left as it came.
 */
import { dirname } from 'node:path';
import { GleanerError, isGleanerError } from '../../../shared/errors';

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

/**
 * Says why the destination refused a new file, for the refusals that another place would fix;
 * other failures (a full disk, an I/O error) keep their own error. ENOENT in a folder that exists
 * means a file system that takes no new files, such as /proc.
 */
export function destinationError(error: unknown, outPath: string, parent = dirname(outPath)): unknown {
  const code = codeOf(error);
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? `permission denied in the folder ${parent}`
      : code === 'EROFS'
        ? `the folder ${parent} is on a read-only file system`
        : code === 'ENOTDIR'
          ? `${parent} is not a folder`
          : code === 'ENOENT' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EINVAL'
            ? `the folder ${parent} is not writable`
            : null;
  return reason === null
    ? error
    : new GleanerError('INVALID_INPUT', `Cannot write ${outPath}: ${reason}; choose another place to save it.`, { cause: error });
}

/**
 * A disk (or quota) that filled up while the file was written, said as such rather than as a
 * failure of Gleaner's. `what` names what stopped: "export", "bundle".
 */
export function diskFullError(error: unknown, outPath: string, what = 'export'): GleanerError | null {
  const code = codeOf(error);
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return null;
  return new GleanerError(
    'STORAGE_ERROR',
    `The disk holding ${dirname(outPath)} is full, so the ${what} stopped; nothing was saved under the chosen name. Free some space, or save the ${what} on another disk.`,
    { cause: error },
  );
}

/**
 * Every failure of writing `outPath` as the sentence a person can act on, whichever step met it
 * (making the temporary file, writing, syncing, renaming). A Gleaner error passes unchanged.
 */
export function writeError(error: unknown, outPath: string, what = 'export'): unknown {
  if (isGleanerError(error)) return error;
  const code = codeOf(error);
  if (code === 'EISDIR')
    return new GleanerError('INVALID_INPUT', `${outPath} is a folder; give the name of the file to write.`, { cause: error });
  const full = diskFullError(error, outPath, what);
  if (full) return full;
  if (code === 'EFBIG') {
    return new GleanerError(
      'STORAGE_ERROR',
      `The ${what} is larger than the file system holding ${dirname(outPath)} takes in one file (FAT32 stops at 4 GiB); nothing was saved under the chosen name. Save it on another disk.`,
      { cause: error },
    );
  }
  if (code === 'EIO') {
    return new GleanerError(
      'STORAGE_ERROR',
      `The disk holding ${dirname(outPath)} failed to write (an input/output error: a removed or failing drive), so the ${what} stopped; nothing was saved under the chosen name.`,
      { cause: error },
    );
  }
  return destinationError(error, outPath);
}
