import type { WatchChangesPage, WatchCost, WatchInterval, WatchListCost, WatchSummary, WatchTarget } from '../../../shared/watch';
import { GleanerError } from '../../../shared/errors';

export interface WatchChangesQuery {
  since?: string;
  watchId?: number;
  itemId?: number;
  unreadOnly?: boolean;
  limit?: number;
  offset?: number;
}

/** Watches (issue 30) as the handlers, the CLI and the scheduler see them. */
export interface WatchService {
  plan(target: WatchTarget, interval: WatchInterval): WatchCost;
  add(request: { target: WatchTarget; interval: WatchInterval; label?: string }): WatchSummary;
  list(): { watches: WatchSummary[]; cost: WatchListCost };
  remove(id: number): { removed: true };
  setPaused(id: number, paused: boolean): WatchSummary;
  run(request: { all?: boolean }): Promise<{ queued: number; watchIds: number[] }>;
  changes(query: WatchChangesQuery): WatchChangesPage;
  markRead(request: { ids?: number[]; all?: boolean }): { unread: number };
}

/** Provisional: answers that watches are not built yet (replaced by the store-backed service). */
export function createPendingWatchService(): WatchService {
  const notYet = (): never => {
    throw new GleanerError('NOT_FOUND', 'Watches are not available in this build yet.');
  };
  return {
    plan: notYet,
    add: notYet,
    list: () => ({ watches: [], cost: { allWatchesPerDay: 0, cap: 0, dailyBudget: 0 } }),
    remove: notYet,
    setPaused: notYet,
    run: () => Promise.resolve({ queued: 0, watchIds: [] }),
    changes: () => ({ changes: [], total: 0, unread: 0 }),
    markRead: () => ({ unread: 0 }),
  };
}
