import type { Migration } from './types';

/**
 * A listing's later pages are jobs that name the page before them. Sending a listing's jobs
 * into a collection (an import naming links already queued, an undone delete) follows that
 * chain: without an index, each step of it read every job again.
 */
export const migration0011: Migration = {
  version: 11,
  name: 'job-pages',
  up(db) {
    db.exec('CREATE INDEX jobs_previous ON jobs (previous_job_id) WHERE previous_job_id IS NOT NULL');
  },
};
