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

/** Typing can be fast and a kept value long (pasted links run to 5 MB): it is written once typing pauses. */
const WRITE_DELAY_MS = 400;

/** The part of a zustand store a keeper watches. */
interface WatchedStore<S> {
  getState(): S;
  subscribe(listener: (state: S, previous: S) => void): () => void;
}

export interface KeeperOptions<S, K> {
  /** The start of the entry's name; the library's database path completes it. */
  entry: string;
  store: WatchedStore<S>;
  /** Whether a change touches what is kept. */
  changed(state: S, previous: S): boolean;
  /** Whether a change must be written at once, not when changes pause: a crash then may not wait. */
  urgent?(state: S, previous: S): boolean;
  /** What to keep of the state, or null when there is nothing worth keeping (the entry goes). */
  pick(state: S): K | null;
  /** A kept value read back, or null when it is not one (edited by hand, damaged, too old). */
  read(stored: unknown): K | null;
  /** Puts a kept value back; it decides whether the view's own state comes first. */
  restore(kept: K): void;
}

/**
 * Keeps part of a view's state in local storage, one entry per library, so a reload, a crash or
 * a restart does not throw away work in progress: written once changes pause and at once when
 * the page goes away, and put back when the library is known. A write the storage refuses
 * removes the entry, so older state never comes back in place of newer.
 */
export function createKeeper<S, K>(options: KeeperOptions<S, K>): { keepFor(databasePath: string): void; flush(): void } {
  let keptFor: string | null = null;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const entryOf = (library: string): string => `${options.entry}${JSON.stringify(library)}`;

  // Set once the page is going: what was written then is what the next page finds. A call the
  // browser aborts as it tears the page down must not write over it (a run would be "over").
  let leaving = false;

  const writeNow = (): void => {
    pending = null;
    const store = pageStorage();
    if (keptFor === null || store === null || leaving) return;
    const kept = options.pick(options.store.getState());
    if (kept === null || !writeEntry(store, entryOf(keptFor), JSON.stringify(kept))) store.removeItem(entryOf(keptFor));
  };

  const flush = (): void => {
    if (pending === null) return;
    clearTimeout(pending);
    writeNow();
  };

  const schedule = (): void => {
    if (pending !== null) clearTimeout(pending);
    pending = setTimeout(writeNow, WRITE_DELAY_MS);
  };

  options.store.subscribe((state, previous) => {
    if (keptFor === null) return;
    if (options.urgent?.(state, previous)) {
      if (pending !== null) clearTimeout(pending);
      writeNow();
    } else if (options.changed(state, previous)) schedule();
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => {
      flush();
      leaving = true;
    });
    // Back from the browser's page cache: the page is live again.
    window.addEventListener('pageshow', () => {
      leaving = false;
    });
  }

  return {
    keepFor(databasePath) {
      // Asked again for the same library (the app reconnected): what is on screen is newer.
      if (keptFor === databasePath) return;
      flush();
      keptFor = databasePath;
      const value = pageStorage()?.getItem(entryOf(databasePath)) ?? null;
      let stored: unknown = null;
      try {
        stored = value === null ? null : JSON.parse(value);
      } catch {
        // Not JSON: nothing to put back.
      }
      const kept = stored === null ? null : options.read(stored);
      if (kept !== null) options.restore(kept);
      // Where the view kept its own state instead, that is what the entry must hold now.
      schedule();
    },
    flush,
  };
}
