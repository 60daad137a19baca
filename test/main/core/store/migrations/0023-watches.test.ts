import { describe, expect, it } from 'vitest';
import { migration0023 } from '../../../../../src/main/core/store/migrations/0023-watches';
import { databaseAtVersion } from './at-version';

describe('migration 0023-watches', () => {
  it('adds the watch tables, and a pass over what is due reads only the due index of active watches', () => {
    const db = databaseAtVersion(20);
    migration0023.up(db);
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN (?, ?, ?, ?, ?, ?) ORDER BY name").pluck();
    expect(tables.all('watches', 'watch_runs', 'watch_members', 'item_versions', 'item_availability', 'watch_changes')).toEqual([
      'item_availability',
      'item_versions',
      'watch_changes',
      'watch_members',
      'watch_runs',
      'watches',
    ]);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM watches WHERE paused = 0 AND next_due_at <= ? ORDER BY next_due_at LIMIT 10')
      .all('2026-01-01T00:00:00Z') as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/USING INDEX watches_due \(next_due_at<\?\)/);
  });

  it('refuses an interval or a change kind it does not know, and keeps a removed watch’s changes', () => {
    const db = databaseAtVersion(20);
    migration0023.up(db);
    const add = db.prepare(
      `INSERT INTO watches (label, target_kind, operation, params, interval, created_at, next_due_at)
       VALUES ('x', 'operation', 'videosite/search', '{}', ?, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    );
    expect(() => add.run('2h')).toThrow(/CHECK/);
    const id = Number(add.run('1d').lastInsertRowid);
    const change = db.prepare("INSERT INTO watch_changes (watch_id, change, at) VALUES (?, ?, '2026-01-02T00:00:00Z')");
    expect(() => change.run(id, 'vanished')).toThrow(/CHECK/);
    change.run(id, 'new');
    db.pragma('foreign_keys = ON');
    db.prepare('DELETE FROM watches WHERE id = ?').run(id);
    expect(db.prepare('SELECT watch_id, change FROM watch_changes').all()).toEqual([{ watch_id: null, change: 'new' }]);
  });
});
