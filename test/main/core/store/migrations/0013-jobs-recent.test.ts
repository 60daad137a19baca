import { describe, expect, it } from 'vitest';
import { migration0013 } from '../../../../../src/main/core/store/migrations/0013-jobs-recent';
import { databaseAtVersion } from './at-version';

// As Activity asks for one state's list (fetch-queue.ts, jobs()).
const RECENT = 'SELECT id FROM jobs WHERE state = @state AND 1 ORDER BY updated_at DESC, id DESC LIMIT 50';
const plan = (db: ReturnType<typeof databaseAtVersion>) =>
  db
    .prepare(`EXPLAIN QUERY PLAN ${RECENT}`)
    .all({ state: 'done' })
    .map((row) => (row as { detail: string }).detail)
    .join('\n');

describe('migration 0013-jobs-recent', () => {
  it('lists the jobs of a state that changed last without sorting them all', () => {
    const db = databaseAtVersion(12);
    expect(plan(db)).toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    migration0013.up(db);
    expect(plan(db)).toMatch(/jobs_recent/);
    expect(plan(db)).not.toMatch(/TEMP B-TREE/);
  });
});
