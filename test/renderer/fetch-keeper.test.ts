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
  /** The core's answer to service.follow (null: no call was made with the ticket); the service calls made, in order. */
  follow: null as Promise<unknown> | null,
  calls: [] as { method: string; ticket: string }[],
  abortCall: null as ((error: Error) => void) | null,
}));
vi.mock('../../src/renderer/src/transport', () => ({
  bridge: {
    call: async (method: string, input: { ids?: number[]; ticket?: string }) => {
      if (method.startsWith('service.')) {
        library.calls.push({ method, ticket: input.ticket! });
        // A call made before the reload never answers that page; the browser may abort it as the page goes.
        if (method === 'service.call') return new Promise((_, reject) => (library.abortCall = reject));
        return method === 'service.cancel' ? { cancelled: 1 } : library.follow;
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
  library.follow = null;
  library.calls.length = 0;
  library.abortCall = null;
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
      {
        platform: 'videosite',
        operation: 'videosite/channel/videos',
        values: {},
        results: {
          operation: 'videosite/search',
          params: {},
          itemIds: [-1],
          nextPage: null,
          pages: 1,
          requestId: 'r',
          fetchedAt: 't',
          warnings: [],
        },
      },
      { platform: 'videosite', operation: 'videosite/nothing', values: {}, results: null },
    ]) {
      stored.setItem(entry, JSON.stringify(kept));
      const after = await newWindow();
      after.keepFetchFor(libraryPath);
      expect(after.fetch.getState(), JSON.stringify(kept)).toMatchObject({
        platform: untouched.platform,
        operation: untouched.operation,
        results: null,
      });
    }
  });

  it('shows the kept results only if nothing was run while their rows were read', async () => {
    const after = await afterRestart();
    let letGo!: () => void;
    library.answerAfter = new Promise((resolve) => (letGo = resolve));
    after.keepFetchFor(libraryPath);
    expect(after.fetch.getState().operation).toBe('videosite/search');
    // Meanwhile a run answers (its results are the view's now).
    after.fetch.setState({
      results: {
        operation: 'videosite/search',
        params: { query: 'new' },
        itemIds: [9],
        hits: [{ id: 9 } as SearchHit],
        nextPage: null,
        pages: 1,
        requestId: 'req_new',
        fetchedAt: 't',
        warnings: [],
      },
    });
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
    expect(after.fetch.getState()).toMatchObject({
      operation: 'videosite/search',
      values: { 'videosite/search': { query: 'harbour flood' } },
      results: null,
    });
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
    ({
      state: 'done',
      operation: 'videosite/search',
      params: { query: 'harbour flood' },
      itemIds,
      nextPage: null,
      requestId,
      fetchedAt: '2026-11-26T10:05:00.000Z',
      warnings: [],
      responseId: 1,
    }) as unknown as CallResult;

  /**
   * A window whose page went (a crash: no pagehide, no timers) while a Run or a Load more was on
   * its way; the ticket that call was made with.
   */
  async function reloadedDuring(kind: 'run' | 'more') {
    const before = await newWindow();
    before.keepFetchFor(libraryPath);
    searched(before.fetch);
    void (kind === 'run' ? before.fetch.getState().run() : before.fetch.getState().loadMore());
    await settle();
    const ticket = library.calls[0]!.ticket;
    expect(library.calls).toEqual([{ method: 'service.call', ticket }]);
    expect(JSON.parse([...stored.entries.values()][0]!)).toMatchObject({ pending: { ticket, kind } });
    library.calls.length = 0;
    return { ticket, after: await newWindow() };
  }

  it('follows again a run that was on its way when the page went, and shows its answer', async () => {
    let answered!: (result: CallResult) => void;
    library.follow = new Promise((resolve) => (answered = resolve));
    const { ticket, after } = await reloadedDuring('run');
    after.keepFetchFor(libraryPath);
    // On its way again at once.
    expect(after.fetch.getState()).toMatchObject({ status: 'running', pending: { ticket } });
    await vi.waitFor(() => expect(library.calls).toEqual([{ method: 'service.follow', ticket }]));

    answered(answer([7, 8], 'req_after'));
    await vi.waitFor(() => expect(after.fetch.getState().status).toBe('idle'));
    expect(after.fetch.getState()).toMatchObject({
      pending: null,
      error: null,
      announcement: '2 items found.',
      results: { requestId: 'req_after', pages: 1, itemIds: [7, 8] },
    });
    expect(after.fetch.getState().results?.hits.map((hit) => hit.id)).toEqual([7, 8]);
    // Ended: what is kept no longer names the call.
    expect(JSON.parse([...stored.entries.values()][0]!)).toMatchObject({ pending: null });
  });

  it('keeps the call on its way when the browser aborts it as the page goes', async () => {
    const before = await newWindow();
    before.keepFetchFor(libraryPath);
    searched(before.fetch);
    void before.fetch.getState().run();
    await settle();
    window.dispatchEvent(new Event('pagehide'));
    library.abortCall!(new TypeError('Failed to fetch'));
    await settle();
    // The page still running saw the call fail; what the next page finds is the call on its way.
    expect(before.fetch.getState().pending).toBeNull();
    expect(JSON.parse([...stored.entries.values()][0]!)).toMatchObject({ pending: { ticket: library.calls[0]!.ticket, kind: 'run' } });
    // Back from the page cache, the page writes again.
    window.dispatchEvent(new Event('pageshow'));
    before.fetch.getState().setValue('query', 'typed after');
    vi.advanceTimersByTime(400);
    expect(JSON.parse([...stored.entries.values()][0]!)).toMatchObject({
      pending: null,
      values: { 'videosite/search': { query: 'typed after' } },
    });
  });

  it('cancels the followed call by its ticket, even before the kept results are back', async () => {
    let answered!: (result: CallResult) => void;
    library.follow = new Promise((resolve) => (answered = resolve));
    const { ticket, after } = await reloadedDuring('run');
    let letGo!: () => void;
    library.answerAfter = new Promise((resolve) => (letGo = resolve));
    after.keepFetchFor(libraryPath);
    await after.fetch.getState().cancelRun();
    expect(library.calls).toEqual([{ method: 'service.cancel', ticket }]);
    letGo();
    await vi.waitFor(() => expect(library.calls).toHaveLength(2));
    expect(library.calls[1]).toEqual({ method: 'service.follow', ticket });
    answered({ ...answer([], 'req_none'), state: 'cancelled', spent: false } as CallResult);
    await vi.waitFor(() => expect(after.fetch.getState().status).toBe('idle'));
    expect(after.fetch.getState()).toMatchObject({
      pending: null,
      error: 'Cancelled: nothing was fetched.',
      results: { requestId: 'req_2' },
    });
  });

  it('adds a followed page load below the kept results', async () => {
    library.follow = Promise.resolve({ ...answer([4, 2], 'req_3'), nextPage: { continuationToken: 'page4' } });
    const { after } = await reloadedDuring('more');
    after.keepFetchFor(libraryPath);
    await vi.waitFor(() => expect(after.fetch.getState().status).toBe('idle'));
    expect(after.fetch.getState()).toMatchObject({
      pending: null,
      announcement: '1 more item loaded, 4 items in all.',
      results: { pages: 3, requestId: 'req_3', nextPage: { continuationToken: 'page4' } },
    });
    expect(after.fetch.getState().results?.itemIds).toEqual([3, 1, 2, 4]);
  });

  it('says so when the call never reached the queue (the window went first)', async () => {
    const { after } = await reloadedDuring('more');
    after.keepFetchFor(libraryPath);
    await vi.waitFor(() => expect(after.fetch.getState().status).toBe('idle'));
    expect(after.fetch.getState()).toMatchObject({ pending: null, results: { requestId: 'req_2', pages: 2 } });
    expect(after.fetch.getState().error).toBe(
      'The page load started before the window went never reached Gleaner’s queue, so nothing was sent or fetched. Press Load more again.',
    );
  });

  it('keeps nothing for a view nobody has used', async () => {
    const before = await newWindow();
    before.keepFetchFor(libraryPath);
    before.fetch.getState().setPlatform('forum');
    vi.advanceTimersByTime(400);
    expect(stored.entries.size).toBe(0);
  });
});
