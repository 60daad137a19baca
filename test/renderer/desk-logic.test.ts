import { describe, expect, it } from 'vitest';
import type { TokenStatus } from '../../src/shared/contract';
import type { CollectionItem } from '../../src/shared/library';
import type { QueueGauge } from '../../src/shared/queue';
import { bannersFor } from '../../src/renderer/src/components/BannerRules';
import { GO_PREFIX_MS, globalShortcutFor, type GlobalKeyInput } from '../../src/renderer/src/components/ShortcutKeys';
import {
  bulkConfirmText,
  dayMeterLabel,
  describeJob,
  etaText,
  fraction,
  holdBackText,
  intoText,
  runningText,
  untilText,
} from '../../src/renderer/src/views/activity/activity-text';
import { appendRows, movedRows } from '../../src/renderer/src/views/collections/collection-order';
import { overrideKey, overrideRows } from '../../src/renderer/src/views/settings/overrides';

const token = (over: Partial<TokenStatus> = {}): TokenStatus => ({
  stored: true,
  available: true,
  location: 'the keychain',
  overriddenByEnvironment: false,
  origin: null,
  elsewhere: null,
  ...over,
});
const key = (k: string, mods: Partial<GlobalKeyInput> = {}): GlobalKeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('app-wide banners', () => {
  it('say what stopped the queue, with the action that fixes it', () => {
    const rejected = bannersFor({ paused: { reason: 'TOKEN_REJECTED', message: '' }, isDemo: false, token: token() });
    expect(rejected.map((b) => b.id)).toEqual(['token-rejected']);
    expect(rejected[0]!.actions[0]).toMatchObject({ action: 'token', label: 'Enter a new token' });
    const inactive = bannersFor({ paused: { reason: 'SUBSCRIPTION_INACTIVE', message: '' }, isDemo: false, token: token() });
    expect(inactive[0]!.actions.map((a) => a.action)).toEqual(['resume', 'token']);
    // Offline: the queue's own sentence (when it tries again), that the library still works, and "Try now".
    const offline = bannersFor({
      paused: {
        reason: 'NETWORK',
        message: 'Could not reach the service. Nothing is lost: the queue tries again at 10:00:15 UTC, or resume it now.',
      },
      isDemo: false,
      token: token(),
    });
    expect(offline.map((b) => b.id)).toEqual(['unreachable']);
    expect(offline[0]!.text).toMatch(/tries again at 10:00:15 UTC.*works as before, offline/);
    expect(offline[0]!.actions).toEqual([{ action: 'resume', label: 'Try now', primary: false }]);
    // An outage: the same, with the service's own words.
    const failing = bannersFor({
      paused: {
        reason: 'UPSTREAM_ERROR',
        message:
          'The service failed 5 different requests in a row; the last: … (503). Nothing is lost and no attempt is used up while it waits: the queue tries again at 10:00:15 UTC, or resume it now.',
      },
      isDemo: false,
      token: token(),
    });
    expect(failing.map((b) => [b.id, b.title])).toEqual([['failing', 'The service is failing requests.']]);
    expect(failing[0]!.text).toMatch(/\(503\).*tries again at 10:00:15 UTC.*works as before\.$/);
    expect(failing[0]!.actions).toEqual([{ action: 'resume', label: 'Try now', primary: false }]);
    const disk = bannersFor({
      paused: { reason: 'STORAGE_ERROR', message: 'Gleaner cannot write to its library (database or disk is full).' },
      isDemo: false,
      token: token(),
    });
    expect(disk.map((b) => [b.id, b.text])).toEqual([['storage', 'Gleaner cannot write to its library (database or disk is full).']]);
  });

  it('warn about a missing token only for the real service, once, and not when GLEANER_TOKEN supplies one', () => {
    expect(bannersFor({ paused: null, isDemo: true, token: token({ stored: false }) })).toEqual([]);
    expect(bannersFor({ paused: null, isDemo: false, token: token({ stored: false }) }).map((b) => b.id)).toEqual(['no-token']);
    expect(bannersFor({ paused: null, isDemo: false, token: token({ stored: false, overriddenByEnvironment: true }) })).toEqual([]);
    expect(
      bannersFor({ paused: { reason: 'TOKEN_MISSING', message: '' }, isDemo: false, token: token({ stored: false }) }).map((b) => b.id),
    ).toEqual(['token-missing']);
    // A base URL pointing away from where the token was saved: said at once, and while the queue waits for it.
    const away = token({ origin: 'https://api.example.com', elsewhere: 'https://api.exmaple.com' });
    const warned = bannersFor({ paused: null, isDemo: false, token: away });
    expect(warned.map((b) => b.id)).toEqual(['token-elsewhere']);
    expect(warned[0]!.title).toBe('Your API token is not sent to https://api.exmaple.com.');
    expect(warned[0]!.text).toContain('saved for https://api.example.com');
    expect(warned[0]!.actions).toEqual([{ action: 'token', label: 'Review in Settings', primary: true }]);
    expect(bannersFor({ paused: { reason: 'TOKEN_ELSEWHERE', message: '' }, isDemo: false, token: away }).map((b) => b.id)).toEqual([
      'token-elsewhere',
    ]);
    expect(bannersFor({ paused: null, isDemo: false, token: token({ origin: 'https://api.example.com' }) })).toEqual([]);
    expect(bannersFor({ paused: { reason: 'user', message: '' }, isDemo: null, token: null })).toEqual([]);
  });
});

describe('global shortcuts', () => {
  it('open the overview with ? and switch views with g then a letter, within the time window', () => {
    expect(globalShortcutFor(key('?'), false, false, null, 0)).toEqual({ type: 'overview' });
    expect(globalShortcutFor(key('?'), false, true, null, 0)).toEqual({ type: 'close-overview' });
    expect(globalShortcutFor(key('Escape'), true, true, null, 0)).toEqual({ type: 'close-overview' });
    expect(globalShortcutFor(key('g'), false, false, null, 0)).toEqual({ type: 'arm-go' });
    expect(globalShortcutFor(key('c'), false, false, 1000, 1000 + GO_PREFIX_MS)).toEqual({ type: 'go', view: 'collections' });
    expect(globalShortcutFor(key('c'), false, false, 1000, 1001 + GO_PREFIX_MS)).toBeNull();
    expect(globalShortcutFor(key('c'), false, false, null, 0)).toBeNull();
  });

  it('do nothing while typing or with a modifier held', () => {
    expect(globalShortcutFor(key('?'), true, false, null, 0)).toBeNull();
    expect(globalShortcutFor(key('a'), true, false, 0, 10)).toBeNull();
    expect(globalShortcutFor(key('g', { ctrlKey: true }), false, false, null, 0)).toBeNull();
    expect(globalShortcutFor(key('Escape'), false, false, null, 0)).toBeNull();
  });
});

describe('activity wording', () => {
  it('names a job by platform, operation and its telling parameter', () => {
    expect(describeJob({ operation: 'videosite/video', params: { url: 'https://www.youtube.com/watch?v=x' } })).toEqual({
      title: 'Video site · Video details',
      subject: 'https://www.youtube.com/watch?v=x',
    });
    expect(describeJob({ operation: 'videosite/search', params: { query: 'flood', trim: 'true' } }).subject).toBe('query: flood');
  });

  it('says what a Fetch run waits for: nothing, or the plan’s next free slot', () => {
    const now = Date.parse('2024-01-01T00:00:00.000Z');
    expect(runningText('Search videos', null, now)).toBe('Running search videos…');
    expect(runningText('Search videos', '2024-01-01T00:00:00.000Z', now)).toBe('Running search videos…');
    expect(runningText('Search videos', '2024-01-01T00:00:42.000Z', now)).toBe(
      'Waiting for your plan’s next free request (in 42 s), then running search videos…',
    );
  });

  it('says when the next request may leave, and how full the windows are', () => {
    expect(untilText('2024-01-01T00:00:00.000Z', Date.parse('2024-01-01T00:00:00.000Z'))).toBe('now');
    expect(untilText('2024-01-01T00:00:42.000Z', Date.parse('2024-01-01T00:00:00.000Z'))).toBe('in 42 s');
    expect(untilText('2024-01-01T00:10:00.000Z', Date.parse('2024-01-01T00:00:00.000Z'))).toBe('in 10 min');
    expect(fraction(45, 30)).toBe(1);
    expect(fraction(0, 0)).toBe(1);
    expect(etaText(0)).toBeNull();
    expect(etaText(0.4)).toBe('under a minute');
    expect(etaText(2.1)).toBe('about 3 minutes');
    expect(etaText(150)).toBe('about 2.5 hours');
    // A queue waiting for tomorrow's budget says so in days, not in thousands of minutes.
    expect(etaText(24 * 60 + 2)).toBe('about 24 hours');
    expect(etaText(3 * 24 * 60)).toBe('about 3 days');
    const gauge: QueueGauge = {
      usedThisMinute: 0,
      usedToday: 0,
      limits: { perMinute: 60, perDay: 5000 },
      effectiveLimits: { perMinute: 45, perDay: 3750 },
      share: 0.75,
      nextFreeSlot: '',
      dayReset: 'rolling',
    };
    expect(holdBackText(gauge)).toContain('75 %');
    expect(holdBackText({ ...gauge, share: 1 })).toBeNull();
    expect(dayMeterLabel('rolling')).toBe('Last 24 hours');
    expect(dayMeterLabel('07:30')).toBe('Since 07:30 UTC');
  });
});

const item = (id: number, over: Partial<CollectionItem> = {}): CollectionItem => ({
  id,
  position: id,
  addedAt: '',
  platform: 'videosite',
  kind: 'video',
  title: `Item ${id}`,
  url: null,
  authorName: null,
  note: null,
  tags: [],
  ...over,
});

describe('collection rows', () => {
  const ids = (rows: readonly CollectionItem[] | null) => rows?.map((row) => [row.id, row.position]);

  it('shows a move within the rows read at once, each row keeping its number in the order', () => {
    const rows = [item(1), item(2), item(3)];
    expect(ids(movedRows(rows, 1, 1))).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
    ]);
    expect(ids(movedRows(rows, 3, -2))).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('leaves to the answer a move that starts or lands outside the rows read, or goes nowhere', () => {
    const rows = [item(1), item(2), item(3)];
    expect(movedRows(rows, 1, -1)).toBeNull();
    // Row 3 is the last read, not necessarily the last of the collection.
    expect(movedRows(rows, 3, 1)).toBeNull();
    expect(movedRows(rows, 9, 1)).toBeNull();
    expect(movedRows(rows, 2, 0)).toBeNull();
  });

  it('adds a later page without showing a row twice', () => {
    expect(appendRows([item(1), item(2)], [item(2), item(3)]).map((row) => row.id)).toEqual([1, 2, 3]);
  });
});

describe('override rows', () => {
  it('reads wire-name and path overrides from the settings, with their defaults', () => {
    const rows = overrideRows({
      'base-url': 'demo',
      plan: 'pro',
      'param.videosite.channel/videos.sort': 'order',
      'path.tweetsite.user/tweets': '/v2/tweets',
    });
    expect(rows.map((r) => [r.kind, r.key, r.defaultValue, r.value])).toEqual([
      ['param', 'param.videosite.channel/videos.sort', 'sort', 'order'],
      ['path', 'path.tweetsite.user/tweets', '/api/v1/partner/tweetsite/user/tweets', '/v2/tweets'],
    ]);
    expect(overrideKey('param', { platform: 'videosite', path: 'search' }, 'filter')).toBe('param.videosite.search.filter');
    expect(overrideKey('path', { platform: 'forum', path: 'subreddit/search' })).toBe('path.forum.subreddit/search');
  });
});

describe('the collections a job fills', () => {
  it('names none, one, or every one of them', () => {
    expect(intoText([])).toBe('');
    expect(intoText(['Tip sheet'])).toBe('into “Tip sheet” · ');
    expect(intoText(['Story A', 'Story B'])).toBe('into “Story A” and “Story B” · ');
  });
});

describe('the whole-queue actions ask first, with the numbers', () => {
  const gauge = (usedToday: number, perDay: number, dayReset = 'rolling') =>
    ({
      usedThisMinute: 0,
      usedToday,
      dayReset,
      limits: { perMinute: 30, perDay },
      effectiveLimits: { perMinute: 30, perDay },
      share: 1,
      nextFreeSlot: '2026-01-01T00:00:00Z',
    }) as QueueGauge;

  it('says what cancelling everything does, and that Retry all failed will not undo it', () => {
    expect(bulkConfirmText('cancel', 1, null)).toBe(
      'Cancel the 1 request waiting, in every import and call? It moves to Cancelled; Retry all failed does not bring it back, only its own Retry.',
    );
    expect(bulkConfirmText('cancel', 1234, null)).toMatch(
      /^Cancel all 1,234 requests waiting, in every import and call\? They move to Cancelled/,
    );
  });

  it('says how much of the day’s budget a retry spends, and when it is more than is left', () => {
    expect(bulkConfirmText('retry', 45, gauge(300, 1000))).toBe(
      'Send 45 requests that failed again? That spends up to 45 requests of the 700 left in the day’s budget (last 24 hours). A request the service refused for itself (not found, a bad parameter) fails again unless you changed something since.',
    );
    expect(bulkConfirmText('retry', 1200, gauge(990, 1000, '06:00'))).toContain(
      'up to 1,200 requests of the 10 left in the day’s budget (since 06:00 UTC); the rest wait for it to free up.',
    );
    expect(bulkConfirmText('retry', 2, gauge(1500, 1000))).toContain('of the 0 left');
  });
});
