/**
 * The Watch view's state: the watches with the cost of them all, the timeline of changes (one page,
 * newest first, with its filters), and the unread count the sidebar shows. The `watch.changed`
 * event keeps the count fresh and reloads the timeline when it is on screen.
 */
import { create } from 'zustand';
import type { SearchHit } from '../../../shared/library';
import type { WatchChange, WatchChangeKind, WatchChangesPage, WatchListCost, WatchSummary } from '../../../shared/watch';
import { errorText } from '../lib/errors';
import { formatCount } from '../lib/format';
import { bridge } from '../transport';
import { useItemStore } from './item-store';

/** Items whose labels are read at once (the bridge's limit for a search by ids). */
const MAX_LABELLED = 1000;

/** Changes per page of the timeline. */
export const CHANGES_PER_PAGE = 50;

export interface WatchFilter {
  kind: WatchChangeKind | null;
  watchId: number | null;
  unreadOnly: boolean;
}

export type WatchesCost = WatchListCost;

/**
 * `watch.changes` filters by watch and unread but not by kind: with a kind chosen, this many of the
 * newest changes are read and filtered here, and the count says so.
 */
export const KIND_FILTER_WINDOW = 1000;

interface WatchState {
  watches: WatchSummary[];
  cost: WatchesCost | null;
  watchesError: string | null;
  changes: WatchChange[];
  total: number;
  unread: number;
  offset: number;
  filter: WatchFilter;
  changesError: string | null;
  changesLoaded: boolean;
  /** The items the shown changes concern, by id (a Map: ids come from the store, labels from platforms). */
  items: ReadonlyMap<number, SearchHit>;
  /** The last action's outcome, in words. */
  message: { text: string; tone: 'info' | 'error' } | null;
  busy: Readonly<Record<string, true>>;
  /** Whether the Watch view is on screen (an event then reloads its timeline too). */
  shown: boolean;
  loadWatches(): Promise<void>;
  loadChanges(): Promise<void>;
  loadUnread(): Promise<void>;
  setFilter(filter: Partial<WatchFilter>): void;
  setOffset(offset: number): void;
  setShown(shown: boolean): void;
  markRead(target: { ids: number[] } | { all: true }): Promise<void>;
  pause(id: number): Promise<void>;
  resume(id: number): Promise<void>;
  remove(id: number): Promise<void>;
  runDue(all?: boolean): Promise<void>;
}

export const useWatchStore = create<WatchState>((set, get) => {
  async function act(key: string, work: () => Promise<string | null>, doing: string): Promise<void> {
    set({ busy: { ...get().busy, [key]: true } });
    try {
      const text = await work();
      set({ message: text ? { text, tone: 'info' } : null });
    } catch (error) {
      set({ message: { text: errorText(error, doing), tone: 'error' } });
    } finally {
      const { [key]: _done, ...rest } = get().busy;
      set({ busy: rest });
    }
  }

  /** Labels for the items that changes or watches name, in one search by ids (read again each time: an edit renames them). */
  async function loadItems(itemIds: readonly (number | null)[]): Promise<void> {
    // The bridge takes up to 1,000 ids; the list shows that many watches before "Show more" anyway.
    const ids = [...new Set(itemIds.filter((id): id is number => id !== null))].slice(0, MAX_LABELLED);
    if (ids.length === 0) return;
    try {
      const { hits } = await bridge.call('library.search', { ids, limit: ids.length });
      const items = new Map(get().items);
      for (const hit of hits) items.set(hit.id, hit);
      set({ items });
    } catch {
      // Without labels the rows name the items by number.
    }
  }

  let changesSeq = 0;

  return {
    watches: [],
    cost: null,
    watchesError: null,
    changes: [],
    total: 0,
    unread: 0,
    offset: 0,
    filter: { kind: null, watchId: null, unreadOnly: false },
    changesError: null,
    changesLoaded: false,
    items: new Map(),
    message: null,
    busy: {},
    shown: false,

    async loadWatches() {
      try {
        const { watches, cost } = await bridge.call('watch.list', {});
        set({ watches, cost, watchesError: null });
        await loadItems(watches.map((w) => (w.target.kind === 'item' ? w.target.itemId : null)));
      } catch (error) {
        set({ watchesError: errorText(error, 'read the watches') });
      }
    },

    async loadChanges() {
      const seq = ++changesSeq;
      const { filter, offset } = get();
      try {
        const page = pageOfKind(
          await bridge.call('watch.changes', {
            limit: filter.kind === null ? CHANGES_PER_PAGE : KIND_FILTER_WINDOW,
            offset: filter.kind === null ? offset : 0,
            ...(filter.watchId !== null ? { watchId: filter.watchId } : {}),
            ...(filter.unreadOnly ? { unreadOnly: true } : {}),
          }),
          filter.kind,
          offset,
        );
        if (seq !== changesSeq) return;
        set({ changes: page.changes, total: page.total, unread: page.unread, changesError: null, changesLoaded: true });
        await loadItems(page.changes.map((c) => c.itemId));
      } catch (error) {
        if (seq === changesSeq) set({ changesError: errorText(error, 'read the changes'), changesLoaded: true });
      }
    },

    async loadUnread() {
      try {
        const { unread } = await bridge.call('watch.changes', { limit: 1, unreadOnly: true });
        set({ unread });
      } catch {
        // The count stays as it was; the next event brings it.
      }
    },

    setFilter(filter) {
      set({ filter: { ...get().filter, ...filter }, offset: 0 });
      void get().loadChanges();
    },

    setOffset(offset) {
      set({ offset: Math.max(0, offset) });
      void get().loadChanges();
    },

    setShown(shown) {
      set({ shown });
    },

    markRead: (target) =>
      act(
        'all' in target ? 'read-all' : `read-${target.ids.join(',')}`,
        async () => {
          const { unread } = await bridge.call('watch.markRead', 'all' in target ? { all: true } : { ids: target.ids });
          const read = 'all' in target ? null : new Set(target.ids);
          set({ unread, changes: get().changes.map((c) => (read === null || read.has(c.id) ? { ...c, read: true } : c)) });
          // Each watch's unread count goes down with them.
          await get().loadWatches();
          return null;
        },
        'mark the changes read',
      ),

    pause: (id) =>
      act(
        `watch-${id}`,
        async () => {
          await bridge.call('watch.pause', { id });
          await get().loadWatches();
          return null;
        },
        'pause the watch',
      ),

    resume: (id) =>
      act(
        `watch-${id}`,
        async () => {
          await bridge.call('watch.resume', { id });
          await get().loadWatches();
          return null;
        },
        'resume the watch',
      ),

    remove: (id) =>
      act(
        `watch-${id}`,
        async () => {
          await bridge.call('watch.remove', { id });
          if (get().filter.watchId === id) get().setFilter({ watchId: null });
          await get().loadWatches();
          return 'Watch removed. The changes it noticed stay in the timeline.';
        },
        'remove the watch',
      ),

    runDue: (all) =>
      act(
        'run',
        async () => {
          const { queued } = await bridge.call('watch.run', all ? { all: true } : {});
          await get().loadWatches();
          if (queued === 0) return all ? 'No watch was queued: they are paused, or today’s watch cap is used up.' : 'No watch is due now.';
          return `Queued ${formatCount(queued)} ${queued === 1 ? 'watch' : 'watches'}; their requests go after imports and calls. Changes appear here as the answers come in.`;
        },
        'run the watches',
      ),
  };
});

/** With a kind chosen, the page at `offset` of the changes of that kind among those read. */
export function pageOfKind(page: WatchChangesPage, kind: WatchChangeKind | null, offset: number): WatchChangesPage {
  if (kind === null) return page;
  const ofKind = page.changes.filter((change) => change.change === kind);
  return { changes: ofKind.slice(offset, offset + CHANGES_PER_PAGE), total: ofKind.length, unread: page.unread };
}

/** Follows `watch.changed` (the sidebar's count, and the timeline when it is shown); returns the unsubscribe. */
export function followWatchChanges(): () => void {
  void useWatchStore.getState().loadUnread();
  return bridge.subscribe('watch.changed', ({ unread, added }) => {
    useWatchStore.setState({ unread });
    // A run that noticed something may have changed the open item (a new version, gone): show it as it is now.
    if (added > 0 && useItemStore.getState().openId !== null) void useItemStore.getState().reload();
    const state = useWatchStore.getState();
    if (state.shown) {
      void state.loadChanges();
      void state.loadWatches();
    }
  });
}
