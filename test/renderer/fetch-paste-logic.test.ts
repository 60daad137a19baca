import { describe, expect, it } from 'vitest';
import { getOperation, OPERATIONS } from '../../src/shared/catalogue';
import { PARAM_CAVEATS } from '../../src/shared/caveats';
import type { SearchHit } from '../../src/shared/library';
import type { ImportLine, QuotaPlan } from '../../src/shared/queue';
import { firstUsefulChoice, resolveCollection, NEW_COLLECTION, NO_COLLECTION } from '../../src/renderer/src/lib/collection-choice';
import {
  appendIds,
  checkForm,
  chunk,
  emptyValues,
  formFields,
  hitText,
  inResponseOrder,
  nextPageParams,
  nextSelection,
  toParamInput,
  visibleProblems,
} from '../../src/renderer/src/lib/fetch-form';
import { hasUsableTranscript, refreshCall, transcriptCall } from '../../src/renderer/src/lib/fetch-item-actions';
import {
  countsSummary,
  knownLinksNotice,
  lineVerdict,
  progressWords,
  quotaWords,
  startLabel,
  withLinksAdded,
} from '../../src/renderer/src/lib/paste-plan';

describe('the Fetch form', () => {
  it('starts empty, keeps page values apart, and sends only what was filled in', () => {
    const op = getOperation('shortvideo/search');
    expect(emptyValues(op)).toMatchObject({ query: '', trim: false, cursor: '' });
    const { main, paging } = formFields(op);
    expect(paging.map((p) => p.name)).toEqual(['cursor']);
    expect(main.map((p) => p.name)).not.toContain('cursor');
    expect(toParamInput(op, { ...emptyValues(op), query: ' market ', trim: false, sort_by: '' })).toEqual({ query: ' market ' });
    expect(toParamInput(op, { ...emptyValues(op), trim: true })).toEqual({ trim: true });
  });

  it('puts each problem on its field, and rules about several fields apart', () => {
    const op = getOperation('videosite/channel/videos');
    const { check, problems } = checkForm(op, { ...emptyValues(op), sort: 'oldest' });
    expect(check.ok).toBe(false);
    expect(problems.byParam.sort?.[0]).toMatch(/must be one of latest, popular/);
    expect(problems.general).toEqual(['Give the channel id or the channel handle.']);

    const search = getOperation('videosite/search');
    const clash = checkForm(search, { ...emptyValues(search), query: 'flood', filter: 'shorts', sortBy: 'popular' });
    expect(clash.problems.byParam.filter).toEqual(['The filter works only with a query, and not together with upload date or sort.']);
    expect(checkForm(search, { ...emptyValues(search), query: 'flood' }).check).toEqual({ ok: true, params: { query: 'flood' } });
  });

  it('shows a field’s problems once it is touched, and all of them after a run was attempted', () => {
    const op = getOperation('shortvideo/search');
    const { problems } = checkForm(op, { ...emptyValues(op), region: 'USA' });
    expect(Object.keys(problems.byParam).sort()).toEqual(['query', 'region']);
    expect(Object.keys(visibleProblems(problems, new Set(), false).byParam)).toEqual([]);
    expect(Object.keys(visibleProblems(problems, new Set(['region']), false).byParam)).toEqual(['region']);
    expect(Object.keys(visibleProblems(problems, new Set(), true).byParam).sort()).toEqual(['query', 'region']);
  });

  it('continues a listing with the first page’s parameters and the answer’s page values', () => {
    expect(nextPageParams({ query: 'market', cursor: '0', sort_by: 'relevance' }, { cursor: '10' })).toEqual({
      query: 'market',
      cursor: '10',
      sort_by: 'relevance',
    });
    expect(appendIds([1, 2, 3], [3, 4, 2, 5])).toEqual([1, 2, 3, 4, 5]);
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('keeps results in the order the service answered with', () => {
    const hit = (id: number) => ({ id }) as SearchHit;
    expect(inResponseOrder([3, 1, 2, 9], [hit(1), hit(2), hit(3)]).map((h) => h.id)).toEqual([3, 1, 2]);
  });

  it('ticks one row, then a Shift-range to the next tick, and unticks a range the same way', () => {
    const ids = [10, 11, 12, 13, 14];
    let state = nextSelection(new Set(), ids, null, 1, 'toggle');
    expect([...state.selection]).toEqual([11]);
    state = nextSelection(state.selection, ids, state.anchor, 3, 'range');
    expect([...state.selection].sort()).toEqual([11, 12, 13]);
    state = nextSelection(state.selection, ids, state.anchor, 2, 'range');
    // Row 2 was ticked, so the range 2..3 is unticked.
    expect([...state.selection].sort()).toEqual([11]);
    state = nextSelection(state.selection, ids, state.anchor, 1, 'toggle');
    expect(state.selection.size).toBe(0);
  });

  it('names a row by the shared label: its title, else its text, else what it is and who posted it', () => {
    const base = { platform: 'tweetsite', kind: 'tweet', authorName: 'Ana', authorHandle: '@ana' };
    expect(hitText({ ...base, title: ' Floods ', excerpt: 'x' })).toEqual({ text: 'Floods', untitled: false });
    expect(hitText({ ...base, title: null, excerpt: 'The river rose' })).toEqual({ text: 'The river rose', untitled: false });
    expect(hitText({ ...base, title: null, excerpt: null })).toEqual({ text: 'Untitled short message by @ana', untitled: true });
  });

  it('has field caveats only for real operations and parameters', () => {
    for (const [operation, byParam] of Object.entries(PARAM_CAVEATS)) {
      const op = OPERATIONS.find((o) => o.id === operation);
      expect(op, operation).toBeDefined();
      for (const param of Object.keys(byParam ?? {}))
        expect(
          op!.params.map((p) => p.name),
          `${operation} ${param}`,
        ).toContain(param);
    }
  });
});

describe('item actions', () => {
  const item = (platform: string, kind: string, url: string | null) => ({ platform, kind, url });

  it('fetches a transcript with the platform’s own operation, only from an https link', () => {
    expect(transcriptCall(item('videosite', 'video', 'https://www.youtube.com/watch?v=abcdefghijk'), 'es')).toEqual({
      operation: 'videosite/transcript',
      params: { url: 'https://www.youtube.com/watch?v=abcdefghijk', language: 'es' },
    });
    expect(transcriptCall(item('shortvideo', 'video', 'https://www.tiktok.com/@a/video/1'))).toEqual({
      operation: 'shortvideo/video',
      params: { url: 'https://www.tiktok.com/@a/video/1', get_transcript: 'true' },
    });
    expect(transcriptCall(item('tweetsite', 'tweet', 'https://x.com/a/status/1'))?.operation).toBe('tweetsite/transcript');
    expect(transcriptCall(item('videosite', 'channel', 'https://www.youtube.com/@a'))).toBeNull();
    expect(transcriptCall(item('forum', 'post', 'https://www.reddit.com/r/a/comments/1'))).toBeNull();
    expect(transcriptCall(item('videosite', 'video', 'javascript:alert(1)'))).toBeNull();
    expect(transcriptCall(item('videosite', 'video', null))).toBeNull();
  });

  it('refreshes an item with the operation that returns it alone, where there is one', () => {
    expect(refreshCall(item('videosite', 'short', 'https://www.youtube.com/shorts/abcdefghijk'))?.operation).toBe('videosite/video');
    expect(refreshCall(item('shortvideo', 'video', 'https://www.tiktok.com/@a/video/1'))).toEqual({
      operation: 'shortvideo/video',
      params: { url: 'https://www.tiktok.com/@a/video/1' },
    });
    expect(refreshCall(item('photoshare', 'reel', 'https://www.instagram.com/reel/abc/'))?.operation).toBe('photoshare/post');
    expect(refreshCall(item('pinboard', 'pin', 'https://www.pinterest.com/pin/1/'))?.operation).toBe('pinboard/pin');
    expect(refreshCall(item('tweetsite', 'tweet', 'https://x.com/a/status/1'))).toBeNull();
    expect(refreshCall(item('forum', 'comment', 'https://www.reddit.com/r/a/comments/1'))).toBeNull();
    expect(refreshCall(item('microblog', 'post', 'http://bsky.app/profile/a/post/1'))).toBeNull();
  });

  it('counts a transcript as there only when it has words', () => {
    const t = { language: null, format: 'segments', fetchedAt: '', operation: 'videosite/transcript', requestId: '' };
    expect(hasUsableTranscript([])).toBe(false);
    expect(hasUsableTranscript([{ ...t, available: false, fullText: null, segments: [] }])).toBe(false);
    expect(hasUsableTranscript([{ ...t, available: true, fullText: 'Hello', segments: [] }])).toBe(true);
  });
});

describe('the paste plan in words', () => {
  const line = (over: Partial<ImportLine>): ImportLine => ({ line: 1, text: 'x', status: 'fetch', requests: 1, ...over });

  it('says what a line was recognised as, or why it is skipped', () => {
    expect(lineVerdict(line({ platform: 'videosite', operation: 'videosite/video', requests: 2 }))).toEqual({
      label: 'Will fetch',
      detail: 'YouTube · Video details (2 requests)',
      problem: false,
    });
    expect(lineVerdict(line({ status: 'rejected', reason: 'Not a web link.' }))).toEqual({
      label: 'Rejected',
      detail: 'Not a web link.',
      problem: true,
    });
    expect(lineVerdict(line({ status: 'duplicate', reason: 'Same as line 3.' })).detail).toBe('Same as line 3.');
  });

  it('sums up the counts, leaving out what is zero', () => {
    expect(countsSummary({ fetch: 20, rejected: 4, duplicate: 1, 'already-fetched': 0, 'already-queued': 0, comment: 1, blank: 3 })).toBe(
      '20 links to fetch · 4 rejected · 1 duplicate · 1 comment',
    );
    expect(countsSummary({ fetch: 0, rejected: 0, duplicate: 2, 'already-fetched': 5, 'already-queued': 1, comment: 0, blank: 0 })).toBe(
      '0 links to fetch · 2 duplicates · 5 already fetched · 1 already queued',
    );
  });

  it('labels the start button by what it will do', () => {
    expect(startLabel(true, 3, 0)).toBe('Starting…');
    expect(startLabel(false, 1, 4)).toBe('Fetch 1 link');
    expect(startLabel(false, 1200, 0)).toBe('Fetch 1,200 links');
    // Nothing new: what is already fetched goes into the chosen collection.
    expect(startLabel(false, 0, 1)).toBe('Add 1 item to the collection');
    expect(startLabel(false, 0, 20)).toBe('Add 20 items to the collection');
    expect(startLabel(false, 0, 0)).toBe('Fetch links');
  });

  it('says what became of the links an import did not fetch', () => {
    expect(knownLinksNotice(0, 0, 'Story')).toBeNull();
    expect(knownLinksNotice(1, 0, 'Story')).toBe('1 link was already in your library: now in “Story”.');
    expect(knownLinksNotice(0, 1, 'Story')).toBe('1 link was already waiting in the queue: it goes into “Story” too.');
    expect(knownLinksNotice(20, 1200, 'Story')).toBe(
      '20 links were already in your library: now in “Story”. 1,200 links were already waiting in the queue: they go into “Story” too.',
    );
  });

  it('puts the quota plan in words, and says when it carries over', () => {
    const quota: QuotaPlan = {
      requests: 20,
      ahead: 0,
      minutesAtPlanRate: 0.67,
      remainingToday: 1000,
      shareOfRemainingToday: 0.02,
      fitsToday: true,
      extraDays: 0,
      limits: { perMinute: 30, perDay: 1000 },
      share: 1,
    };
    expect(quotaWords(quota)).toEqual({
      requests: '20 requests',
      time: 'under a minute at 30 a minute',
      share: '2 % of today’s remaining 1,000 (of 1,000 a day)',
      overflow: null,
      holdBack: null,
    });
    // Colleagues take half the budget: the plan is at the pace the queue keeps, and says why.
    expect(quotaWords({ ...quota, limits: { perMinute: 15, perDay: 500 }, share: 0.5 }).holdBack).toBe(
      'Colleagues on your team are using part of the same budget, so Gleaner currently allows itself 50 % of the plan (15 a minute, 500 a day).',
    );
    const big = quotaWords({
      ...quota,
      requests: 2500,
      minutesAtPlanRate: 83.3,
      shareOfRemainingToday: 2.5,
      fitsToday: false,
      extraDays: 2,
    });
    expect(big.time).toBe('about 84 min at 30 a minute');
    expect(big.overflow).toBe('This is more than today’s budget allows: it would carry over into 2 more days.');
    expect(quotaWords({ ...quota, remainingToday: 0, shareOfRemainingToday: Infinity }).share).toMatch(/^more than all/);
    // Work already waiting goes first: the time counts it, and says so.
    expect(quotaWords({ ...quota, ahead: 1200, minutesAtPlanRate: 40.7 }).time).toBe(
      'about 41 min at 30 a minute, after the 1,200 requests already waiting',
    );
  });

  it('adds links sent from the Library after what was typed, without repeating any', () => {
    expect(withLinksAdded('', ['https://a.example/1', 'https://a.example/2'])).toBe('https://a.example/1\nhttps://a.example/2');
    expect(withLinksAdded('  \n', ['https://a.example/1'])).toBe('https://a.example/1');
    expect(withLinksAdded('# tip sheet\nhttps://b.example/9\n\n', ['https://a.example/1', 'https://b.example/9'])).toBe(
      '# tip sheet\nhttps://b.example/9\nhttps://a.example/1',
    );
    const typed = 'https://a.example/1\r\nhttps://a.example/2';
    expect(withLinksAdded(typed, ['https://a.example/2'])).toBe(typed);
  });

  it('reports progress and the end of a batch', () => {
    const batch = {
      batchId: 1,
      label: '',
      kind: 'import' as const,
      collection: null,
      total: 20,
      done: 12,
      failed: 1,
      cancelled: 0,
      remaining: 7,
      finished: false,
    };
    expect(progressWords(batch)).toBe('13 of 20 requests finished (1 failed); 7 to go.');
    expect(progressWords({ ...batch, done: 19, remaining: 0, finished: true })).toBe('Done: 20 of 20 requests (1 failed).');
  });
});

describe('choosing a collection', () => {
  const existing = [{ id: 1, name: 'Floods', itemCount: 3, createdAt: '', updatedAt: '' }];
  it('names an existing one, a new one, or none, and refuses an empty or taken name', () => {
    expect(resolveCollection({ choice: 'Floods', newName: '' }, existing)).toEqual({ name: 'Floods', create: false });
    expect(resolveCollection({ choice: NO_COLLECTION, newName: 'x' }, existing)).toEqual({ name: null, create: false });
    expect(resolveCollection({ choice: NEW_COLLECTION, newName: ' Tips ' }, existing)).toEqual({ name: 'Tips', create: true });
    expect(resolveCollection({ choice: NEW_COLLECTION, newName: '  ' }, existing)).toEqual({ problem: 'Give the new collection a name.' });
    expect(resolveCollection({ choice: NEW_COLLECTION, newName: 'Floods' }, existing)).toHaveProperty('problem');
  });

  it('offers first a collection that does not hold the items already, else a new one', () => {
    const two = [...existing, { id: 2, name: 'Tips', itemCount: 1, createdAt: '', updatedAt: '' }];
    expect(firstUsefulChoice(two)).toBe('Floods');
    expect(firstUsefulChoice(two, new Set(['Floods']))).toBe('Tips');
    expect(firstUsefulChoice(two, new Set(['Floods', 'Tips']))).toBe(NEW_COLLECTION);
    expect(firstUsefulChoice([])).toBe(NEW_COLLECTION);
  });
});
