/**
 * Issue 28.11: an error in the item detail goes once the queue recovers, and every transcript hit
 * asks the transcript to scroll its line into view (a new hit count), even in the item already open.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueStatus } from '../../src/shared/queue';

const calls = vi.hoisted(() => ({ itemsGet: 0, failing: true }));
vi.mock('../../src/renderer/src/transport', () => ({
  bridge: {
    call: async (method: string, input: { id?: number }) => {
      if (method !== 'items.get') return {};
      calls.itemsGet += 1;
      if (calls.failing) throw Object.assign(new Error('The library is busy.'), { code: 'STORAGE_ERROR' });
      return { item: { id: input.id }, notes: [], tags: [], transcripts: [], metricsHistory: [], provenance: [] };
    },
    subscribe: () => () => {},
  },
}));

const { useItemStore } = await import('../../src/renderer/src/stores/item-store');
const { useActivityStore } = await import('../../src/renderer/src/stores/activity-store');
const { onQueueRecovered } = await import('../../src/renderer/src/stores/queue-recovery');

const status = (paused: QueueStatus['paused']) => ({ paused }) as QueueStatus;

beforeEach(() => {
  useItemStore.getState().open(null);
  useActivityStore.setState({ status: status(null) });
  calls.failing = true;
});

describe('the queue’s recovery', () => {
  it('is heard once when a paused queue runs again, not on every status', () => {
    const heard = vi.fn();
    const off = onQueueRecovered(heard);
    useActivityStore.setState({ status: status(null) });
    expect(heard).not.toHaveBeenCalled();
    useActivityStore.setState({ status: status({ reason: 'TOKEN_REJECTED', message: 'The token was refused.' }) });
    useActivityStore.setState({ status: null });
    expect(heard).not.toHaveBeenCalled();
    useActivityStore.setState({ status: status(null) });
    useActivityStore.setState({ status: status(null) });
    expect(heard).toHaveBeenCalledTimes(1);
    off();
  });

  it('clears the item detail’s error by opening the item again', async () => {
    useActivityStore.setState({ status: status({ reason: 'user', message: '' }) });
    useItemStore.getState().open(7);
    await vi.waitFor(() => expect(useItemStore.getState().error).not.toBeNull());
    calls.failing = false;
    useActivityStore.setState({ status: status(null) });
    await vi.waitFor(() => expect(useItemStore.getState().error).toBeNull());
    expect(useItemStore.getState().detail?.item.id).toBe(7);
  });
});

describe('transcript hits', () => {
  it('count every hit, the same moment again and a hit in the item already open', () => {
    const store = useItemStore.getState();
    const before = useItemStore.getState().focusSeq;
    store.open(3, { ms: 42_000, language: 'en' });
    store.open(3, { ms: 42_000, language: 'en' });
    store.open(3, { ms: 90_000, language: 'en' });
    expect(useItemStore.getState().focusSeq).toBe(before + 3);
    expect(useItemStore.getState().focusMs).toBe(90_000);
    // Opening without a hit is no hit.
    store.open(4);
    expect(useItemStore.getState().focusSeq).toBe(before + 3);
  });
});
