/**
 * The Watch view's rows and item detail's versions, rendered to markup: platform text stays text,
 * changed words are marked, the evidence (request id, hash) is shown.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { WatchChange, WatchChangesPage } from '../../../../src/shared/watch';

vi.mock('../../../../src/renderer/src/transport', () => ({ bridge: { call: async () => ({}), subscribe: () => () => {} } }));

const { ChangeRow } = await import('../../../../src/renderer/src/views/watch/ChangeRow');
const { AvailabilityNote, VersionsSection } = await import('../../../../src/renderer/src/views/item-detail/VersionsSection');
const { WatchPanel } = await import('../../../../src/renderer/src/components/WatchPanel');
const { pageOfKind, CHANGES_PER_PAGE } = await import('../../../../src/renderer/src/stores/watch-store');

const HOSTILE = '<img src=x onerror=alert(1)>';

const change = (over: Partial<WatchChange>): WatchChange => ({
  id: 4,
  watchId: 1,
  itemId: 7,
  change: 'edited',
  field: 'title',
  before: 'Flood in March',
  after: 'Flood in April',
  requestId: 'req-42',
  sha256: 'b'.repeat(64),
  at: '2026-03-01T10:00:00.000Z',
  words: null,
  read: false,
  demo: false,
  ...over,
});

describe('a change in the timeline', () => {
  it('marks the words an edit changed and cites the answer that showed it', () => {
    const html = renderToStaticMarkup(createElement(ChangeRow, { change: change({}), item: undefined, watchLabel: 'Harbour' }));
    expect(html).toContain('Edited: the title of item 7');
    expect(html).toMatch(/<del class="diff-removed">.*March.*<\/del>/);
    expect(html).toMatch(/<ins class="diff-added">.*April.*<\/ins>/);
    expect(html).toContain('req-42');
    expect(html).toContain('Harbour');
    expect(html).toContain('Mark read');
  });

  it('marks a change seen in demo data Demo, and a real one not', () => {
    const render = (demo: boolean) =>
      renderToStaticMarkup(createElement(ChangeRow, { change: change({ demo }), item: undefined, watchLabel: 'Harbour' }));
    expect(render(true)).toContain('data-testid="demo-badge"');
    expect(render(true)).toContain('not taken from any platform');
    expect(render(false)).not.toContain('demo-badge');
  });

  it('renders the service’s words and edited text inert', () => {
    const html = renderToStaticMarkup(
      createElement(ChangeRow, {
        change: change({ change: 'unavailable', field: null, before: null, after: null, words: HOSTILE, read: true }),
        item: undefined,
        watchLabel: null,
      }),
    );
    expect(html).toContain('Unavailable since 1 Mar 2026, 10:00:00 UTC');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('Mark read');
    const edited = renderToStaticMarkup(
      createElement(ChangeRow, { change: change({ before: HOSTILE, after: `${HOSTILE} now` }), item: undefined, watchLabel: null }),
    );
    expect(edited).not.toContain('<img');
  });
});

describe('item detail under watch', () => {
  const version = (responseId: number, fetchedAt: string, title: string, changedFields: string[] = []) => ({
    responseId,
    requestId: `req-${responseId}`,
    sha256: String(responseId).repeat(64).slice(0, 64),
    fetchedAt,
    title,
    text: 'Same body',
    authorName: null,
    changedFields,
  });

  it('lists the versions newest first with the changed words marked, and nothing for a single version', () => {
    const versions = [
      version(1, '2026-03-01T10:00:00.000Z', 'Flood in March'),
      version(2, '2026-03-02T10:00:00.000Z', 'Flood in April', ['title']),
    ];
    const html = renderToStaticMarkup(createElement(VersionsSection, { versions }));
    expect(html.indexOf('req-2')).toBeLessThan(html.indexOf('req-1'));
    expect(html).toContain('changed: title');
    expect(html).toContain('first fetch');
    expect(html).toMatch(/<ins class="diff-added">.*April.*<\/ins>/);
    expect(html).toContain('As it read before');
    expect(renderToStaticMarkup(createElement(VersionsSection, { versions: [versions[0]!] }))).toBe('');
    expect(renderToStaticMarkup(createElement(VersionsSection, { versions: undefined }))).toBe('');
  });

  it('says since when an item is unavailable, in the service’s words, rendered inert', () => {
    const html = renderToStaticMarkup(
      createElement(AvailabilityNote, {
        availability: { state: 'unavailable', since: '2026-03-03T08:00:00.000Z', words: HOSTILE, requestId: 'req-9' },
      }),
    );
    expect(html).toContain('Unavailable since 3 Mar 2026, 08:00:00 UTC.');
    expect(html).toContain('&lt;img');
    expect(html).not.toContain('<img');
    expect(html).toContain('What Gleaner fetched earlier stays below.');
    expect(
      renderToStaticMarkup(
        createElement(AvailabilityNote, {
          availability: { state: 'available', since: '2026-03-03T08:00:00.000Z', words: null, requestId: null },
        }),
      ),
    ).toBe('');
  });
});

describe('the Watch… panel before the cost is known', () => {
  it('offers the four intervals and keeps Save disabled', () => {
    const html = renderToStaticMarkup(
      createElement(WatchPanel, { target: { kind: 'item', itemId: 7 }, suggestedLabel: 'Flood', onSaved: () => {}, onClose: () => {} }),
    );
    for (const label of ['hourly', 'every 6 hours', 'daily', 'weekly']) expect(html).toContain(`>${label}</option>`);
    expect(html).toMatch(/<button type="submit" class="primary" disabled="">Save watch<\/button>/);
    expect(html).toContain('Working out the cost…');
  });
});

describe('filtering the timeline by kind', () => {
  it('pages through the changes of that kind among those read', () => {
    const many: WatchChangesPage = {
      changes: Array.from({ length: 120 }, (_, i) => change({ id: i + 1, change: i % 2 === 0 ? 'new' : 'counts' })),
      total: 500,
      unread: 9,
    };
    const first = pageOfKind(many, 'new', 0);
    expect(first.total).toBe(60);
    expect(first.changes).toHaveLength(CHANGES_PER_PAGE);
    expect(first.changes.every((c) => c.change === 'new')).toBe(true);
    expect(pageOfKind(many, 'new', CHANGES_PER_PAGE).changes).toHaveLength(10);
    expect(first.unread).toBe(9);
    expect(pageOfKind(many, null, 0)).toBe(many);
  });
});

describe('the list of watches', () => {
  it('draws the first hundred of many, with what each looks at and its cost, and offers more', async () => {
    const { WatchListView, WATCHES_SHOWN } = await import('../../../../src/renderer/src/views/watch/WatchList');
    const watches = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      label: i === 0 ? HOSTILE : `Watch ${i + 1}`,
      target: { kind: 'operation' as const, operation: 'videosite/channel/videos' as const, params: { handle: '@harbour' } },
      interval: '1d' as const,
      paused: i === 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      lastRunAt: null,
      nextDueAt: '2026-03-02T10:00:00.000Z',
      lastError: null,
      requestsPerDay: 1,
      unread: i === 0 ? 3 : 0,
      member: null,
    }));
    const cost = { allWatchesPerDay: 150, cap: 250, dailyBudget: 1000 };
    const html = renderToStaticMarkup(createElement(WatchListView, { watches, cost, error: null }));
    expect(html.match(/<tr[^>]* data-watch-id=/g)).toHaveLength(WATCHES_SHOWN);
    expect(html).toContain('100 of 150 watches shown.');
    expect(html).toContain('Show more');
    expect(html).toContain('All active watches: 150 requests a day, 15 % of the daily budget of 1,000; the cap is 250 a day.');
    expect(
      renderToStaticMarkup(createElement(WatchListView, { watches: [], cost: { ...cost, allWatchesPerDay: 1 }, error: null })),
    ).toContain('All active watches: 1 request a day, 0.1 % of');
    expect(html).toContain('Channel videos: Channel handle “@harbour”');
    expect(html).toContain('>Resume</button>');
    expect(html).not.toContain('<img');
  });
});
