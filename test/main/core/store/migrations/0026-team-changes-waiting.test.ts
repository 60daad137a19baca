import { describe, expect, it } from 'vitest';
import { migration0026 } from '../../../../../src/main/core/store/migrations/0026-team-changes-waiting';
import { databaseAtVersion } from './at-version';

describe('migration 0026-team-changes-waiting', () => {
  it('keeps what was set aside, and lets a waiting change be kept whole with its subject', () => {
    const db = databaseAtVersion(25);
    db.prepare("INSERT INTO team_sync_aside (kind, hub_seq, reason, at) VALUES ('change', 4, 'unreadable', 't')").run();
    migration0026.up(db);
    db.prepare(
      "INSERT INTO team_sync_aside (kind, hub_seq, reason, at, subject, change) VALUES ('change-waiting', 9, 'waits', 't', 'member|g|v:1', '{\"seq\":9}')",
    ).run();
    expect(db.prepare('SELECT kind, hub_seq, subject FROM team_sync_aside ORDER BY id').all()).toEqual([
      { kind: 'change', hub_seq: 4, subject: null },
      { kind: 'change-waiting', hub_seq: 9, subject: 'member|g|v:1' },
    ]);
    expect(() =>
      db
        .prepare("INSERT INTO team_sync_aside (kind, hub_seq, reason, at, change) VALUES ('change-waiting', 10, 'x', 't', 'not json')")
        .run(),
    ).toThrow(/CHECK/);
  });
});
