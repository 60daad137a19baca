/**
 * The Library's search box against a host that answers when told to: keystrokes typed while a
 * search is on its way are sent once, as the latest text; an answer to a superseded search never
 * replaces a newer one; and the results say when they were too many to rank.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchRequest, SearchResult } from '../../src/shared/library';

interface PendingCall {
  method: string;
  input: SearchRequest;
  answer(result: SearchResult): Promise<void>;
}

const host = vi.hoisted(() => ({ calls: [] as PendingCall[] }));
vi.mock('../../src/renderer/src/transport', () => ({
  bridge: {
    call: (method: string, input: SearchRequest) =>
      new Promise<SearchResult>((resolve) => {
        host.calls.push({
          method,
          input,
          answer: async (result) => {
            resolve(result);
            // Let the store's handlers run before the test looks.
            await new Promise((done) => setTimeout(done, 0));
          },
        });
      }),
    subscribe: () => () => {},
  },
}));

const { useLibraryStore } = await import('../../src/renderer/src/stores/library-store');

const answerFor = (query: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  hits: [
    {
      id: query.length,
      platform: 'videosite',
      kind: 'video',
      title: query,
      excerpt: null,
      snippet: null,
      matchedIn: 'item',
      segmentStartMs: null,
      segmentLanguage: null,
      authorName: null,
      authorHandle: null,
      publishedAt: null,
      publishedText: null,
      publishedApproximate: false,
      url: null,
      thumbnailUrl: null,
      views: null,
      likes: null,
      comments: null,
      hasTranscript: false,
      lastFetchedAt: '2026-01-01T00:00:00.000Z',
      demo: false,
    },
  ],
  total: 1,
  ...extra,
});
const searchesSent = () => host.calls.filter((call) => call.method === 'library.search').map((call) => call.input.query);
const shown = () => useLibraryStore.getState().resultQuery;

beforeEach(async () => {
  // Settle anything a previous test left on its way, then start from an empty box.
  for (let i = 0; i < 5 && host.calls.length > 0; i += 1) {
    const waiting = host.calls.splice(0);
    for (const call of waiting) await call.answer(answerFor(call.input.query ?? ''));
  }
  host.calls.length = 0;
});

describe('typing in the Library search box', () => {
  it('sends what is typed meanwhile once, as the latest text, and never shows the superseded answer', async () => {
    const { setQuery } = useLibraryStore.getState();
    setQuery('fl');
    setQuery('flo');
    setQuery('floo');
    setQuery('flood');
    expect(searchesSent()).toEqual(['fl*']);
    await host.calls[0]!.answer(answerFor('fl*'));
    // The answer came for text no longer in the box: the latest text is searched instead.
    expect(shown()).not.toBe('fl*');
    expect(searchesSent()).toEqual(['fl*', 'flood*']);
    await host.calls[1]!.answer(answerFor('flood*'));
    expect(shown()).toBe('flood*');
    expect(useLibraryStore.getState().loading).toBe(false);
  });

  it('after Enter has searched the latest text, a late answer neither shows nor sends that text again', async () => {
    const { setQuery, search } = useLibraryStore.getState();
    setQuery('storm');
    setQuery('storms');
    search();
    expect(searchesSent()).toEqual(['storm*', 'storms*']);
    await host.calls[1]!.answer(answerFor('storms*'));
    expect(shown()).toBe('storms*');
    await host.calls[0]!.answer(answerFor('storm*'));
    expect(shown()).toBe('storms*');
    expect(searchesSent()).toEqual(['storm*', 'storms*']);
  });

  it('keeps whether the shown results are ranked by best match', async () => {
    const { setQuery } = useLibraryStore.getState();
    setQuery('ha');
    await host.calls[0]!.answer(answerFor('ha*', { total: 75_000, ranked: false }));
    expect(useLibraryStore.getState()).toMatchObject({ resultQuery: 'ha*', total: 75_000, resultRanked: false });
    setQuery('harbour wall');
    await host.calls[1]!.answer(answerFor('harbour wall*', { ranked: true }));
    expect(useLibraryStore.getState().resultRanked).toBe(true);
    setQuery('');
    await host.calls[2]!.answer(answerFor(''));
    expect(useLibraryStore.getState().resultRanked).toBeNull();
  });
});
