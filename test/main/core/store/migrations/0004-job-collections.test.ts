import { describe, expect, it } from 'vitest';
import { migration0004 } from '../../../../../src/main/core/store/migrations/0004-job-collections';
import { databaseAtVersion } from './at-version';

function migrated() {
  const db = databaseAtVersion(3);
  migration0004.up(db);
  return db;
}

describe('migration 0004-job-collections', () => {
  it('lists further collections per job, once each whatever the case, only for jobs that exist', () => {
    const db = migrated();
    const batch = db.prepare("INSERT INTO batches (kind, label, created_at) VALUES ('import', 'x', 't')").run().lastInsertRowid;
    const job = db
      .prepare(
        "INSERT INTO jobs (batch_id, operation, params, state, created_at, updated_at) VALUES (?, 'videosite/video', '{}', 'queued', 't', 't')",
      )
      .run(batch).lastInsertRowid;
    db.prepare("INSERT INTO job_collections (job_id, collection) VALUES (?, 'Story B')").run(job);
    expect(() => db.prepare("INSERT INTO job_collections (job_id, collection) VALUES (?, 'story b')").run(job)).toThrow(
      /UNIQUE|PRIMARY KEY/,
    );
    expect(() => db.prepare("INSERT INTO job_collections (job_id, collection) VALUES (999, 'Story B')").run()).toThrow(/FOREIGN KEY/);
    expect(db.prepare('SELECT collection FROM job_collections WHERE job_id = ?').pluck().all(job)).toEqual(['Story B']);
  });
});
