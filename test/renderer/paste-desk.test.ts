/**
 * Issue 28.10, Paste URLs: links from the Library ask before they replace or join what is in the
 * box and keep the chosen collection; Clear empties the box; counts read "1 link", "28 links"; the
 * summary says what did not come; progress says when it waits for the plan's next free request.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/renderer/src/transport', () => ({ bridge: { call: async () => ({}), subscribe: () => () => {} } }));

const { usePasteStore } = await import('../../src/renderer/src/stores/paste-store');
const { countsSummary, linkCount, missingSummary, startLabel, waitingWords } = await import('../../src/renderer/src/lib/paste-plan');

const TYPED = 'https://www.youtube.com/watch?v=aaaaaaaaaaa';
const FROM_LIBRARY = ['https://www.youtube.com/watch?v=bbbbbbbbbbb', 'https://www.youtube.com/watch?v=ccccccccccc'];
const STORY = { choice: 'Harbour story', newName: '' };

beforeEach(() => {
  usePasteStore.getState().clear();
  usePasteStore.setState({ options: { transcripts: false, refresh: false }, collection: STORY });
});

describe('links sent from the Library', () => {
  it('go straight into an empty box, keeping the chosen collection', () => {
    usePasteStore.getState().prefill(FROM_LIBRARY, { transcripts: true, refresh: false });
    const state = usePasteStore.getState();
    expect(state.text).toBe(FROM_LIBRARY.join('\n'));
    expect(state.incoming).toBeNull();
    expect(state.options.transcripts).toBe(true);
    expect(state.collection).toEqual(STORY);
  });

  it('into a box holding other links, wait for the user: add, replace, or keep the box', () => {
    const paste = usePasteStore.getState();
    paste.setText(TYPED);
    paste.prefill(FROM_LIBRARY, { transcripts: true, refresh: false });
    expect(usePasteStore.getState().text).toBe(TYPED);
    expect(usePasteStore.getState().incoming?.links).toEqual(FROM_LIBRARY);

    paste.takeIncoming('add');
    expect(usePasteStore.getState().text).toBe([TYPED, ...FROM_LIBRARY].join('\n'));
    expect(usePasteStore.getState().options.transcripts).toBe(true);
    expect(usePasteStore.getState().collection).toEqual(STORY);

    paste.setText(TYPED);
    paste.prefill(FROM_LIBRARY, { transcripts: true, refresh: false });
    paste.takeIncoming('replace');
    expect(usePasteStore.getState().text).toBe(FROM_LIBRARY.join('\n'));

    paste.setText(TYPED);
    paste.prefill(FROM_LIBRARY, { transcripts: true, refresh: false });
    paste.takeIncoming('drop');
    expect(usePasteStore.getState().text).toBe(TYPED);
    expect(usePasteStore.getState().incoming).toBeNull();
  });

  it('Clear empties the box and what was said about it', () => {
    usePasteStore.setState({ text: TYPED, startError: 'Nothing to fetch.', notice: 'Done.' });
    usePasteStore.getState().clear();
    const state = usePasteStore.getState();
    expect([state.text, state.startError, state.notice, state.plan]).toEqual(['', null, null, null]);
  });
});

describe('paste wording', () => {
  it('counts links as "1 link" and "28 links"', () => {
    expect(linkCount(1)).toBe('1 link');
    expect(linkCount(28)).toBe('28 links');
    expect(countsSummary({ fetch: 1, rejected: 0, duplicate: 0, 'already-fetched': 0, 'already-queued': 0, comment: 0, blank: 0 })).toBe(
      '1 link to fetch',
    );
    expect(startLabel(false, 28, 0)).toBe('Fetch 28 links');
  });

  it('says what did not come', () => {
    const transcript = { operation: 'videosite/transcript' as const, itemCount: 0 };
    expect(missingSummary([transcript, transcript, transcript, { operation: 'videosite/video', itemCount: 1 }])).toBe(
      'Did not come: 3 videos without a transcript.',
    );
    expect(missingSummary([{ operation: 'videosite/video', itemCount: 0 }])).toBe(
      'Did not come: 1 link whose answer held no item (removed, private, or not there).',
    );
    expect(missingSummary([{ operation: 'videosite/video', itemCount: 2 }])).toBeNull();
  });

  it('says when the import waits for the plan’s next free request', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(waitingWords('2026-01-01T10:00:42Z', now, 30)).toBe(
      'Waiting for your plan’s next free request (30 a minute): the next goes out in 42 s.',
    );
    expect(waitingWords('2026-01-01T09:59:00Z', now, 30)).toBeNull();
    expect(waitingWords(null, now, 30)).toBeNull();
  });
});
