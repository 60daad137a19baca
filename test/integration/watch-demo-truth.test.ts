/**
 * Watches against the demo's truth (issue 30): items and accounts watched, the demo's clock moved
 * forward in steps, every watch run after each step; every edit, new post, removal and return the
 * demo made to watched things is noticed, and nothing is reported that did not happen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoTruthChange } from '../../src/main/demo/types';
import type { WatchChange } from '../../src/shared/watch';
import { demoWatchDesk } from '../helpers/watch-sim';

// An hour a step: each item draws at most one event an hour, so what a run sees is what happened.
const STEP_HOURS = 1;
const STEPS = 24;

let desk: Awaited<ReturnType<typeof demoWatchDesk>>;

beforeAll(async () => {
  desk = await demoWatchDesk('watch-truth', 'team');
  await desk.call('settings.set', { key: 'watch.cap-share', value: '1' });
}, 60_000);

afterAll(() => desk?.close());

const call = (method: string, input: unknown) => desk.call(method, input);
const fetchNow = (operation: string, params: Record<string, string>) => desk.fetchNow(operation, params);
/** Runs every watch once and returns the changes it noticed. */
const runAll = async (): Promise<WatchChange[]> => (await desk.runWatches({ all: true })).changes;

describe('watches against the demo’s truth', () => {
  it('notices every edit, new post and removal of watched things, and invents none', async () => {
    const searchItems = await fetchNow('videosite/search', { query: 'flood defences' });
    const itemIds = searchItems.slice(0, 12);
    for (const itemId of itemIds) await call('watch.add', { target: { kind: 'item', itemId }, interval: '1h' });
    const accounts = [
      { operation: 'videosite/channel/videos', params: { handle: '@newsroom' } },
      { operation: 'microblog/user/posts', params: { handle: 'newsroom.bsky.social' } },
      { operation: 'tweetsite/user/tweets', params: { handle: 'newsroom' } },
    ];
    for (const account of accounts) await call('watch.add', { target: { kind: 'operation', ...account }, interval: '1h' });
    const announced: { unread: number; added: number }[] = [];
    desk.testCore.core.events.subscribe((event, payload) => {
      if (event === 'watch.changed') announced.push(payload as { unread: number; added: number });
    });
    // The first run is the baseline: nothing is new yet.
    expect(await runAll()).toEqual([]);

    const db = desk.testCore.core.context.db;
    const keyOf = new Map(
      (
        db.prepare('SELECT id, platform, native_id AS nativeId FROM items').all() as { id: number; platform: string; nativeId: string }[]
      ).map((row) => [row.id, `${row.platform} ${row.nativeId}`]),
    );
    const watchedItems = new Set(itemIds.map((id) => keyOf.get(id)!));
    const watchedListings = new Set(accounts.map((account) => account.operation));
    const noticed: string[] = [];
    const happened: string[] = [];
    for (let step = 0; step < STEPS; step += 1) {
      const members = new Set(
        (
          db.prepare('SELECT i.platform, i.native_id AS nativeId FROM watch_members m JOIN items i ON i.id = m.item_id').all() as {
            platform: string;
            nativeId: string;
          }[]
        ).map((row) => `${row.platform} ${row.nativeId}`),
      );
      const truthBefore = desk.demo.control.truth().length;
      desk.demo.control.advance(STEP_HOURS);
      const changes = await runAll();
      for (const row of db.prepare('SELECT id, platform, native_id AS nativeId FROM items').all() as {
        id: number;
        platform: string;
        nativeId: string;
      }[])
        keyOf.set(row.id, `${row.platform} ${row.nativeId}`);
      for (const change of changes) {
        if (change.change !== 'counts')
          noticed.push(`${step}: ${keyOf.get(change.itemId!)} ${change.change}${change.field ? ` ${change.field}` : ''}`);
      }
      const truth = desk.demo.control.truth().slice(truthBefore);
      const posted = new Set(
        truth.filter((t) => t.kind === 'new-post' && watchedListings.has(t.operation)).map((t) => `${t.platform} ${t.itemId}`),
      );
      for (const t of truth) {
        const expected = expectedChange(t, { watchedItems, watchedListings, members, posted });
        if (expected) happened.push(`${step}: ${t.platform} ${t.itemId} ${expected}`);
      }
    }
    expect(happened.length).toBeGreaterThan(10);
    // The window hears of each run that stored changes, with the unread count to show.
    expect(announced.length).toBeGreaterThan(0);
    expect(announced.at(-1)!.unread).toBe(((await call('watch.changes', { limit: 1 })) as { unread: number }).unread);
    expect(noticed.sort()).toEqual(happened.sort());
  }, 240_000);
});

/** What a watch should report for a change the demo made, or null where nothing watched shows it. */
function expectedChange(
  t: DemoTruthChange,
  seen: { watchedItems: Set<string>; watchedListings: Set<string>; members: Set<string>; posted: Set<string> },
): string | null {
  const key = `${t.platform} ${t.itemId}`;
  const watchedItem = seen.watchedItems.has(key);
  const listed = seen.members.has(key) || seen.posted.has(key);
  switch (t.kind) {
    case 'counts':
      return null;
    case 'new-post':
      return seen.watchedListings.has(t.operation) ? 'new' : null;
    case 'delisted':
      return seen.watchedListings.has(t.operation) && seen.members.has(key) ? 'no-longer-listed' : null;
    case 'edited':
      return watchedItem || listed ? `edited ${t.field}` : null;
    case 'removed':
    case 'private':
      return watchedItem ? 'unavailable' : null;
    case 'restored':
      return watchedItem ? 'available-again' : null;
  }
}
