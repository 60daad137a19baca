import { describe, expect, it } from 'vitest';
import { sparkline } from '../../src/renderer/src/lib/chart';
import { activeFilterCount, buildSearchRequest, EMPTY_FILTERS } from '../../src/renderer/src/lib/search-request';
import { shortcutFor, type KeyInput } from '../../src/renderer/src/views/library/shortcuts';
import { transcriptToShow } from '../../src/renderer/src/lib/transcripts';
import type { TranscriptRecord } from '../../src/shared/library';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('library search requests', () => {
  it('sends only the filters that are set, days as days (the core reads a "to" day as the whole of it)', () => {
    expect(buildSearchRequest('', EMPTY_FILTERS, 'relevance')).toEqual({ sort: 'fetched' });
    expect(
      buildSearchRequest(
        'flood*',
        {
          ...EMPTY_FILTERS,
          platform: 'videosite',
          tag: ' lead ',
          publishedFrom: '2024-01-01',
          publishedTo: '2024-01-31',
          transcript: 'without',
        },
        'relevance',
      ),
    ).toEqual({
      query: 'flood*',
      platform: 'videosite',
      tag: 'lead',
      publishedFrom: '2024-01-01',
      publishedTo: '2024-01-31',
      hasTranscript: false,
      sort: 'relevance',
    });
    expect(buildSearchRequest('', { ...EMPTY_FILTERS, transcript: 'with' }, 'views')).toEqual({ hasTranscript: true, sort: 'views' });
  });

  it('counts the filters in use', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, kind: 'video', tag: '  ', transcript: 'with' })).toBe(2);
  });
});

describe('library shortcuts', () => {
  it('focuses the search with / and Ctrl+F', () => {
    expect(shortcutFor(key('/'), 'body')).toEqual({ type: 'focus-search' });
    expect(shortcutFor(key('f', { ctrlKey: true }), 'editable')).toEqual({ type: 'focus-search' });
    expect(shortcutFor(key('/'), 'editable')).toBeNull();
  });

  it('moves with j/k anywhere but in a text field, and with arrows in the list', () => {
    expect(shortcutFor(key('j'), 'other')).toEqual({ type: 'move', delta: 1, extend: false });
    expect(shortcutFor(key('K', { shiftKey: true }), 'list')).toEqual({ type: 'move', delta: -1, extend: true });
    expect(shortcutFor(key('j'), 'editable')).toBeNull();
    expect(shortcutFor(key('ArrowDown'), 'list')).toEqual({ type: 'move', delta: 1, extend: false });
    expect(shortcutFor(key('ArrowDown'), 'other')).toBeNull();
    expect(shortcutFor(key('Enter'), 'list')).toEqual({ type: 'open' });
    expect(shortcutFor(key('Enter'), 'other')).toBeNull();
    expect(shortcutFor(key(' '), 'list')).toEqual({ type: 'toggle' });
    expect(shortcutFor(key('j', { ctrlKey: true }), 'body')).toBeNull();
  });

  it('moves the cursor alone with Ctrl+↑/↓ in the list, and toggles with Ctrl+Space, for a selection of rows apart', () => {
    expect(shortcutFor(key('ArrowDown', { ctrlKey: true }), 'list')).toEqual({
      type: 'move',
      delta: 1,
      extend: false,
      keepSelection: true,
    });
    expect(shortcutFor(key('ArrowUp', { metaKey: true }), 'list')).toEqual({ type: 'move', delta: -1, extend: false, keepSelection: true });
    expect(shortcutFor(key(' ', { ctrlKey: true }), 'list')).toEqual({ type: 'toggle' });
    // Elsewhere Ctrl+arrows keep their usual meaning (in a text field, by word or line).
    expect(shortcutFor(key('ArrowDown', { ctrlKey: true }), 'editable')).toBeNull();
    expect(shortcutFor(key('ArrowDown', { ctrlKey: true }), 'body')).toBeNull();
  });

  it('selects every item found with Ctrl+A (or ⌘A) in the list only, so text stays selectable elsewhere', () => {
    expect(shortcutFor(key('a', { ctrlKey: true }), 'list')).toEqual({ type: 'select-all' });
    expect(shortcutFor(key('A', { metaKey: true }), 'list')).toEqual({ type: 'select-all' });
    expect(shortcutFor(key('a', { ctrlKey: true }), 'body')).toBeNull();
    expect(shortcutFor(key('a', { ctrlKey: true }), 'editable')).toBeNull();
    expect(shortcutFor(key('a'), 'list')).toBeNull();
  });
});

describe('metrics chart', () => {
  const box = { width: 100, height: 20, padding: 0 };

  it('places snapshots by time and value, largest at the top', () => {
    const line = sparkline(
      [
        { time: '2024-01-01T00:00:00Z', value: 10 },
        { time: '2024-01-02T00:00:00Z', value: null },
        { time: '2024-01-05T00:00:00Z', value: 30 },
        { time: '2024-01-03T00:00:00Z', value: 20 },
      ],
      box,
    );
    expect(line.points.map((p) => [p.x, p.y])).toEqual([
      [0, 20],
      [100, 0],
      [50, 10],
    ]);
    expect(line.path).toBe('M0 20 L100 0 L50 10');
    expect([line.min, line.max]).toEqual([10, 30]);
  });

  it('copes with no values, one value and equal times', () => {
    expect(sparkline([{ time: 'x', value: null }], box).points).toEqual([]);
    expect(sparkline([{ time: '2024-01-01T00:00:00Z', value: 5 }], box).points).toEqual([
      { x: 50, y: 10, value: 5, time: '2024-01-01T00:00:00Z' },
    ]);
    const same = sparkline(
      [
        { time: '2024-01-01T00:00:00Z', value: 1 },
        { time: '2024-01-01T00:00:00Z', value: 2 },
      ],
      box,
    );
    expect(same.points.map((p) => p.x)).toEqual([0, 100]);
  });
});

describe('the transcript an item shows', () => {
  const transcript = (language: string | null, words: 'segments' | 'text' | 'none'): TranscriptRecord => ({
    language,
    available: words !== 'none',
    format: words,
    fullText: words === 'text' ? 'Ein Text ohne Zeiten.' : null,
    fetchedAt: '2026-11-20T10:00:00.000Z',
    operation: 'videosite/transcript',
    requestId: `req_${language ?? 'unknown'}`,
    segments: words === 'segments' ? [{ startMs: 0, endMs: 1000, text: 'hello' }] : [],
  });
  // Newest first, as the library lists them: a "none" answer on top.
  const list = [transcript('ja', 'none'), transcript('de', 'text'), transcript('en', 'segments'), transcript(null, 'segments')];

  it('is the one asked for by language, even a "none" answer or the one with no language named', () => {
    expect(transcriptToShow(list, 'en')?.language).toBe('en');
    expect(transcriptToShow(list, 'ja')?.available).toBe(false);
    expect(transcriptToShow(list, null)?.requestId).toBe('req_unknown');
  });

  it('is otherwise the first that holds words, never a "none in that language" answer ahead of it', () => {
    expect(transcriptToShow(list, undefined)?.language).toBe('de');
    // Asked for a language it does not have (a hit in a transcript since replaced): the same rule.
    expect(transcriptToShow(list, 'fr')?.language).toBe('de');
    expect(transcriptToShow([transcript('ja', 'none')], undefined)?.language).toBe('ja');
    expect(transcriptToShow([], undefined)).toBeUndefined();
  });
});
