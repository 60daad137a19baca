import { describe, expect, it } from 'vitest';
import { migration0008 } from '../../../../../src/main/core/store/migrations/0008-job-priority';
import { databaseAtVersion } from './at-version';

// As the queue asks it (fetch-queue.ts): the index named, so a small table's statistics do not matter.
const NEXT = "SELECT id FROM jobs INDEXED BY jobs_next WHERE state = 'queued' AND not_before <= ? ORDER BY priority DESC, id LIMIT 1";

function atVersion7WithJobs() {
  const db = databaseAtVersion(7);
  const batch = db.prepare("INSERT INTO batches (id, kind, label, created_at) VALUES (?, ?, 'x', 't')");
  batch.run(1, 'import');
  batch.run(2, 'call');
  const job = db.prepare(
    "INSERT INTO jobs (id, batch_id, operation, params, state, created_at, updated_at) VALUES (?, ?, 'videosite/video', '{}', ?, 't', 't')",
  );
  job.run(1, 1, 'queued');
  job.run(2, 1, 'queued');
  job.run(3, 2, 'queued');
  job.run(4, 2, 'done');
  return db;
}

describe('migration 0008-job-priority', () => {
  it('puts the waiting jobs of calls ahead of an import queued before them', () => {
    const db = atVersion7WithJobs();
    migration0008.up(db);
    expect(db.prepare('SELECT id, priority FROM jobs ORDER BY id').all()).toEqual([
      { id: 1, priority: 0 },
      { id: 2, priority: 0 },
      { id: 3, priority: 1 },
      { id: 4, priority: 1 },
    ]);
    expect(db.prepare(NEXT).pluck().get(0)).toBe(3);
  });

  it('finds the next job through its own index of waiting jobs, without sorting', () => {
    const db = atVersion7WithJobs();
    migration0008.up(db);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${NEXT}`)
      .all(0)
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(plan).toMatch(/USING INDEX jobs_next/);
    // The index holds waiting jobs only: one that is done is not in it.
    expect(db.prepare("SELECT count(*) FROM jobs INDEXED BY jobs_next WHERE state = 'queued' AND priority >= 0").pluck().get()).toBe(3);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
