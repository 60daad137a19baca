import type { Migration } from './types';

/**
 * Spec fields with no column of their own (the media file's address, the author's picture, a
 * pin's colour and size, a post's headline …; shared/model.ts EXTRA_FIELDS), as one JSON object
 * per item. Items stored before keep NULL: those fields are in their raw responses, and the next
 * fetch of an item fills them.
 */
export const migration0006: Migration = {
  version: 6,
  name: 'item-extras',
  up(db) {
    db.exec(`ALTER TABLE items ADD COLUMN extras TEXT CHECK (extras IS NULL OR (json_valid(extras) AND json_type(extras) = 'object'))`);
  },
};
