import type { Migration } from './types';

/**
 * A collection is read a page at a time, in its order: without an index on that order, each
 * page of a long collection sorted all of its rows again.
 */
export const migration0010: Migration = {
  version: 10,
  name: 'collection-order',
  up(db) {
    db.exec('CREATE INDEX collection_items_order ON collection_items (collection_id, position)');
  },
};
