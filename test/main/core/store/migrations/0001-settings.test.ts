import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0001 } from '../../../../../src/main/core/store/migrations/0001-settings';

describe('migration 0001-settings', () => {
  it('creates the settings and history tables', () => {
    const db = new BetterSqlite3(':memory:');
    migration0001.up(db);
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('plan', '\"pro\"', '2026-01-01T00:00:00Z')").run();
    expect(db.prepare('SELECT value FROM settings WHERE key = ?').get('plan')).toEqual({ value: '"pro"' });
  });

  it('only accepts JSON values', () => {
    const db = new BetterSqlite3(':memory:');
    migration0001.up(db);
    expect(() => db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('plan', 'not json', 'x')").run()).toThrow();
  });
});
