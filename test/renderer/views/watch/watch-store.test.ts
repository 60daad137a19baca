/**
 * The watch store against a stand-in bridge: the `watch.changed` event sets the sidebar's count,
 * reloads the timeline only while the Watch view shows, and reloads the open item when a run
 * noticed something; marking read updates the rows and the watches' counts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const bridge = vi.hoisted(() => ({
  calls: [] as { method: string; input: unknown }[],
  listeners: new Map<string, (payload: unknown) => void>(),
  answers: new Map<string, unknown>(),
}));

vi.mock('../../../../src/renderer/src/transport', () => ({
  bridge: {
    call: async (method: string, input: unknown) => {
      bridge.calls.push({ method, input });
      return bridge.answers.get(method) ?? {};
    },
    subscribe: (event: string, listener: (payload: unknown) => void) => {
      bridge.listeners.set(event, listener);
      return () => bridge.listeners.delete(event);
    },
  },
}));

const { followWatchChanges, useWatchStore } = await import('../../../../src/renderer/src/stores/watch-store');
const { useItemStore } = await import('../../../../src/renderer/src/stores/item-store');

const change = (id: number, read = false) => ({
  id,
  watchId: 1,
  itemId: null,
  change: 'new' as const,
  field: null,
  before: null,
  after: null,
  requestId: 'r',
  sha256: null,
  at: '2026-01-01T00:00:00Z',
  words: null,
  read,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const called = (method: string) => bridge.calls.filter((c) => c.method === method);

beforeEach(() => {
  bridge.calls.length = 0;
  bridge.answers.set('watch.changes', { changes: [change(1), change(2)], total: 2, unread: 2 });
  bridge.answers.set('watch.list', { watches: [], cost: { allWatchesPerDay: 0, cap: 250, dailyBudget: 1000 } });
  bridge.answers.set('watch.markRead', { unread: 1 });
  useWatchStore.setState({ shown: false, unread: 0, changes: [] });
});

describe('the watch store', () => {
  it('takes the unread count from the event, and reloads the timeline only while the view shows', async () => {
    const stop = followWatchChanges();
    await settle();
    expect(called('watch.changes')[0]!.input).toEqual({ limit: 1, unreadOnly: true });
    bridge.calls.length = 0;

    bridge.listeners.get('watch.changed')!({ unread: 7, added: 0 });
    await settle();
    expect(useWatchStore.getState().unread).toBe(7);
    expect(called('watch.changes')).toHaveLength(0);

    useWatchStore.getState().setShown(true);
    bridge.listeners.get('watch.changed')!({ unread: 2, added: 0 });
    await settle();
    expect(called('watch.changes')).toHaveLength(1);
    expect(called('watch.list')).toHaveLength(1);
    expect(useWatchStore.getState().changes.map((c) => c.id)).toEqual([1, 2]);
    stop();
  });

  it('reloads the open item when a run noticed something', async () => {
    const stop = followWatchChanges();
    const reload = vi.fn(async () => {});
    useItemStore.setState({ openId: 5, reload });
    bridge.listeners.get('watch.changed')!({ unread: 1, added: 0 });
    expect(reload).not.toHaveBeenCalled();
    bridge.listeners.get('watch.changed')!({ unread: 2, added: 1 });
    expect(reload).toHaveBeenCalledTimes(1);
    useItemStore.setState({ openId: null });
    stop();
  });

  it('marks changes read in place, with the count the core answers, and reads the watches again', async () => {
    await useWatchStore.getState().loadChanges();
    await useWatchStore.getState().markRead({ ids: [1] });
    expect(called('watch.markRead')[0]!.input).toEqual({ ids: [1] });
    expect(useWatchStore.getState().unread).toBe(1);
    expect(useWatchStore.getState().changes.map((c) => c.read)).toEqual([true, false]);
    expect(called('watch.list')).toHaveLength(1);
  });

  it('asks for a kind’s changes among the newest and pages through them here', async () => {
    useWatchStore.getState().setFilter({ kind: 'new', watchId: 3 });
    await settle();
    expect(called('watch.changes').at(-1)!.input).toEqual({ limit: 1000, offset: 0, watchId: 3 });
    useWatchStore.getState().setFilter({ kind: null, watchId: null });
  });

  it('says why nothing was queued: nothing due, or paused and past today’s watch cap', async () => {
    bridge.answers.set('watch.run', { queued: 0, watchIds: [] });
    await useWatchStore.getState().runDue();
    expect(useWatchStore.getState().message?.text).toBe('No watch is due now.');
    await useWatchStore.getState().runDue(true);
    expect(called('watch.run').at(-1)!.input).toEqual({ all: true });
    expect(useWatchStore.getState().message?.text).toBe('No watch was queued: they are paused, or today’s watch cap is used up.');
    bridge.answers.set('watch.run', { queued: 2, watchIds: [1, 2] });
    await useWatchStore.getState().runDue(true);
    expect(useWatchStore.getState().message?.text).toMatch(/^Queued 2 watches; /);
  });
});
