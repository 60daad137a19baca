import { statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The nearest existing path at or above `path` when it is a file rather than a folder: what
 * stands where a folder is needed (for the data folder, or the folder an export goes into).
 * Null when the nearest existing path is a folder.
 */
export function fileInTheWay(path: string): string | null {
  for (let at = path; ; at = dirname(at)) {
    let isFolder: boolean | null = null;
    try {
      isFolder = statSync(at).isDirectory();
    } catch {
      // Not there: look one level up.
    }
    if (isFolder !== null) return isFolder ? null : at;
    if (dirname(at) === at) return null;
  }
}
