import { describe, expect, it } from 'vitest';
import type { WatchChange, WatchCost } from '../../../../src/shared/watch';
import {
  changeSentence,
  costWords,
  fieldLabel,
  formatShare,
  showsWordDiff,
  targetWords,
  unreadBadge,
} from '../../../../src/renderer/src/lib/watch-text';

const cost = (over: Partial<WatchCost> = {}): WatchCost => ({
  requestsPerDay: 24,
  allWatchesPerDay: 130,
  dailyBudget: 10_000,
  cap: 2_500,
  share: 0.013,
  fits: true,
  ...over,
});

const change = (over: Partial<WatchChange>): WatchChange => ({
  id: 1,
  watchId: 1,
  itemId: 7,
  change: 'new',
  field: null,
  before: null,
  after: null,
  requestId: 'req-1',
  sha256: 'a'.repeat(64),
  at: '2026-03-01T10:00:00.000Z',
  words: null,
  read: false,
  demo: false,
  ...over,
});

describe('the words of the Watch view', () => {
  it('states a watch’s cost against the budget and the cap before it is saved', () => {
    const words = costWords(cost());
    expect(words.thisWatch).toBe('24 requests a day');
    expect(words.allWatches).toBe('All watches with this one: 130 requests a day, 1.3 % of the daily budget of 10,000.');
    expect(words.cap).toBe('Cap for all watches together: 2,500 requests a day (25 % of the budget).');
    expect(words.refusal).toBeNull();
  });

  it('refuses past the cap, naming the numbers and what to do', () => {
    const words = costWords(cost({ requestsPerDay: 1, allWatchesPerDay: 2_501, share: 0.2501, fits: false }));
    expect(words.thisWatch).toBe('1 request a day');
    expect(words.refusal).toBe(
      'Not saved: all watches would take 2,501 requests a day, past the cap of 2,500. Choose a longer interval, pause or remove another watch, or raise the cap in Settings → Watch.',
    );
  });

  it('writes shares a person reads', () => {
    expect(formatShare(0)).toBe('0 %');
    expect(formatShare(0.0004)).toBe('<0.1 %');
    expect(formatShare(0.0123)).toBe('1.2 %');
    expect(formatShare(0.25)).toBe('25 %');
    expect(formatShare(Number.NaN)).toBe('0 %');
  });

  it('names what a watch looks at', () => {
    expect(targetWords({ kind: 'item', itemId: 12 })).toBe('Item 12');
    expect(targetWords({ kind: 'operation', operation: 'videosite/channel/videos', params: { handle: '@harbour', trim: true } })).toBe(
      'Channel videos: Channel handle “@harbour”',
    );
  });

  it('tells each kind of change in one sentence', () => {
    expect(changeSentence(change({ change: 'new' }), 'Flood in March')).toBe('New: Flood in March');
    expect(changeSentence(change({ change: 'edited', field: 'authorName' }), 'X')).toBe('Edited: the author’s display name of X');
    expect(changeSentence(change({ change: 'no-longer-listed' }), 'X')).toBe('No longer listed: X');
    expect(changeSentence(change({ change: 'unavailable' }), 'X')).toBe('Unavailable since 1 Mar 2026, 10:00:00 UTC: X');
    expect(changeSentence(change({ change: 'available-again' }), 'X')).toBe('Available again: X');
    expect(changeSentence(change({ change: 'counts', field: 'views', before: 1000, after: 2500 }), 'X')).toBe('Views of X: 1,000 → 2,500');
    expect(fieldLabel(null)).toBe('a field');
    expect(fieldLabel('unknown_field')).toBe('unknown_field');
  });

  it('diffs edited texts only', () => {
    expect(showsWordDiff(change({ change: 'edited', field: 'title', before: 'a', after: 'b' }))).toBe(true);
    expect(showsWordDiff(change({ change: 'counts', field: 'views', before: 1, after: 2 }))).toBe(false);
  });

  it('caps the sidebar badge and hides it at zero', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(3)).toBe('3');
    expect(unreadBadge(1000)).toBe('999+');
  });
});

describe('Save in the Watch… panel', () => {
  it('waits for the cost, shows why the plan failed, and refuses past the cap', async () => {
    const { saveBlockedBecause } = await import('../../../../src/renderer/src/lib/watch-text');
    expect(saveBlockedBecause(null, null)).toBe('Working out the cost…');
    expect(saveBlockedBecause(null, 'Could not work out what this watch costs. No such item.')).toContain('No such item');
    expect(saveBlockedBecause(cost(), null)).toBeNull();
    expect(saveBlockedBecause(cost({ fits: false, allWatchesPerDay: 3000 }), null)).toMatch(/^Not saved: .*past the cap of 2,500/);
  });
});
