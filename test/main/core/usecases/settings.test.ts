import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoreContext } from '../../../../src/main/core/context';
import { addLinkHosts, changeSetting, removeLinkHost, resetSetting, settingsSnapshot } from '../../../../src/main/core/usecases/settings';
import { PLAN_LIMITS } from '../../../../src/shared/plans';
import { createTestCore, type TestCore } from '../../../helpers/core';

let testCore: TestCore;
let ctx: CoreContext;
beforeEach(() => {
  testCore = createTestCore();
  ctx = testCore.core.context;
});
afterEach(() => testCore.dispose());

/** The context with the queue's reactions to a change recorded. */
function watchingQueue() {
  const poke = vi.fn();
  const onServiceChanged = vi.fn();
  return { poke, onServiceChanged, ctx: { ...ctx, queue: { ...ctx.queue, poke, onServiceChanged } } };
}

describe('settingsSnapshot', () => {
  it('starts on the demo service with the starter plan’s limits', () => {
    expect(settingsSnapshot(ctx)).toMatchObject({
      baseUrl: 'demo',
      isDemo: true,
      plan: 'starter',
      limits: PLAN_LIMITS.starter,
      config: { 'base-url': 'demo', plan: 'starter', 'limits.per-minute': 30 },
    });
  });
});

describe('changeSetting / resetSetting', () => {
  it('saves a setting, answers with the snapshot that follows, and wakes the queue to apply it', () => {
    const watched = watchingQueue();
    expect(changeSetting(watched.ctx, 'plan', 'pro')).toMatchObject({ plan: 'pro', limits: PLAN_LIMITS.pro });
    expect(watched.poke).toHaveBeenCalledTimes(1);
    expect(watched.onServiceChanged).not.toHaveBeenCalled();
    expect(settingsSnapshot(ctx).plan).toBe('pro');

    expect(resetSetting(watched.ctx, 'plan')).toMatchObject({ plan: 'starter', limits: PLAN_LIMITS.starter });
    expect(watched.poke).toHaveBeenCalledTimes(2);
  });

  it('tells the queue of a new service on a base URL change, set or reset', () => {
    const watched = watchingQueue();
    expect(changeSetting(watched.ctx, 'base-url', 'https://api.example.com')).toMatchObject({
      baseUrl: 'https://api.example.com',
      isDemo: false,
    });
    expect(watched.onServiceChanged).toHaveBeenCalledTimes(1);
    expect(resetSetting(watched.ctx, 'base-url')).toMatchObject({ baseUrl: 'demo', isDemo: true });
    expect(watched.onServiceChanged).toHaveBeenCalledTimes(2);
  });

  it('lifts a pause that held the token back from the old service once the base URL changes, and only then', () => {
    ctx.queue.pause('TOKEN_ELSEWHERE');
    changeSetting(ctx, 'limits.per-minute', '5');
    expect(ctx.queue.status().paused).toMatchObject({ reason: 'TOKEN_ELSEWHERE' });
    changeSetting(ctx, 'base-url', 'https://api.example.com');
    expect(ctx.queue.status().paused).toBeNull();
  });

  it('refuses an unknown key or a bad value, saving nothing', () => {
    const before = settingsSnapshot(ctx);
    expect(() => changeSetting(ctx, 'no.such.key', '1')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => changeSetting(ctx, 'limits.per-minute', 'many')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(settingsSnapshot(ctx)).toEqual(before);
  });
});

describe('addLinkHosts / removeLinkHost', () => {
  it('adds hosts to a platform’s list and takes one out, keeping the rest', () => {
    expect(addLinkHosts(ctx, 'videosite', 'video.example.org, tube.example.net').config).toMatchObject({
      'hosts.videosite': expect.stringMatching(/video\.example\.org.*tube\.example\.net/),
    });
    const after = removeLinkHost(ctx, 'videosite', 'video.example.org').config['hosts.videosite'];
    expect(after).toContain('tube.example.net');
    expect(after).not.toContain('video.example.org');
  });
});
