import { describe, expect, it } from 'vitest';
import { migration0024 } from '../../../../../src/main/core/store/migrations/0024-team-watches';
import { databaseAtVersion } from './at-version';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('migration 0024-team-watches', () => {
  it('gives every watch a global id and logs what exists, so a first sync shares it', () => {
    const db = databaseAtVersion(23);
    const add = db.prepare(
      `INSERT INTO watches (label, target_kind, operation, params, interval, created_at, next_due_at)
       VALUES (?, 'operation', 'videosite/search', '{"query":"x"}', '1d', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    );
    const first = Number(add.run('first').lastInsertRowid);
    add.run('second');
    db.prepare("INSERT INTO watch_changes (watch_id, change, at) VALUES (?, 'new', '2026-01-02T00:00:00Z')").run(first);
    migration0024.up(db);

    const gids = db.prepare('SELECT global_id FROM watches ORDER BY id').pluck().all() as string[];
    expect(gids).toHaveLength(2);
    for (const gid of gids) expect(gid).toMatch(UUID);
    expect(new Set(gids).size).toBe(2);
    const log = (db.prepare('SELECT entry FROM team_watch_log ORDER BY seq').pluck().all() as string[]).map(
      (entry) => JSON.parse(entry) as Record<string, unknown>,
    );
    expect(log).toMatchObject([
      { gid: gids[0], removed: 0, label: 'first', params: { query: 'x' }, item: null },
      { gid: gids[1], removed: 0, label: 'second' },
      { kind: 'change', watch: gids[0], change: 'new', item: null },
    ]);
  });

  it('logs a new watch with its id, a pause and a removal, but nothing written while pulled changes apply', () => {
    const db = databaseAtVersion(23);
    migration0024.up(db);
    const id = Number(
      db
        .prepare(
          `INSERT INTO watches (label, target_kind, operation, params, interval, created_at, next_due_at)
           VALUES ('x', 'operation', 'videosite/search', '{}', '1h', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
        )
        .run().lastInsertRowid,
    );
    db.prepare('UPDATE watches SET paused = 1 WHERE id = ?').run(id);
    db.prepare('INSERT INTO team_sync_applying (one) VALUES (1)').run();
    db.prepare('UPDATE watches SET paused = 0 WHERE id = ?').run(id);
    db.prepare('DELETE FROM team_sync_applying').run();
    db.prepare('DELETE FROM watches WHERE id = ?').run(id);
    const log = (db.prepare('SELECT entry FROM team_watch_log ORDER BY seq').pluck().all() as string[]).map(
      (entry) => JSON.parse(entry) as { gid: string; removed: number; paused?: number },
    );
    expect(log.map((entry) => [entry.removed, entry.paused])).toEqual([
      [0, 0],
      [0, 1],
      [1, undefined],
    ]);
    expect(log[0]!.gid).toMatch(UUID);
    expect(new Set(log.map((entry) => entry.gid)).size).toBe(1);
  });
});
