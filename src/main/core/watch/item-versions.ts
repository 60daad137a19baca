/** An item's versions and availability for its detail view (watches, issue 30). */
import type { ItemDetail, ItemRecord } from '../../../shared/library';
import { watchChangesRepository as changes } from '../store/watch/watch-changes-repository';
import type { ReadableDB } from '../store/write-transaction';

/**
 * The versions watches recorded, oldest first; an item no watch has fetched shows its one
 * version, as stored from the answer that last carried its fields. Availability only once a
 * fetch said something about it.
 */
export function watchInfoOf(db: ReadableDB, item: ItemRecord): Pick<ItemDetail, 'versions' | 'availability'> {
  let versions = changes.versions(db, item.id);
  if (versions.length === 0) {
    const last = changes.lastAnswerOf(db, item.id);
    versions = last ? [{ ...last, title: item.title, text: item.text, authorName: item.authorName, changedFields: [] }] : [];
  }
  const availability = changes.availability(db, item.id);
  return { versions, ...(availability ? { availability } : {}) };
}
