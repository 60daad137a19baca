/** The Fetch view outlives a reload or a restart: its form, and its last results read again from the library. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallResult } from '../../src/shared/contract';
import type { SearchHit } from '../../src/shared/library';
import { sharedStorage } from './fake-storage';

/** The library as the bridge answers it: items by id; those "deleted" are not found. */
const library = vi.hoisted(() => ({
  deleted: new Set<number>(),
  searches: [] as number[][],
  answerAfter: null as Promise<void> | null,
  /** The core's answers to service.follow, by ticket; the calls made, in order. */
  follows: new Map<string, Promise<unknown>>(),
  calls: [] as { method: string; ticket?: string }[],
}));
vi.mock('../../src/renderer/src/transport', () => ({
  bridge: {
    call: async (method: string, input: { ids?: number[]; ticket?: string }) => {
      if (method === 'service.follow' || method === 'service.cancel') {
        library.calls.push({ method, ticket: input.ticket! });
        return method === 'service.cancel' ? { cancelled: 1 } : (library.follows.get(input.ticket!) ?? null);
      }
      if (method !== 'library.search') throw new Error(`${method} is not expected here`);
      library.searches.push(input.ids ?? []);
      // A slow library: the answer waits until the test lets it go.
      if (library.answerAfter) await library.answerAfter;
      const hits = (input.ids ?? []).filter((id) => !library.deleted.has(id)).map((id) => ({ id, title: `Item ${id}` }) as SearchHit);
      return { hits, total: hits.length };
    },
    subscribe: () => () => {},
  },
}));

const libraryPath = '/home/reporter/.config/Gleaner/gleaner.sqlite3';

/** A fresh copy of the stores, as a new window loads them. */
async function newWindow() {
  vi.resetModules();
  const { keepFetchFor } = await import('../../src/renderer/src/stores/fetch-keeper');
  const { useFetchStore } = await import('../../src/renderer/src/stores/fetch-store');
  return { keepFetchFor, fetch: useFetchStore };
}

/** The view as a finished search leaves it: a form typed, two pages of results. */
function searched(fetch: Awaited<ReturnType<typeof newWindow>>['fetch']): void {
  fetch.getState().setPlatform('videosite');
  fetch.getState().setOperation('videosite/search');
  fetch.getState().setValue('query', 'harbour flood');
  fetch.setState({
    results: {
      operation: 'videosite/search',
      params: { query: 'harbour flood' },
      itemIds: [3, 1, 2],
      hits: [3, 1, 2].map((id) => ({ id, title: `Item ${id}` }) as SearchHit),
      nextPage: { continuationToken: 'page3' },
      pages: 2,
      requestId: 'req_2',
      fetchedAt: '2026-11-26T10:00:00.000Z',
      warnings: [],
    },
  });
}

let stored: ReturnType<typeof sharedStorage>;

beforeEach(() => {
  vi.useFakeTimers();
  stored = sharedStorage();
  vi.stubGlobal('localStorage', stored);
  vi.stubGlobal('window', new EventTarget());
  library.deleted.clear();
  library.searches.length = 0;
  library.answerAfter = null;
  library.follows.clear();
  library.calls.length = 0;
});

/** Lets every promise chain already under way run to its end (the timers are fake). */
async function settle(): Promise<void> {
  for (let tick = 0; tick < 20; tick += 1) await Promise.resolve();
}

/** A window whose library holds the view of `searched` from an earlier run. */
async function afterRestart() {
  const before = await newWindow();
  before.keepFetchFor(libraryPath);
  searched(before.fetch);
  vi.advanceTimersByTime(400);
  return newWindow();
}
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the Fetch view keeper', () => {
  it('brings back the form and the results after a restart, their rows read again from the library in the answer’s order', async () => {
    const before = await newWindow();
    before.keepFetchFor(libraryPath);
    searched(before.fetch);
    vi.advanceTimersByTime(400);
    // The rows themselves are not kept: the library has them.
    expect(JSON.parse([...stored.entries.values()][0]!)).not.toHaveProperty('results.hits');

    library.deleted.add(1);
    const after = await newWindow();
    after.keepFetchFor('/elsewhere/gleaner.sqlite3');
    expect(after.fetch.getState().results).toBeNull();
    after.keepFetchFor(libraryPath);
    await vi.waitFor(() => expect(after.fetch.getState().results?.hits.map((hit) => hit.id)).toEqual([3, 2]));
    expect(library.searches).toEqual([[3, 1, 2]]);
    expect(after.fetch.getState()).toMatchObject({
      platform: 'videosite',
      operation: 'videosite/search',
      values: { 'videosite/search': { query: 'harbour flood' } },
      results: { nextPage: { continuationToken: 'page3' }, pages: 2, requestId: 'req_2' },
    });
  });

  it('does not replace a form typed before the library was known', async () => {
    const before = await newWindow();
    before.keepFetchFor(libraryPath);
    searched(before.fetch);
    vi.advanceTimersByTime(400);
    const after = await newWindow();
    after.fetch.getState().setPlatform('forum');
    after.fetch.getState().setValue('query', 'typed first');
    after.keepFetchFor(libraryPath);
    expect(after.fetch.getState()).toMatchObject({ platform: 'forum', results: null });
    expect(library.searches).toEqual([]);
  });

  it('ignores what it cannot trust: an operation of another platform, ids that are not ids', async () => {
    const entry = `gleaner.fetch:${JSON.stringify(libraryPath)}`;
    const untouched = (await newWindow()).fetch.getState();
    for (const kept of [
      { platform: 'forum', operation: 'videosite/channel/videos', values: {}, results: null },
      { platform: 'videosite', operation: 'videosite/channel/videos', values: {}, results: { operation: 'videosite/search', params: {}, itemIds: [-1], nextPage: null, pages: 1, requestId: 'r', fetchedAt: 't', warnings: [] } },
      { platform: 'videosite', operation: 'videosite/nothing', values: {}, results: null },
    ]) {
      stored.setItem(entry, JSON.stringify(kept));
      const after = await newWindow();
      after.keepFetchFor(libraryPath);
      expect(after.fetch.getState(), JSON.stringify(kept)).toMatchObject({ platform: untouched.platform, operation: untouched.operation, results: null });
    }
  });

  it('shows the kept results only if nothing was run while their rows were read', async () => {
    const after = await afterRestart();
    let letGo!: () => void;
    library.answerAfter = new Promise((resolve) => (letGo = resolve));
    after.keepFetchFor(libraryPath);
    expect(after.fetch.getState().operation).toBe('videosite/search');
    // Meanwhile a run answers (its results are the view's now).
    after.fetch.setState({ results: { operation: 'videosite/search', params: { query: 'new' }, itemIds: [9], hits: [{ id: 9 } as SearchHit], nextPage: null, pages: 1, requestId: 'req_new', fetchedAt: 't', warnings: [] } });
    letGo();
    await settle();
    expect(library.searches).toHaveLength(1);
    expect(after.fetch.getState().results?.requestId).toBe('req_new');
  });

  it('brings back the form but no results whose items are all gone from the library', async () => {
    const after = await afterRestart();
    [1, 2, 3].forEach((id) => library.deleted.add(id));
    after.keepFetchFor(libraryPath);
    await settle();
    expect(library.searches).toHaveLength(1);
    expect(after.fetch.getState()).toMatchObject({ operation: 'videosite/search', values: { 'videosite/search': { query: 'harbour flood' } }, results: null });
  });

  it('leaves alone a view changed before the library was known, and keeps that instead', async () => {
    const after = await afterRestart();
    after.fetch.getState().setPlatform('forum');
    after.keepFetchFor(libraryPath);
    expect(after.fetch.getState()).toMatchObject({ platform: 'forum', values: {} });
    expect(library.searches).toEqual([]);
    after.fetch.getState().setValue('query', 'typed');
    vi.advanceTimersByTime(400);
    expect(JSON.parse([...stored.entries.values()][0]!)).toMatchObject({ platform: 'forum' });
  });

  it('is asked again for the same library (a reconnect) without bringing back what was cleared since', async () => {
    const window = await newWindow();
    window.keepFetchFor(libraryPath);
    searched(window.fetch);
    vi.advanceTimersByTime(400);
    window.fetch.setState({ results: null, values: {} });
    window.keepFetchFor(libraryPath);
    expect(window.fetch.getState().results).toBeNull();
    expect(library.searches).toEqual([]);
  });

  /** A core's answer to a search call that found `itemIds`. */
  const answer = (itemIds: number[], requestId: string): CallResult =>
    ({ state: 'done', operation: 'videosite/search', params: { query: 'harbour flood' }, itemIds, nextPage: null, requestId, fetchedAt: '2026-11-26T10:05:00.000Z', warnings: [], data: {} }) as unknown as CallResult;

  /** A window whose page went while a run (or a page load) was on its way, with its ticket. */
  async function reloadedDuring(kind: 'run' | 'more') {
    const before = await newWindow();
    before.keepFetchFor(libraryPath);
    searched(before.fetch);
    before.fetch.setState({ status: kind === 'run' ? 'running' : 'loading-more', pending: { ticket: 'ticket-before-reload', kind } });
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse([...stored.entries.values()][0]!)).toMatchObject({ pending: { ticket: 'ticket-before-reload', kind } });
    return newWindow();
  }

  it('follows again a run that was on its way when the page went, and shows its answer', async () => {
    let answered!: (result: CallResult) => void;
    library.follows.set('ticket-before-reload', new Promise((resolve) => (answered = resolve)));
    const after = await reloadedDuring('run');
    after.keepFetchFor(libraryPath);
    // On its way again at once, with Cancel for that very call.
    expect(after.fetch.getState()).toMatchObject({ status: 'running', pending: { ticket: 'ticket-before-reload' } });
    await vi.waitFor(() => expect(library.calls).toEqual([{ method: 'service.follow', ticket: 'ticket-before-reload' }]));
    await after.fetch.getState().cancelRun();
    expect(library.calls[1]).toEqual({ method: 'service.cancel', ticket: 'ticket-before-reload' });

    answered(answer([7, 8], 'req_after'));
    await vi.waitFor(() => expect(after.fetch.getState().status).toBe('idle'));
    expect(after.fetch.getState()).toMatchObject({ pending: null, error: null, announcement: '2 items found.', results: { requestId: 'req_after', pages: 1, itemIds: [7, 8] } });
    expect(after.fetch.getState().results?.hits.map((hit) => hit.id)).toEqual([7, 8]);
    // Ended: what is kept no longer names the call.
    vi.advanceTimersByTime(400);
    expect(JSON.parse([...stored.entries.values()][0]!)).toMatchObject({ pending: null, results: { requestId: 'req_after' } });
  });

  it('adds a followed page load below the kept results', async () => {
    library.follows.set('ticket-before-reload', Promise.resolve({ ...answer([4, 2], 'req_3'), nextPage: { continuationToken: 'page4' } }));
    const after = await reloadedDuring('more');
    after.keepFetchFor(libraryPath);
    await vi.waitFor(() => expect(after.fetch.getState().status).toBe('idle'));
    expect(after.fetch.getState()).toMatchObject({ pending: null, announcement: '1 more item loaded, 4 items in all.', results: { pages: 3, requestId: 'req_3', nextPage: { continuationToken: 'page4' } } });
    expect(after.fetch.getState().results?.itemIds).toEqual([3, 1, 2, 4]);
  });

  it('says so when the call is not known any more because Gleaner restarted', async () => {
    const after = await reloadedDuring('run');
    const { LOST_RUN } = await import('../../src/renderer/src/stores/fetch-store');
    after.keepFetchFor(libraryPath);
    await vi.waitFor(() => expect(after.fetch.getState().status).toBe('idle'));
    expect(after.fetch.getState()).toMatchObject({ pending: null, error: LOST_RUN, results: { requestId: 'req_2' } });
  });

  it('keeps nothing for a view nobody has used', async () => {
    const before = await newWindow();
    before.keepFetchFor(libraryPath);
    before.fetch.getState().setPlatform('forum');
    vi.advanceTimersByTime(400);
    expect(stored.entries.size).toBe(0);
  });
});
