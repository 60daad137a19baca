/**
 * A library is recognised, never adopted: another program's SQLite file under the library's name
 * is refused untouched, and a library whose schema version number was lost is reported as damage
 * with the way back, instead of having its migrations run again over its own tables.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../src/main/core/store/database';
import { migrations } from '../../src/main/core/store/migrations';
import { migrate } from '../../src/main/core/store/migrate';
import { GLEANER_APPLICATION_ID } from '../../src/main/core/store/recognise-library';
import { cliIn } from '../helpers/cli-run';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'gleaner-recognise-'));
  folders.push(made);
  return made;
}

/** A SQLite file written by someone else, at `path`. */
function foreignDatabase(path: string, sql: string): void {
  const db = new BetterSqlite3(path);
  db.exec(sql);
  db.close();
}

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

function refusal(path: string): { code: string; message: string } {
  try {
    openDatabase({ path }).close();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error(`${path} was opened as a library`);
}

describe('a SQLite file that is not a Gleaner library', () => {
  const foreign: Array<[string, string]> = [
    ['tables of its own', "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ana');"],
    ['a table named like one of Gleaner’s', "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');"],
    [
      'another framework’s schema_migrations',
      "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY); INSERT INTO schema_migrations VALUES ('20240101');",
    ],
    ['the same, with a version number set', 'CREATE TABLE schema_migrations (version TEXT); PRAGMA user_version = 3;'],
    ['another program’s application id', 'PRAGMA application_id = 1234;'],
    ['a newer-looking version number and no history', 'CREATE TABLE t (x); PRAGMA user_version = 999;'],
  ];
  it.each(foreign)('with %s is refused, and left byte for byte as it was', (_what, sql) => {
    const path = join(folder(), 'gleaner.sqlite3');
    foreignDatabase(path, sql);
    const before = sha256(path);
    const { code, message } = refusal(path);
    expect(code).toBe('STORAGE_ERROR');
    expect(message).toContain('not a Gleaner library');
    expect(message).toContain(path);
    expect(sha256(path)).toBe(before);
  });

  it('is refused by the command line with a coded error, not INTERNAL', async () => {
    const dataDir = folder();
    foreignDatabase(join(dataDir, 'gleaner.sqlite3'), 'CREATE TABLE foo (x);');
    const { code, stderr } = await cliIn(() => dataDir)('config', 'set', 'plan', 'pro');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error STORAGE_ERROR: .*not a Gleaner library/);
    const db = new BetterSqlite3(join(dataDir, 'gleaner.sqlite3'), { readonly: true });
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all()).toEqual(['foo']);
    db.close();
  });
});

describe('a library whose schema version number was lost', () => {
  it('is reported as damage, with the version its own history gives and the command to set it back', () => {
    const path = join(folder(), 'gleaner.sqlite3');
    openDatabase({ path }).close();
    const raw = new BetterSqlite3(path);
    raw.pragma('user_version = 0');
    raw.close();
    const { code, message } = refusal(path);
    expect(code).toBe('STORAGE_ERROR');
    expect(message).toContain('is damaged');
    expect(message).toContain(`PRAGMA user_version = ${migrations.length}`);
    // Following the sentence brings the library back with everything in it.
    const fix = new BetterSqlite3(path);
    fix.pragma(`user_version = ${migrations.length}`);
    fix.close();
    const db = openDatabase({ path });
    expect(schemaVersion(db)).toBe(migrations.length);
    db.close();
  });

  it('answers STORAGE_ERROR on the command line instead of INTERNAL', async () => {
    const dataDir = folder();
    const path = join(dataDir, 'gleaner.sqlite3');
    openDatabase({ path }).close();
    const raw = new BetterSqlite3(path);
    raw.pragma('user_version = 0');
    raw.close();
    const { code, stderr } = await cliIn(() => dataDir)('search', '');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error STORAGE_ERROR: The library at .* is damaged/);
  });

  it('with its history gone as well, but marked as Gleaner’s, is damage to restore from a backup', () => {
    const path = join(folder(), 'gleaner.sqlite3');
    openDatabase({ path }).close();
    const raw = new BetterSqlite3(path);
    raw.exec('DROP TABLE schema_migrations');
    raw.pragma('user_version = 0');
    raw.close();
    const { message } = refusal(path);
    expect(message).toContain('is damaged');
    expect(message).toContain('Restore it from a backup');
  });
});

describe('libraries Gleaner made', () => {
  it('are marked with Gleaner’s application id when created', () => {
    const path = join(folder(), 'gleaner.sqlite3');
    const db = openDatabase({ path });
    expect(db.pragma('application_id', { simple: true })).toBe(GLEANER_APPLICATION_ID);
    db.close();
  });

  it('from before the mark open as before, and are marked then', () => {
    const path = join(folder(), 'gleaner.sqlite3');
    const old = new BetterSqlite3(path);
    migrate(old, migrations);
    old.close();
    const db = openDatabase({ path });
    expect(schemaVersion(db)).toBe(migrations.length);
    expect(db.pragma('application_id', { simple: true })).toBe(GLEANER_APPLICATION_ID);
    db.close();
  });

  it('from before the mark, at an older schema, are brought up to date', () => {
    const path = join(folder(), 'gleaner.sqlite3');
    const old = new BetterSqlite3(path);
    migrate(old, migrations.slice(0, 10));
    old.close();
    const db = openDatabase({ path });
    expect(schemaVersion(db)).toBe(migrations.length);
    db.close();
  });
});
