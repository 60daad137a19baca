/**
 * The renderer's local storage, where typed work that is not saved yet (note drafts, pasted
 * links) outlives a reload or a restart. Storage can be missing or full; callers then keep the
 * work in memory only, where its field still shows it.
 */

/** The page's local storage; none in Node (the unit tests) or where the browser has it disabled. */
export function pageStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Writes one entry; false when storage refused it (quota exceeded, storage disabled). */
export function writeEntry(store: Storage, entry: string, value: string): boolean {
  try {
    store.setItem(entry, value);
    return true;
  } catch {
    return false;
  }
}
