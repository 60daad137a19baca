import type { Migration } from './types';

/**
 * Further collections a job fills. A link already waiting in the queue for one import, named
 * again by a second import into another collection, is not fetched twice: its job takes the
 * second collection too (its first stays in `jobs.collection`).
 */
export const migration0004: Migration = {
  version: 4,
  name: 'job-collections',
  up(db) {
    db.exec(`
      CREATE TABLE job_collections (
        job_id INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        collection TEXT NOT NULL COLLATE NOCASE,
        PRIMARY KEY (job_id, collection)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
