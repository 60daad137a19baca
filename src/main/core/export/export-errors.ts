/** The errors an export ends with, each a sentence a user can act on. */
import { dirname } from 'node:path';
import { GleanerError } from '../../../shared/errors';

export const cancelledError = (): GleanerError =>
  new GleanerError('CANCELLED', 'The export was cancelled; nothing was saved under the chosen name.');

/**
 * Says why the destination refused a new file, as a sentence naming the path, for the refusals
 * that another place would fix; other failures (a full disk, an I/O error) keep their own error.
 * ENOENT in a folder that exists means a file system that takes no new files, such as /proc.
 */
export function destinationError(error: unknown, outPath: string, parent = dirname(outPath)): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
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

/** A disk (or quota) that filled up while the export was written, said as such rather than as a failure of Gleaner's. */
export function diskFullError(error: unknown, outPath: string): GleanerError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return null;
  return new GleanerError(
    'STORAGE_ERROR',
    `The disk holding ${dirname(outPath)} is full, so the export stopped; nothing was saved under the chosen name. Free some space, or export to another disk.`,
    { cause: error },
  );
}
