import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../src/main/core/store/database';

describe('openDatabase', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('creates the folder, turns on WAL and foreign keys, and migrates', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-db-'));
    dirs.push(dir);
    const db = openDatabase({ path: join(dir, 'nested', 'gleaner.sqlite3') });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(schemaVersion(db)).toBeGreaterThan(0);
    db.close();
    // The folder it made is the user's alone.
    expect(statSync(join(dir, 'nested')).mode & 0o777).toBe(0o700);
  });

  it('refuses a library from a newer Gleaner without changing a byte of it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-db-'));
    dirs.push(dir);
    const path = join(dir, 'gleaner.sqlite3');
    const newer = new BetterSqlite3(path);
    newer.exec('CREATE TABLE future (x); PRAGMA user_version = 999;');
    newer.close();
    const before = readFileSync(path);
    expect(() => openDatabase({ path })).toThrow(expect.objectContaining({ code: 'DATABASE_TOO_NEW', message: expect.stringContaining('nothing was changed') }));
    // Still in its own journal mode (WAL would have rewritten its header), and no -wal file.
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('says in words when the file is not a library at all, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-db-'));
    dirs.push(dir);
    const path = join(dir, 'gleaner.sqlite3');
    writeFileSync(path, 'these are the minutes of the council meeting, not a database '.repeat(100));
    expect(() => openDatabase({ path })).toThrow(expect.objectContaining({ code: 'STORAGE_ERROR', message: `${path} is not a Gleaner library (it is not an SQLite database). Point --data-dir (or GLEANER_DATA_DIR) at the right folder.` }));
  });
});
