import { describe, expect, it } from 'vitest';
import { migration0003 } from '../../../../../src/main/core/store/migrations/0003-queue';
import { databaseAtVersion } from './at-version';

function migrated() {
  const db = databaseAtVersion(2);
  migration0003.up(db);
  return db;
}

describe('migration 0003-queue', () => {
  it('stores batches and jobs with a checked state', () => {
    const db = migrated();
    const batch = db.prepare("INSERT INTO batches (kind, label, created_at) VALUES ('import', 'x', 't')").run().lastInsertRowid;
    db.prepare(
      "INSERT INTO jobs (batch_id, operation, params, state, created_at, updated_at) VALUES (?, 'videosite/video', '{}', 'queued', 't', 't')",
    ).run(batch);
    expect(() =>
      db
        .prepare("INSERT INTO jobs (batch_id, operation, params, state, created_at, updated_at) VALUES (?, 'x', '{}', 'lost', 't', 't')")
        .run(batch),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO jobs (batch_id, operation, params, state, created_at, updated_at) VALUES (?, 'x', 'nope', 'queued', 't', 't')",
        )
        .run(batch),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO jobs (batch_id, operation, params, state, created_at, updated_at) VALUES (999, 'x', '{}', 'queued', 't', 't')",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('keeps the send log and queue state', () => {
    const db = migrated();
    db.prepare('INSERT INTO send_log (sent_at, job_id) VALUES (?, NULL)').run(1_700_000_000_000);
    db.prepare('INSERT INTO queue_state (key, value) VALUES (\'paused\', \'{"reason":"user"}\')').run();
    expect(db.prepare('SELECT count(*) FROM send_log WHERE sent_at > ?').pluck().get(0)).toBe(1);
    expect(() => db.prepare("INSERT INTO queue_state (key, value) VALUES ('x', 'not json')").run()).toThrow(/CHECK/);
  });
});
