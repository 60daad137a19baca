import type { Migration } from './types';

/**
 * Interactive requests first: a search run from Fetch, or a transcript asked for from an item,
 * waited behind every link of a bulk import queued before it. Jobs of `call` batches now carry
 * priority 1 and the queue takes the highest priority first, then the oldest. The index holds
 * waiting jobs only, in that order, so finding the next one stays cheap with a long import queued.
 */
export const migration0008: Migration = {
  version: 8,
  name: 'job-priority',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
      UPDATE jobs SET priority = 1 WHERE batch_id IN (SELECT id FROM batches WHERE kind = 'call');
      CREATE INDEX jobs_next ON jobs (priority DESC, id) WHERE state = 'queued';
    `);
  },
};
