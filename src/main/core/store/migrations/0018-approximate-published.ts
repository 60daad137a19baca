import { approximateDate } from '../../../../shared/relative-date';
import type { Migration } from './types';

/**
 * Most video-site items carry only "1 year ago": without a date, a "Published from" filter dropped
 * them, sorting by date put them last and citations had none. Such wording now gives an
 * approximate `published_at`, flagged by `published_approximate` wherever it is shown, filtered,
 * sorted, exported or cited.
 *
 * Items stored before are dated from their last fetch, not their first: `published_text` holds
 * the wording of the latest answer that carried any (each later sighting overwrites it), so it
 * was read at the last fetch; paired with the first fetch, it would date the item too early by
 * the time between the two.
 */
export const migration0018: Migration = {
  version: 18,
  name: 'approximate-published',
  up(db) {
    db.exec(`ALTER TABLE items ADD COLUMN published_approximate INTEGER NOT NULL DEFAULT 0 CHECK (published_approximate IN (0, 1))`);
    const undated = db.prepare<[], { id: number; text: string; fetchedAt: string }>(
      `SELECT id, published_text AS text, last_fetched_at AS fetchedAt FROM items
        WHERE published_at IS NULL AND published_text IS NOT NULL`,
    );
    const date = db.prepare<[string, number]>('UPDATE items SET published_at = ?, published_approximate = 1 WHERE id = ?');
    for (const item of undated.all()) {
      const approximate = approximateDate(item.text, item.fetchedAt);
      if (approximate !== null) date.run(approximate.at, item.id);
    }
  },
};
