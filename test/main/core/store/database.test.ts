import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  });
});
