/** Where a case bundle may be written: the rules of any file Gleaner writes (files/safe-file.ts), in a bundle's words. */
import type { Database } from 'better-sqlite3';
import type { FileRules } from '../files/safe-file';

/** `staged`: browser mode's staging folder, which lies in the data folder on purpose. */
export function bundleFileRules(library: Pick<Database, 'name' | 'memory'> | null, staged = false): FileRules {
  const onDisk = library !== null && !library.memory && library.name !== '' && library.name !== ':memory:';
  return {
    what: 'bundle',
    kindRefusal: 'a bundle is written only to a new file or over a regular file. Choose another place to save it.',
    library: onDisk ? { databasePath: library.name, staged } : null,
  };
}
