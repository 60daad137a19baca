import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreContext } from '../../../../src/main/core/context';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { setConfig } from '../../../../src/main/core/settings/service-settings';
import { getExactDates } from '../../../../src/main/core/usecases/exact-dates';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let testCore: TestCore;
let ctx: CoreContext;
let ids: { approximate: number; alsoApproximate: number; exact: number; channel: number };
beforeEach(() => {
  testCore = createTestCore();
  ctx = testCore.core.context;
  // Nothing is sent: what is queued stays in the queue to be looked at.
  ctx.queue.pause('user');
  const stored = createIngester(
    ctx.db,
    stubNormalise,
  )(
    fakeResponse('videosite/search', {
      items: [
        item({ nativeId: 'dQw4w9WgXcQ', publishedText: '1 year ago' }),
        item({ nativeId: 'kJQP7kiw5Fk', publishedText: '3 weeks ago' }),
        item({ nativeId: '9bZkp7q19f0', publishedAt: '2024-03-04T10:00:00.000Z' }),
        item({ nativeId: 'UC1', kind: 'channel', url: 'https://www.youtube.com/channel/UC1', publishedText: '2 years ago' }),
      ],
    }),
  ).itemIds;
  const [approximate, alsoApproximate, exact, channel] = stored as [number, number, number, number];
  ids = { approximate, alsoApproximate, exact, channel };
});
afterEach(() => testCore.dispose());

describe('Get exact dates', () => {
  it('plans the details operation for the approximately dated items only, and says why the others are left', () => {
    const planned = getExactDates(ctx, { itemIds: [ids.approximate, ids.exact, ids.channel, ids.alsoApproximate], dryRun: true });
    expect(planned.batchId).toBeNull();
    expect(planned.itemIds).toEqual([ids.approximate, ids.alsoApproximate]);
    expect(planned.skipped).toEqual([
      { itemId: ids.exact, reason: 'Its date is exact already.' },
      { itemId: ids.channel, reason: 'No operation fetches this item’s details by its link.' },
    ]);
    expect(planned.plan.quota.requests).toBe(2);
    expect(planned.plan.lines.map((line) => line.operation)).toEqual(['videosite/video', 'videosite/video']);
    expect(ctx.queue.status().counts.queued).toBe(0);
  });

  it('queues the planned requests as one batch, and a second ask joins those still waiting', () => {
    const started = getExactDates(ctx, { itemIds: [ids.approximate, ids.alsoApproximate] });
    expect(started.batchId).toEqual(expect.any(Number));
    expect(ctx.queue.jobs({ batchId: started.batchId! }).map((job) => job.params.url)).toEqual(
      expect.arrayContaining(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=kJQP7kiw5Fk']),
    );
    const again = getExactDates(ctx, { itemIds: [ids.approximate] });
    expect(again).toMatchObject({ batchId: null, plan: { counts: { 'already-queued': 1 } } });
    expect(ctx.queue.status().counts.queued).toBe(2);
  });

  it('refuses, without queueing, what does not fit today’s budget unless it may carry over', () => {
    setConfig(ctx.settings, 'limits.per-day', '1');
    expect(() => getExactDates(ctx, { itemIds: [ids.approximate, ids.alsoApproximate] })).toThrow(
      expect.objectContaining({ code: 'BUDGET_EXCEEDED' }),
    );
    expect(ctx.queue.status().counts.queued).toBe(0);
    expect(getExactDates(ctx, { itemIds: [ids.approximate, ids.alsoApproximate], carryOver: true }).batchId).toEqual(expect.any(Number));
  });

  it('answers an unknown item with NOT_FOUND and no list at all with INVALID_INPUT, through the bridge', async () => {
    const unknown = await testCore.core.dispatch('items.exactDates', { itemIds: [ids.approximate, 999] });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const empty = await testCore.core.dispatch('items.exactDates', { itemIds: [] });
    expect(empty).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(ctx.queue.status().counts.queued).toBe(0);
  });
});
