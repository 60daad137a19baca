import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../src/main/core/store/migrate';
import { migrations } from '../../../../src/main/core/store/migrations';
import type { Migration } from '../../../../src/main/core/store/migrations/types';

const open = () => new BetterSqlite3(':memory:');

describe('migration runner', () => {
  it('numbers migrations 1..n with no gaps', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
  });

  it('brings an empty database to the newest version and records the history', () => {
    const db = open();
    expect(migrate(db, migrations)).toEqual({ from: 0, to: migrations.length });
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    const history = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(history).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })));
  });

  it('does nothing the second time', () => {
    const db = open();
    migrate(db, migrations);
    expect(migrate(db, migrations)).toEqual({ from: migrations.length, to: migrations.length });
  });

  it('refuses a database from a newer Gleaner without touching it', () => {
    const db = open();
    migrate(db, migrations);
    db.pragma(`user_version = ${migrations.length + 5}`);
    expect(() => migrate(db, migrations)).toThrow(/newer version of Gleaner/);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length + 5);
  });

  it('refuses a history that does not match this version', () => {
    const db = open();
    migrate(db, migrations);
    db.prepare("UPDATE schema_migrations SET name = 'something-else' WHERE version = 1").run();
    expect(() => migrate(db, migrations)).toThrow(/history does not match/);
  });

  it('rolls back every pending migration when one fails', () => {
    const db = open();
    const failing: Migration = {
      version: migrations.length + 1,
      name: 'broken',
      up: () => {
        throw new Error('boom');
      },
    };
    expect(() => migrate(db, [...migrations, failing])).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'settings'").get()).toEqual({ n: 0 });
  });

  it('refuses a migration list that is out of order', () => {
    const [first] = migrations;
    expect(() => migrate(open(), [{ ...first!, version: 2 }])).toThrow(/out of order/);
  });
});
