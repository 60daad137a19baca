import { describe, expect, it } from 'vitest';
import { migration0011 } from '../../../../../src/main/core/store/migrations/0011-job-pages';
import { databaseAtVersion } from './at-version';

const NEXT_PAGES = 'SELECT id FROM jobs WHERE previous_job_id = ?';
const plan = (db: ReturnType<typeof databaseAtVersion>) =>
  db
    .prepare(`EXPLAIN QUERY PLAN ${NEXT_PAGES}`)
    .all(1)
    .map((row) => (row as { detail: string }).detail)
    .join('\n');

describe('migration 0011-job-pages', () => {
  it("finds a job's next page through an index instead of reading every job", () => {
    const db = databaseAtVersion(10);
    expect(plan(db)).toMatch(/^SCAN jobs/);
    migration0011.up(db);
    expect(plan(db)).toMatch(/SEARCH jobs USING (COVERING )?INDEX jobs_previous \(previous_job_id=\?\)/);
  });
});
