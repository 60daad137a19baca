/**
 * Tells a Gleaner library from any other SQLite file before anything is written to it. SQLite
 * opens every database alike, so without this a file that happened to be named gleaner.sqlite3
 * (another program's database, a copy put in the wrong folder) had Gleaner's tables added to it,
 * and a library whose version number was reset to 0 had its migrations run again over its own
 * tables, which failed on every command.
 *
 * A library is known by SQLite's application id (set on every library Gleaner opens for writing)
 * and, for libraries from before the id was set, by its migration history.
 */
import type { Database } from 'better-sqlite3';
import { GleanerError } from '../../../shared/errors';
import type { Migration } from './migrations/types';

/** "GLNR": the application id in the SQLite header of every Gleaner library. */
export const GLEANER_APPLICATION_ID = 0x474c4e52;

export type LibraryKind = 'new' | 'library';

interface Header {
  userVersion: number;
  applicationId: number;
  /** Tables, indexes, views and triggers the file holds (SQLite's own excluded). */
  objects: number;
  hasHistory: boolean;
}

function readHeader(db: Database): Header {
  const userVersion = db.pragma('user_version', { simple: true }) as number;
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const objects = (db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'").get() as { n: number }).n;
  const hasHistory = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  return { userVersion, applicationId, objects, hasHistory };
}

const describe = (path: string): string => (path === ':memory:' ? 'The database' : `The file ${path}`);

function notALibrary(path: string, why: string): GleanerError {
  return new GleanerError(
    'STORAGE_ERROR',
    `${describe(path)} is an SQLite database but not a Gleaner library (${why}). Gleaner left it as it is: move it away, or point --data-dir (or GLEANER_DATA_DIR) at the folder that holds your library.`,
  );
}

/** The versions in the library's own history, in order, when that history matches Gleaner's migrations. */
function matchingHistory(db: Database, known: readonly Migration[]): number | null {
  let rows: { version: unknown; name: unknown }[];
  try {
    rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as typeof rows;
  } catch {
    // Another program's table of that name, with columns of its own.
    return null;
  }
  if (rows.length === 0 || rows.length > known.length) return null;
  const matches = rows.every((row, index) => row.version === known[index]!.version && row.name === known[index]!.name);
  return matches ? rows.length : null;
}

/**
 * 'new' for an empty database (a library starts in it), 'library' for a Gleaner library; anything
 * else is refused with STORAGE_ERROR, saying what was found and how to recover. Reads only.
 */
export function recogniseLibrary(db: Database, path: string, known: readonly Migration[]): LibraryKind {
  const header = readHeader(db);
  const marked = header.applicationId === GLEANER_APPLICATION_ID;
  if (header.applicationId !== 0 && !marked) {
    throw notALibrary(path, `another program marked it as its own, application id ${header.applicationId}`);
  }
  if (!header.hasHistory) {
    if (marked) throw damagedVersion(path, null);
    if (header.objects === 0 && header.userVersion === 0) return 'new';
    throw notALibrary(path, 'it holds tables of its own and no Gleaner schema history');
  }
  const history = marked && header.userVersion > 0 ? null : matchingHistory(db, known);
  if (header.userVersion === 0) {
    if (history !== null || marked) throw damagedVersion(path, history);
    throw notALibrary(path, 'its schema history is not Gleaner’s');
  }
  // A marked library's history is checked by the migrations themselves (one from a newer Gleaner has more of it).
  if (!marked && history === null) throw notALibrary(path, 'its schema history is not Gleaner’s');
  return 'library';
}

/** A library whose schema version number (PRAGMA user_version) was lost: damage, with the way back. */
function damagedVersion(path: string, version: number | null): GleanerError {
  const where = path === ':memory:' ? 'the library' : path;
  const repair =
    version === null
      ? 'Restore it from a backup.'
      : `Its own history says it is at schema ${version}: back the file up, then run sqlite3 "${where}" "PRAGMA user_version = ${version}" to set it back (or restore the file from a backup).`;
  return new GleanerError(
    'STORAGE_ERROR',
    `The library at ${where} is damaged: its schema version number reads 0, though it holds Gleaner's tables. Gleaner left it as it is, so nothing in it is lost. ${repair}`,
  );
}

/** Marks a library as Gleaner's (once: libraries from before the mark get it on their next open). */
export function markAsLibrary(db: Database): void {
  if ((db.pragma('application_id', { simple: true }) as number) !== GLEANER_APPLICATION_ID) {
    db.pragma(`application_id = ${GLEANER_APPLICATION_ID}`);
  }
}
