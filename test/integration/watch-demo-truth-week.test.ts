/**
 * Watches against the demo's truth at the issue's scale (issue 30, quality bar): 500 items watched
 * daily by their details operation and 20 accounts every 6 hours by their listing, the demo and
 * Gleaner's clock moved forward a simulated week in 6-hour steps, the due watches run after each.
 * Every edit, new post, removal and return the demo made to something a watch reads is noticed
 * (100 %), and nothing is reported that did not happen (0 false).
 *
 * Between two runs an item may change more than once (edited twice, edited and then removed,
 * removed and back): a run sees the net change, so the truth is folded per item and window into
 * what the next run can see (see expectedFromTruth).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_SHAPES, at } from '../../src/main/demo/time/item-shapes';
import type { DemoTruthChange } from '../../src/main/demo/types';
import type { OperationId } from '../../src/shared/catalogue';
import type { WatchChange, WatchSummary } from '../../src/shared/watch';
import { demoWatchDesk } from '../helpers/watch-sim';

/** Items are watched daily and accounts every 6 hours: a step of 6 hours runs what is due. */
const STEP_HOURS = 6;
const WEEK_HOURS = Number(process.env.WATCH_WEEK_HOURS ?? 7 * 24);
const WATCHED_ITEMS = 500;

let desk: Awaited<ReturnType<typeof demoWatchDesk>>;

beforeAll(async () => {
  desk = await demoWatchDesk('watch-week', 'pro', { databasePath: ':memory:' });
}, 60_000);

afterAll(() => desk?.close());

const call = (method: string, input: unknown) => desk.call(method, input);
const fetchNow = (operation: string, params: Record<string, string>, pages: number) => desk.fetchNow(operation, params, pages);
const runWatches = (request: { all?: boolean }) => desk.runWatches(request);

const SEARCHES: [string, Record<string, string>][] = [
  ['videosite/search', { query: 'flood defences' }],
  ['videosite/search', { query: 'council budget' }],
  ['videosite/search', { query: 'heatwave' }],
  ['shortvideo/search', { query: 'flood defences' }],
  ['shortvideo/search', { query: 'election night' }],
  ['videosite/search', { query: 'rail strike' }],
  ['shortvideo/search', { query: 'wildfire' }],
  ['videosite/search', { query: 'harbour' }],
  ['shortvideo/search', { query: 'protest' }],
  ['videosite/search', { query: 'school meals' }],
  ['shortvideo/search', { query: 'bridge closure' }],
  ['videosite/search', { query: 'storm warning' }],
  ['shortvideo/search', { query: 'housing' }],
  ['videosite/search', { query: 'port strike' }],
];

const ACCOUNTS: { operation: string; params: Record<string, string> }[] = [
  ...['@newsroom', '@cityhall', '@weatherdesk', '@courtwatch'].map((handle) => ({
    operation: 'videosite/channel/videos',
    params: { handle },
  })),
  ...['newsroom', 'cityhall', 'weatherdesk', 'courtwatch'].map((h) => ({
    operation: 'microblog/user/posts',
    params: { handle: `${h}.bsky.social` },
  })),
  ...['newsroom', 'cityhall', 'weatherdesk', 'courtwatch'].map((handle) => ({ operation: 'tweetsite/user/tweets', params: { handle } })),
  ...['newsroom', 'cityhall', 'weatherdesk', 'courtwatch'].map((handle) => ({ operation: 'photoshare/user/reels', params: { handle } })),
  ...['newsroom', 'cityhall', 'weatherdesk', 'courtwatch'].map((page) => ({
    operation: 'socialnet/user/reels',
    params: { url: `https://www.facebook.com/${page}` },
  })),
];

describe('watches against the demo’s truth, at the issue’s scale', () => {
  it('after a simulated week of 500 watched items and 20 watched accounts: every change noticed, none invented', async () => {
    // What a user watching this much does: on Pro (5,000 requests a day) the cap, a quarter, is
    // 1,250 a day; 500 daily item watches and 20 accounts every 6 hours cost 580, so they fit.
    // (On Starter, 1,000 a day, they would need a share of 0.58.)
    await call('settings.set', { key: 'plan', value: 'pro' });
    await call('settings.set', { key: 'watch.cap-share', value: '0.25' });
    const itemIds = new Set<number>();
    for (const [operation, params] of SEARCHES) {
      for (const itemId of await fetchNow(operation, params, 3)) {
        // A search also lists channels and playlists, which no details operation fetches.
        const plan = await desk.testCore.core.dispatch('watch.plan', { target: { kind: 'item', itemId }, interval: '1d' });
        if (plan.ok) itemIds.add(itemId);
      }
      if (itemIds.size >= WATCHED_ITEMS) break;
    }
    expect(itemIds.size).toBeGreaterThanOrEqual(WATCHED_ITEMS);
    for (const itemId of [...itemIds].slice(0, WATCHED_ITEMS))
      await call('watch.add', { target: { kind: 'item', itemId }, interval: '1d' });
    for (const account of ACCOUNTS) await call('watch.add', { target: { kind: 'operation', ...account }, interval: '6h' });
    const { cost } = (await call('watch.list', {})) as { cost: { allWatchesPerDay: number; cap: number } };
    expect(cost).toMatchObject({ allWatchesPerDay: 580, cap: 1250 });

    // Gleaner's clock and the demo's move together, a step at a time; each step runs what is due.
    const simStart = desk.sim.now();
    const runHours = new Map<number, number[]>();
    const noticed: WatchChange[] = [];
    const runDue = async (hour: number) => {
      // A pass queues at most 500; the runtime's next tick queues the rest, as this loop does.
      for (let run = await runWatches({}); run.watchIds.length > 0; run = await runWatches({})) {
        for (const watchId of run.watchIds) runHours.set(watchId, [...(runHours.get(watchId) ?? []), hour]);
        noticed.push(...run.changes);
      }
    };
    await runDue(0);
    expect(noticed).toEqual([]);
    const db = desk.testCore.core.context.db;
    const baselineMembers = new Map<number, number[]>();
    for (const row of db.prepare('SELECT watch_id AS watchId, item_id AS itemId FROM watch_members').all() as {
      watchId: number;
      itemId: number;
    }[])
      baselineMembers.set(row.watchId, [...(baselineMembers.get(row.watchId) ?? []), row.itemId]);
    for (let hour = STEP_HOURS; hour <= WEEK_HOURS; hour += STEP_HOURS) {
      desk.demo.control.advance(STEP_HOURS);
      desk.sim.advanceTo(simStart + hour * HOUR_MS);
      await runDue(hour);
    }
    const { watches } = (await call('watch.list', {})) as { watches: WatchSummary[] };
    for (const watch of watches)
      expect(runHours.get(watch.id)?.length, watch.label).toBe(1 + WEEK_HOURS / (watch.interval === '1d' ? 24 : 6));

    const keyOf = new Map(
      (
        db.prepare('SELECT id, platform, native_id AS nativeId FROM items').all() as { id: number; platform: string; nativeId: string }[]
      ).map((row) => [row.id, `${row.platform} ${row.nativeId}`]),
    );
    // The order each run of a listing showed its items in, read from the answers as received.
    const pagesOf = (watchId: number, operation: OperationId): string[][] => {
      const shape = OPERATION_SHAPES[operation];
      const bodies = db
        .prepare(
          `SELECT r.body FROM watch_runs w JOIN jobs j ON j.batch_id = w.batch_id JOIN responses r ON r.id = j.response_id
            WHERE w.watch_id = ? ORDER BY w.id`,
        )
        .pluck()
        .all(watchId) as string[];
      return bodies.map((body) => {
        const data = (JSON.parse(body) as { data: unknown }).data;
        return (shape.lists ?? []).flatMap((path) =>
          ((at(data, path) as unknown[] | undefined) ?? []).map(
            (entry) => `${shape.platform} ${String(at(shape.inEntry ? at(entry, shape.inEntry) : entry, shape.item.id))}`,
          ),
        );
      });
    };
    const watched = watches.map((watch) => ({
      id: watch.id,
      target:
        watch.target.kind === 'item'
          ? ({ kind: 'item', key: keyOf.get(watch.target.itemId)! } as const)
          : ({ kind: 'listing', operation: watch.target.operation } as const),
      runs: runHours.get(watch.id)!,
      members: (baselineMembers.get(watch.id) ?? []).map((itemId) => keyOf.get(itemId)!),
      pages: watch.target.kind === 'operation' ? pagesOf(watch.id, watch.target.operation) : [],
    }));
    // Which of title, text and author's name a listing's answers carry for an item (a channel's
    // list of videos has no description): as its first version of the item under that operation.
    const shown = new Map<string, Set<string>>();
    for (const row of db
      .prepare(
        `SELECT v.item_id AS itemId, v.operation, v.title, v.text, v.author_name AS authorName FROM item_versions v
          WHERE v.response_id = (SELECT min(response_id) FROM item_versions f WHERE f.item_id = v.item_id AND f.operation = v.operation)`,
      )
      .all() as { itemId: number; operation: string; title: string | null; text: string | null; authorName: string | null }[]) {
      const fields = (['title', 'text', 'authorName'] as const).filter((field) => row[field] !== null);
      shown.set(`${row.operation} ${keyOf.get(row.itemId)}`, new Set(fields));
    }
    const truth = desk.demo.control.truth();
    const { required, optional } = expectedFromTruth(truth, watched, Date.parse(desk.demo.control.clock().start), shown);
    const seen = noticed
      .filter((change) => change.change !== 'counts')
      .map((change) => `${change.watchId} ${keyOf.get(change.itemId!)} ${change.change}${change.field ? ` ${change.field}` : ''}`);
    const kinds = new Set(required.map((line) => line.split(' ').slice(3).join(' ')));
    // The week holds every kind of change a watch reports.
    for (const kind of ['new', 'edited title', 'edited text', 'edited authorName', 'unavailable', 'available-again', 'no-longer-listed'])
      expect(kinds).toContain(kind);
    expect({ missed: without(required, seen), invented: without(without(seen, required), optional) }).toEqual({ missed: [], invented: [] });
    // Each change cites the answer that showed it; an item found gone by a refusal cites the
    // refusal's request id where its body has one (the demo's 200 refusals do, its 404 and 410 do not).
    for (const change of noticed.filter((c) => c.change !== 'unavailable'))
      expect(change.requestId, `${change.change} of ${change.itemId}`).toMatch(/^req_/);
    const unavailable = noticed.filter((c) => c.change === 'unavailable');
    expect(unavailable.filter((c) => c.requestId !== null).length).toBeGreaterThan(0);
    for (const change of unavailable) expect(change.words, `unavailable ${change.itemId}`).toMatch(/\S/);
  }, 600_000);
});

const HOUR_MS = 3_600_000;

interface Watched {
  id: number;
  target: { kind: 'item'; key: string } | { kind: 'listing'; operation: string };
  /** The demo hours it ran at, the baseline first. */
  runs: number[];
  /** What its baseline run listed (listings only). */
  members: string[];
  /** Each run's first page, in order (listings only). */
  pages: string[][];
}

/** `lines` less one of each line of `less` (a multiset difference). */
function without(lines: readonly string[], less: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const line of less) left.set(line, (left.get(line) ?? 0) + 1);
  return lines.filter((line) => {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    return n === 0;
  });
}

/**
 * What the watches could see of the truth, one line per change ("watch item change field"). Per
 * item and run, from the state at the previous run to the state at this one: a field edited
 * (once or more) while the item stayed or came back is one "edited"; an item gone since is
 * "unavailable" for its item watch and "no-longer-listed" for a listing, with the edits made
 * before it went seen when it comes back ("available-again" for an item watch; a listing lists it
 * again without a word). A new post is "new" at the first run of its listing that finds it there.
 */
function expectedFromTruth(
  truth: readonly DemoTruthChange[],
  watched: readonly Watched[],
  demoStart: number,
  shown: ReadonlyMap<string, ReadonlySet<string>>,
): { required: string[]; optional: string[] } {
  const hourOf = (t: DemoTruthChange) => Math.round((Date.parse(t.at) - demoStart) / HOUR_MS);
  const eventsOf = new Map<string, DemoTruthChange[]>();
  for (const t of truth) {
    if (t.listing !== undefined || !['edited', 'removed', 'private', 'restored'].includes(t.kind)) continue;
    const key = `${t.platform} ${t.itemId}`;
    eventsOf.set(key, [...(eventsOf.get(key) ?? []), t]);
  }
  const lines: string[] = [];
  const optional: string[] = [];
  /**
   * Whether the first page could show the item left the listing: an item it listed below the
   * item before is still there. Otherwise (the last one gone while another came back, say) it
   * may as well have been pushed to the next page, which a watch of the first page cannot tell
   * (docs/watch.md, "Should still hold it"); reporting it is then right but not required.
   */
  const visiblyGone = (watch: Watched, key: string, run: number): boolean => {
    const index = watch.runs.indexOf(run);
    const before = watch.pages[index - 1] ?? [];
    const now = new Set(watch.pages[index] ?? []);
    return before.slice(before.indexOf(key) + 1).some((below) => now.has(below));
  };
  const follow = (watch: Watched, key: string, from: number, gone: string, back: string | null) => {
    const fields = watch.target.kind === 'listing' ? shown.get(`${watch.target.operation} ${key}`) : undefined;
    const events = (eventsOf.get(key) ?? []).filter((t) => hourOf(t) > from);
    let available = true;
    const edited = new Set<string>();
    let previous = from;
    for (const run of watch.runs.filter((h) => h > from)) {
      let now: boolean = available;
      for (const t of events.filter((e) => hourOf(e) > previous && hourOf(e) <= run)) {
        if (t.kind !== 'edited') now = t.kind === 'restored';
        else if (fields === undefined || fields.has(t.field!)) edited.add(t.field!);
      }
      if (available && !now) {
        const line = `${watch.id} ${key} ${gone}`;
        if (watch.target.kind === 'item' || visiblyGone(watch, key, run)) lines.push(line);
        else optional.push(line);
      }
      if (!available && now && back) lines.push(`${watch.id} ${key} ${back}`);
      if (now) {
        for (const field of [...edited].sort()) lines.push(`${watch.id} ${key} edited ${field}`);
        edited.clear();
      }
      available = now;
      previous = run;
    }
  };
  const availableAt = (key: string, hour: number): boolean => {
    let available = true;
    for (const t of eventsOf.get(key) ?? []) if (hourOf(t) <= hour) available = t.kind === 'edited' ? available : t.kind === 'restored';
    return available;
  };
  for (const watch of watched) {
    if (watch.target.kind === 'item') {
      follow(watch, watch.target.key, 0, 'unavailable', 'available-again');
      continue;
    }
    for (const key of watch.members) follow(watch, key, 0, 'no-longer-listed', null);
    // The listing's account, as the truth names it for what its baseline listed.
    const members = new Set(watch.members);
    const accounts = new Set(truth.filter((t) => members.has(`${t.platform} ${t.itemId}`) && t.account).map((t) => t.account));
    expect(accounts.size, `the account of watch ${watch.id}`).toBe(1);
    const operation = watch.target.operation;
    for (const post of truth.filter((t) => t.kind === 'new-post' && t.operation === operation && accounts.has(t.account))) {
      const key = `${post.platform} ${post.itemId}`;
      const found = watch.runs.find((run) => run >= hourOf(post) && availableAt(key, run));
      if (found === undefined) continue;
      lines.push(`${watch.id} ${key} new`);
      follow(watch, key, found, 'no-longer-listed', null);
    }
  }
  return { required: lines, optional };
}
