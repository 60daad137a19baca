import { afterEach, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/shared/catalogue';
import { startDemoService } from '../../../src/main/demo/server';
import { OPERATION_SHAPES, at } from '../../../src/main/demo/time/item-shapes';
import { DEMO_MAX_ADVANCE_HOURS, type DemoService, type DemoTruthChange } from '../../../src/main/demo/types';
import { SAMPLE_PARAMS, call, dataOf, originFree, tickingClock, withoutRequestId, type Answer } from './helpers';

const started: DemoService[] = [];
async function start(seed: string | number = 'time-seed'): Promise<DemoService> {
  // A minute per clock reading keeps hundreds of requests under the rate limits.
  const service = await startDemoService({ port: 0, seed, clock: tickingClock(60_000) });
  started.push(service);
  return service;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function control(service: DemoService, method: string, path: string, body?: unknown): Promise<{ status: number; json: Rec }> {
  const response = await fetch(`${service.url}/__demo/${path}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Rec };
}

type Rec = Record<string, unknown>;
const videoUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`;

/** Where each field truth names sits in the details answers checked here. */
const FIELDS: Record<string, Record<string, readonly (readonly string[])[]>> = {
  'videosite/video': {
    title: [['title']],
    text: [['description']],
    authorName: [['channel', 'title']],
    views: [['viewCountInt']],
    likes: [['likeCountInt']],
    comments: [['commentCountInt']],
  },
  'shortvideo/video': {
    text: [['aweme_detail', 'desc']],
    authorName: [
      ['aweme_detail', 'author', 'nickname'],
      ['aweme_detail', 'music', 'author'],
    ],
    views: [['aweme_detail', 'statistics', 'play_count']],
    likes: [['aweme_detail', 'statistics', 'digg_count']],
    comments: [['aweme_detail', 'statistics', 'comment_count']],
    shares: [['aweme_detail', 'statistics', 'share_count']],
    followers: [['aweme_detail', 'author', 'follower_count']],
  },
};

function put(target: Rec, path: readonly string[], value: unknown): void {
  let parent: Rec = target;
  for (const key of path.slice(0, -1)) parent = parent[key] as Rec;
  parent[path[path.length - 1] as string] = value;
}

/** The hour-0 record with what truth says changed applied, or 'gone'. */
function expected(operation: string, record: Rec, changes: readonly DemoTruthChange[]): Rec | 'gone' {
  let gone = false;
  const copy = structuredClone(record);
  for (const change of changes) {
    if (change.kind === 'removed' || change.kind === 'private') gone = true;
    else if (change.kind === 'restored') gone = false;
    else if ((change.kind === 'edited' || change.kind === 'counts') && change.field) {
      const paths = FIELDS[operation]?.[change.field];
      expect(paths, `${operation} shows ${change.field}`).toBeDefined();
      for (const path of paths ?? []) put(copy, path, change.after);
    }
  }
  return gone ? 'gone' : copy;
}

function isGoneAnswer(answer: Answer): boolean {
  const body = answer.json as Rec;
  if (answer.status === 404 || answer.status === 410) return body.success === false && typeof body.message === 'string';
  if (answer.status !== 200) return false;
  if (body.success === false) return typeof body.message === 'string' && body.data === null;
  const data = body.data as Rec;
  return Object.keys(data).length === 0 || data.aweme_detail === null;
}

describe('the demo clock', () => {
  it('starts at hour 0, moves by POST /__demo/advance, refuses bad steps with 400 and goes back on reset', async () => {
    const service = await start();
    expect((await control(service, 'GET', 'clock')).json).toEqual({
      hours: 0,
      start: '2025-06-01T12:00:00.000Z',
      now: '2025-06-01T12:00:00.000Z',
    });
    expect((await control(service, 'GET', '')).json.endpoints).toEqual(
      expect.arrayContaining([
        'GET /__demo/clock',
        expect.stringContaining('GET /__demo/truth'),
        expect.stringContaining('POST /__demo/advance'),
      ]),
    );
    expect((await control(service, 'POST', 'advance', { hours: 48 })).json).toMatchObject({ hours: 48, now: '2025-06-03T12:00:00.000Z' });
    for (const bad of [{ hours: 0 }, { hours: -3 }, { hours: 1.5 }, { hours: '4' }, {}, { hours: DEMO_MAX_ADVANCE_HOURS + 1 }]) {
      const refused = await control(service, 'POST', 'advance', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.json.message).toMatch(/hours/);
    }
    expect((await control(service, 'POST', 'advance', 'not json')).status).toBe(400);
    expect(() => service.control.advance(0)).toThrow(/hours/);
    expect((await control(service, 'GET', 'advance')).status).toBe(405);
    expect(service.control.clock().hours).toBe(48);
    expect((await control(service, 'POST', 'reset')).status).toBe(200);
    expect(service.control.clock()).toMatchObject({ hours: 0, now: '2025-06-01T12:00:00.000Z' });
    expect((await control(service, 'GET', 'truth')).json.changes).toEqual([]);
  });

  it('gives equal answers at equal demo times, whatever was asked before', async () => {
    const a = await start();
    const b = await start();
    for (const op of OPERATIONS) await call(a, op.id, SAMPLE_PARAMS[op.id]);
    a.control.advance(30);
    a.control.advance(42);
    b.control.advance(72);
    // Trending shorts change with every call (by design), so they are left out.
    for (const op of OPERATIONS.filter((o) => o.id !== 'videosite/trending')) {
      const [first, second] = [await call(a, op.id, SAMPLE_PARAMS[op.id]), await call(b, op.id, SAMPLE_PARAMS[op.id])];
      expect(first.status, op.id).toBe(second.status);
      expect(originFree(b, second.json), op.id).toEqual(originFree(a, first.json));
    }
  });
});

describe('48 hours of demo time', () => {
  it('lists edits, count changes, removals and new posts in the truth, and the answers show exactly those', async () => {
    const service = await start();
    const details = new Map<string, { operation: 'videosite/video' | 'shortvideo/video'; url: string; record: Rec }>();
    for (const query of ['market', 'river', 'bridge', 'school', 'rain']) {
      for (const video of dataOf(await call(service, 'videosite/search', { query })).videos as Rec[]) {
        const url = videoUrl(String(video.id));
        details.set(`videosite:${String(video.id)}`, {
          operation: 'videosite/video',
          url,
          record: dataOf(await call(service, 'videosite/video', { url })),
        });
      }
    }
    for (const entry of dataOf(await call(service, 'shortvideo/search', { query: 'food' })).search_item_list as Rec[]) {
      const url = String(at(entry, ['aweme_info', 'share_url']));
      details.set(`shortvideo:${String(at(entry, ['aweme_info', 'aweme_id']))}`, {
        operation: 'shortvideo/video',
        url,
        record: dataOf(await call(service, 'shortvideo/video', { url })),
      });
    }
    const handles = ['@civicdesk', '@harbourwatch', '@nightbus', '@fieldnotes', '@citycouncil', '@rivermap'];
    const listings = new Map<string, { key: string; before: string[]; probe: string }>();
    for (const handle of handles) {
      const before = (dataOf(await call(service, 'videosite/channel/videos', { handle })).videos as Rec[]).map((v) => String(v.id));
      // The listing is named by its channel's id, which a video's details show.
      const probe = before[before.length - 1] ?? '';
      const channel = dataOf(await call(service, 'videosite/video', { url: videoUrl(probe) })).channel as Rec;
      listings.set(handle, { key: `videosite/channel/videos:${String(channel.id)}`, before, probe });
    }

    service.control.advance(48);
    const truth = (await control(service, 'GET', 'truth')).json.changes as DemoTruthChange[];
    const kinds = new Set(truth.map((c) => c.kind));
    const day2 = (await control(service, 'GET', 'truth?since=2025-06-02T12:00:00Z&kind=edited,removed')).json.changes as DemoTruthChange[];
    expect(day2).toEqual(
      truth
        .filter((c) => c.at > '2025-06-02T12:00:00.000Z' && (c.kind === 'edited' || c.kind === 'removed'))
        .map((c) => expect.objectContaining(c)),
    );
    expect(day2.length).toBeGreaterThan(0);
    expect((await control(service, 'GET', 'truth?kind=gone')).status).toBe(400);
    expect((await control(service, 'GET', 'truth?since=yesterday')).status).toBe(400);
    // shared/CLI.md's names for the same facts ride along.
    for (const c of truth as (DemoTruthChange & { native_id: string; change: string })[]) {
      expect([c.native_id, c.change]).toEqual([c.itemId, c.kind === 'new-post' ? 'new' : c.kind]);
    }
    for (const kind of ['edited', 'counts', 'new-post', 'delisted'] as const) expect(kinds, kind).toContain(kind);
    expect(kinds.has('removed') || kinds.has('private')).toBe(true);
    expect(truth.every((c) => c.at > '2025-06-01T12:00:00.000Z' && c.at <= '2025-06-03T12:00:00.000Z')).toBe(true);

    let gone = 0;
    for (const [key, item] of details) {
      const changes = truth.filter((c) => `${c.platform}:${c.itemId}` === key && c.listing === undefined);
      expect(changes.every((c) => c.operation === item.operation && c.url === item.url)).toBe(true);
      const answer = await call(service, item.operation, { url: item.url });
      const want = expected(item.operation, item.record, changes);
      if (want === 'gone') {
        gone++;
        expect(isGoneAnswer(answer), `${key}: ${answer.text.slice(0, 200)}`).toBe(true);
      } else expect(dataOf(answer), key).toEqual(want);
    }
    expect(gone).toBeGreaterThan(0);

    for (const [handle, { key, before, probe }] of listings) {
      const now = (dataOf(await call(service, 'videosite/channel/videos', { handle })).videos as Rec[]).map((v) => String(v.id));
      const posted = truth.filter((c) => c.kind === 'new-post' && c.listing === key).map((c) => c.itemId);
      const lastState = new Map<string, string>();
      for (const c of truth)
        if (['removed', 'private', 'restored'].includes(c.kind) && before.includes(c.itemId)) lastState.set(c.itemId, c.kind);
      const delisted = truth.filter((c) => c.kind === 'delisted' && c.listing === key).map((c) => c.itemId);
      expect(delisted.every((id) => before.includes(id))).toBe(true);
      const stillListed = before.filter((id) => (lastState.get(id) ?? 'restored') === 'restored');
      expect(now, handle).toEqual([...posted.reverse(), ...stillListed]);
      // Listed without includeExtras, a channel's videos show views only: no other count is truth.
      const listedOnly = before.filter((id) => id !== probe && !details.has(`videosite:${id}`));
      const counted = truth.filter((c) => c.kind === 'counts' && listedOnly.includes(c.itemId));
      expect(counted.length).toBeGreaterThan(0);
      expect(counted.every((c) => c.field === 'views' && c.operation === 'videosite/channel/videos')).toBe(true);
    }
  });

  it('puts every listing’s new items first and leaves its gone items out; a new item fetched by its URL is the same item', async () => {
    const service = await start('listings');
    const listingOps = OPERATIONS.filter((op) => OPERATION_SHAPES[op.id].lists && !op.id.endsWith('/trending'));
    const idsOf = (operation: (typeof listingOps)[number]['id'], data: Rec): string[] => {
      const shape = OPERATION_SHAPES[operation];
      return (shape.lists ?? []).flatMap((path) =>
        ((at(data, path) as Rec[] | undefined) ?? []).map((entry) =>
          String(at(shape.inEntry ? at(entry, shape.inEntry) : entry, shape.item.id)),
        ),
      );
    };
    const before = new Map<string, string[]>();
    for (const op of listingOps) before.set(op.id, idsOf(op.id, dataOf(await call(service, op.id, SAMPLE_PARAMS[op.id]))));
    service.control.advance(96);
    const truth = service.control.truth();
    for (const op of listingOps) {
      const now = dataOf(await call(service, op.id, SAMPLE_PARAMS[op.id]));
      const posted = truth.filter((c) => c.kind === 'new-post' && c.operation === op.id).map((c) => c.itemId);
      const delisted = new Set(truth.filter((c) => c.kind === 'delisted' && c.operation === op.id).map((c) => c.itemId));
      const restored = new Set(truth.filter((c) => c.kind === 'restored').map((c) => c.itemId));
      const kept = (before.get(op.id) ?? []).filter((id) => !delisted.has(id) || restored.has(id));
      expect(posted.length, op.id).toBeGreaterThan(0);
      expect(idsOf(op.id, now), op.id).toEqual([...posted.reverse(), ...kept]);
    }
    const sameItem = [
      ['tweetsite/user/tweets', 'tweetsite/transcript', ['legacy', 'full_text']],
      ['microblog/user/posts', 'microblog/post', ['post', 'record']],
      ['videosite/channel/videos', 'videosite/video', ['title']],
    ] as const;
    for (const [listing, detailsOp, path] of sameItem) {
      const fresh = truth.filter((c) => c.kind === 'new-post' && c.operation === listing).at(-1);
      const listed = (
        dataOf(await call(service, listing, SAMPLE_PARAMS[listing]))[OPERATION_SHAPES[listing].lists?.[0]?.[0] ?? ''] as Rec[]
      )[0];
      const single = dataOf(await call(service, detailsOp, { url: fresh?.url ?? '' }));
      expect(at(single, path), listing).toEqual(at(listed, path.slice(path[0] === 'post' ? 1 : 0)));
    }
  });

  it('a watcher fetching every item every hour sees exactly the changes the truth lists', async () => {
    const service = await start('hourly');
    const items: { key: string; operation: 'videosite/video' | 'shortvideo/video'; url: string }[] = [];
    for (const video of (dataOf(await call(service, 'videosite/search', { query: 'park' })).videos as Rec[]).slice(0, 12)) {
      items.push({ key: `videosite:${String(video.id)}`, operation: 'videosite/video', url: videoUrl(String(video.id)) });
    }
    for (const entry of (dataOf(await call(service, 'shortvideo/search', { query: 'park' })).search_item_list as Rec[]).slice(0, 12)) {
      const id = String(at(entry, ['aweme_info', 'aweme_id']));
      items.push({ key: `shortvideo:${id}`, operation: 'shortvideo/video', url: String(at(entry, ['aweme_info', 'share_url'])) });
    }
    const seen: string[] = [];
    const shown = new Map<string, Map<string, unknown>>();
    const gone = new Set<string>();
    const look = async (hour: number) => {
      for (const item of items) {
        const answer = await call(service, item.operation, { url: item.url });
        if (isGoneAnswer(answer)) {
          if (!gone.has(item.key) && shown.has(item.key)) seen.push(`${hour} ${item.key} gone`);
          gone.add(item.key);
          continue;
        }
        if (gone.delete(item.key)) seen.push(`${hour} ${item.key} back`);
        const now = new Map(
          Object.entries(FIELDS[item.operation] ?? {}).map(([field, paths]) => [field, at(dataOf(answer), paths[0] ?? [])]),
        );
        // A returning item is compared with what it last showed before it went.
        for (const [field, value] of now) {
          const before = shown.get(item.key)?.get(field);
          if (shown.has(item.key) && before !== value)
            seen.push(`${hour} ${item.key} ${field} ${JSON.stringify(before)} → ${JSON.stringify(value)}`);
        }
        shown.set(item.key, now);
      }
    };
    await look(0);
    for (let hour = 1; hour <= 96; hour++) {
      service.control.advance(1);
      await look(hour);
    }
    const keys = new Set(items.map((i) => i.key));
    const hourOf = (at: string): number => (Date.parse(at) - Date.parse('2025-06-01T12:00:00.000Z')) / 3_600_000;
    const told = service.control
      .truth()
      .filter((c) => keys.has(`${c.platform}:${c.itemId}`) && c.listing === undefined)
      .map((c) => {
        const key = `${hourOf(c.at)} ${c.platform}:${c.itemId}`;
        if (c.kind === 'removed' || c.kind === 'private') return `${key} gone`;
        if (c.kind === 'restored') return `${key} back`;
        return `${key} ${c.field ?? ''} ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`;
      });
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.some((line) => line.endsWith(' gone'))).toBe(true);
    expect([...seen].sort()).toEqual([...told].sort());
  }, 120_000); // 96 hours × 24 items over HTTP: seconds alone, more on a loaded 2-core machine

  it('lists a field’s changes only from the hour an answer first showed that field of the item', async () => {
    const service = await start('fields');
    const listed = (dataOf(await call(service, 'videosite/channel/videos', { handle: '@harbourwatch' })).videos as Rec[]).map((v) =>
      String(v.id),
    );
    service.control.advance(24);
    for (const id of listed) await call(service, 'videosite/video', { url: videoUrl(id) });
    service.control.advance(72);
    const changes = service.control.truth().filter((c) => listed.includes(c.itemId) && (c.kind === 'counts' || c.kind === 'edited'));
    const early = changes.filter((c) => c.at <= '2025-06-02T12:00:00.000Z');
    // The listing shows title and views; likes, comments, description and channel name come with the details.
    expect(early.every((c) => c.field === 'views' || c.field === 'title')).toBe(true);
    expect(early.length).toBeGreaterThan(0);
    expect(changes.some((c) => c.at > '2025-06-02T12:00:00.000Z' && c.field === 'likes')).toBe(true);
  });

  it('answers gone items in several shapes, and forgets everything on reset', async () => {
    const service = await start('gone-shapes');
    const urls: string[] = [];
    const before = new Map<string, unknown>();
    for (const query of ['one', 'two', 'three', 'four']) {
      for (const video of dataOf(await call(service, 'videosite/search', { query })).videos as Rec[]) urls.push(videoUrl(String(video.id)));
    }
    for (const url of urls) before.set(url, withoutRequestId((await call(service, 'videosite/video', { url })).json));
    service.control.advance(24 * 60);
    const goneUrls = new Set(
      service.control
        .truth()
        .filter((c) => c.kind === 'removed' || c.kind === 'private')
        .map((c) => c.url),
    );
    const shapes = new Set<string>();
    for (const url of goneUrls) {
      const answer = await call(service, 'videosite/video', { url });
      if (!isGoneAnswer(answer)) continue;
      const body = answer.json as Rec;
      shapes.add(answer.status !== 200 ? String(answer.status) : body.success === false ? 'success-false' : 'empty-record');
    }
    expect(shapes.size).toBeGreaterThanOrEqual(3);

    service.control.reset();
    expect(service.control.truth()).toEqual([]);
    for (const url of urls) expect(withoutRequestId((await call(service, 'videosite/video', { url })).json)).toEqual(before.get(url));
  });
});
