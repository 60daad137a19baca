/**
 * What the token commands need of a library without opening a core: they never create a library,
 * and must work on one whose queue another process runs.
 */
import { existsSync } from 'node:fs';
import { databasePath } from '../data-dir';
import { liftTokenPause } from '../queue/token-pause';
import { serviceOrigin } from '../secrets/token-origin';
import { readServiceSettings } from '../settings/service-settings';
import { createSettingsRepository } from '../store/settings-repository';
import { openDatabase, type Database } from '../store/database';

/** Runs `use` on the library in `dataDir` when there is one; null when there is none. One that cannot be opened throws. */
function withExistingLibrary<T>(dataDir: string, use: (db: Database) => T): T | null {
  const file = databasePath(dataDir);
  if (!existsSync(file)) return null;
  const db = openDatabase({ path: file });
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** Where the library sends requests: the real service's origin, or null on the demo service or with no library. */
export function libraryServiceOrigin(dataDir: string): string | null {
  return withExistingLibrary(dataDir, (db) => serviceOrigin(readServiceSettings(createSettingsRepository(db, () => new Date())).baseUrl));
}

/** Lifts a queue pause that waited for a token; false when there was none (or no library). */
export function liftLibraryTokenPause(dataDir: string): boolean {
  return withExistingLibrary(dataDir, (db) => liftTokenPause(db)) ?? false;
}
