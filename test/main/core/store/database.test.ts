import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion, writeTransaction } from '../../../../src/main/core/store/database';
import { GLEANER_APPLICATION_ID } from '../../../../src/main/core/store/recognise-library';

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

  it('waits for another process that holds the library for a moment (its closing checkpoint, say) instead of failing at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-db-'));
    dirs.push(dir);
    const path = join(dir, 'gleaner.sqlite3');
    openDatabase({ path }).close();
    // Another process takes the whole file for 600 ms, as SQLite's last connection does while it checkpoints and removes the WAL.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(${JSON.stringify(path)}); db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE'); process.stdout.write('held\\n'); setTimeout(() => { db.exec('COMMIT'); db.close(); }, 600);`,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    const db = openDatabase({ path });
    expect(schemaVersion(db)).toBeGreaterThan(0);
    db.close();
    await new Promise((resolve) => holder.once('exit', resolve));
  });

  it('writes through a transaction that holds the write lock from its start, so a write by another process in between cannot fail it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-db-'));
    dirs.push(dir);
    const path = join(dir, 'gleaner.sqlite3');
    const ours = openDatabase({ path });
    // Another process's connection, impatient so that the test does not wait on it.
    const theirs = new BetterSqlite3(path, { timeout: 0 });
    let theirWrite: unknown = null;
    writeTransaction(ours, () => {
      ours.prepare("SELECT value FROM settings WHERE key = 'x'").get();
      try {
        theirs.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('theirs', '1', '2026-01-01T00:00:00Z')").run();
      } catch (error) {
        theirWrite = error;
      }
      // A deferred transaction would fail here with "database is locked" (its snapshot is stale).
      ours.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('ours', '1', '2026-01-01T00:00:00Z')").run();
    });
    expect(theirWrite).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(ours.prepare("SELECT count(*) AS n FROM settings WHERE key = 'ours'").get()).toEqual({ n: 1 });
    theirs.close();
    ours.close();
  });

  it('refuses a library from a newer Gleaner without changing a byte of it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-db-'));
    dirs.push(dir);
    const path = join(dir, 'gleaner.sqlite3');
    const newer = new BetterSqlite3(path);
    // As a newer Gleaner leaves it: its mark, its history, and a schema beyond this version's.
    newer.exec(
      `CREATE TABLE schema_migrations (version INTEGER, name TEXT, applied_at TEXT); CREATE TABLE future (x); PRAGMA application_id = ${GLEANER_APPLICATION_ID}; PRAGMA user_version = 999;`,
    );
    newer.close();
    const before = readFileSync(path);
    expect(() => openDatabase({ path })).toThrow(
      expect.objectContaining({ code: 'DATABASE_TOO_NEW', message: expect.stringContaining('nothing was changed') }),
    );
    // Still in its own journal mode (WAL would have rewritten its header), and no -wal file.
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('says in words when the file is not a library at all, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-db-'));
    dirs.push(dir);
    const path = join(dir, 'gleaner.sqlite3');
    writeFileSync(path, 'these are the minutes of the council meeting, not a database '.repeat(100));
    expect(() => openDatabase({ path })).toThrow(
      expect.objectContaining({
        code: 'STORAGE_ERROR',
        message: `${path} is not a Gleaner library (it is not an SQLite database). Point --data-dir (or GLEANER_DATA_DIR) at the right folder.`,
      }),
    );
  });

  it('reports a 0-byte library file as damaged and leaves it as it is, instead of starting a new library in it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-db-'));
    dirs.push(dir);
    const path = join(dir, 'gleaner.sqlite3');
    writeFileSync(path, '');
    expect(() => openDatabase({ path })).toThrow(
      expect.objectContaining({ code: 'STORAGE_ERROR', message: expect.stringMatching(/is empty \(0 bytes\).*damaged/) }),
    );
    expect(statSync(path).size).toBe(0);
    expect(readdirSync(dir)).toEqual(['gleaner.sqlite3']);
  });

  it('leaves a file that is not a library untouched', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-db-'));
    dirs.push(dir);
    const path = join(dir, 'gleaner.sqlite3');
    const text = 'not a database '.repeat(100);
    writeFileSync(path, text);
    expect(() => openDatabase({ path })).toThrow(expect.objectContaining({ code: 'STORAGE_ERROR' }));
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(readdirSync(dir)).toEqual(['gleaner.sqlite3']);
  });
});
