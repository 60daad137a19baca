import type { Migration } from './types';

/**
 * A call made with a ticket (the Fetch view's Run and Load more) keeps it with its batch, so a
 * window reloaded or reopened meanwhile, even by a restarted Gleaner that sends the call again,
 * can follow that very call by its ticket, and cancel it. One ticket names one call.
 */
export const migration0014: Migration = {
  version: 14,
  name: 'batch-tickets',
  up(db) {
    db.exec(`
      ALTER TABLE batches ADD COLUMN ticket TEXT;
      CREATE UNIQUE INDEX batches_ticket ON batches (ticket) WHERE ticket IS NOT NULL;
    `);
  },
};
