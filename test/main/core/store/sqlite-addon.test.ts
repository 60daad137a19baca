import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { installedSqliteAddon, sqliteAddonIn } from '../../../../src/main/core/store/sqlite-addon';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'gleaner-sqlite-addon-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function place(...parts: string[]): string {
  const file = join(folder, ...parts);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  return file;
}

describe('the SQLite addon named for better-sqlite3', () => {
  it('is the build/Release file npm leaves', () => {
    const release = place('build', 'Release', 'better_sqlite3.node');
    expect(sqliteAddonIn(folder, false)).toBe(release);
  });

  it('is left to better-sqlite3’s own search where that would pick another file first, or finds none', () => {
    expect(sqliteAddonIn(folder, false)).toBeUndefined();
    place('build', 'Release', 'better_sqlite3.node');
    place('build', 'Debug', 'better_sqlite3.node');
    expect(sqliteAddonIn(folder, false)).toBeUndefined();
  });

  it('is never guessed under Electron, which passes the addon rebuilt for its ABI', () => {
    place('build', 'Release', 'better_sqlite3.node');
    expect(sqliteAddonIn(folder, true)).toBeUndefined();
  });

  it('is the installed package’s, and opens a library', () => {
    const addon = installedSqliteAddon();
    expect(addon).toMatch(/better-sqlite3[\\/]build[\\/]Release[\\/]better_sqlite3\.node$/);
    const db = openDatabase({ path: ':memory:' });
    expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    db.close();
  });
});
