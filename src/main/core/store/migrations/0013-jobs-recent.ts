import type { Migration } from './types';

/**
 * Activity lists the requests of each state that changed last (a retried old one that just
 * finished comes first, not where its id puts it). This index gives those 50 without sorting
 * every job of the state on each refresh.
 */
export const migration0013: Migration = {
  version: 13,
  name: 'jobs-recent',
  up(db) {
    db.exec('CREATE INDEX jobs_recent ON jobs (state, updated_at, id)');
  },
};
