import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withEnvironmentOverride } from '../../../../src/main/core/secrets/env-store';
import { createMemorySecretStore } from '../../../../src/main/core/secrets/secret-store';
import type { ConfirmTokenOrigin, TokenOriginQuestion } from '../../../../src/main/core/secrets/confirm-token-origin';
import { createTerminalCodeConfirmation } from '../../../../src/main/hosts/browser/token-code';
import { createTestCore, type TestCore } from '../../../helpers/core';

let testCore: TestCore | undefined;
afterEach(async () => testCore?.dispose());
const realFetch = globalThis.fetch.bind(globalThis);

describe('service.call', () => {
  it('runs an operation on the built-in demo service, stores it, and adds it to a collection', async () => {
    testCore = createTestCore({ fetch: realFetch });
    const envelope = await testCore.core.dispatch('service.call', {
      operation: 'videosite/search',
      params: { query: 'flood' },
      collection: 'Floods',
    });
    expect(envelope.ok).toBe(true);
    const value = (envelope as { value: { requestId: string; itemIds: number[]; nextPage: unknown } }).value;
    expect(value.requestId).toMatch(/^req_/);
    expect(value.itemIds.length).toBeGreaterThan(0);
    expect(value.nextPage).toEqual({ continuationToken: expect.any(String) });
    const items = await testCore.core.dispatch('collections.items', { name: 'Floods' });
    expect((items as { value: { items: unknown[] } }).value.items).toHaveLength(value.itemIds.length);
  });

  it('cancels a call by the ticket it was made with, while it waits for the plan’s next slot', async () => {
    testCore = createTestCore({ fetch: realFetch });
    await testCore.core.dispatch('settings.set', { key: 'limits.per-minute', value: '1' });
    expect(await testCore.core.dispatch('service.call', { operation: 'videosite/trending', params: {} })).toMatchObject({
      ok: true,
      value: { state: 'done' },
    });
    // The minute's one request is spent: this call waits in the queue.
    const waiting = testCore.core.dispatch('service.call', {
      operation: 'videosite/search',
      params: { query: 'harbour' },
      ticket: 'fetch-view-ticket-1',
    });
    expect(await testCore.core.dispatch('service.cancel', { ticket: 'unknown-ticket' })).toEqual({ ok: true, value: { cancelled: 0 } });
    expect(await testCore.core.dispatch('service.cancel', { ticket: 'fetch-view-ticket-1' })).toEqual({
      ok: true,
      value: { cancelled: 1 },
    });
    expect(await waiting).toMatchObject({ ok: true, value: { state: 'cancelled', itemIds: [], spent: false } });
    // Ended: the ticket cancels nothing more.
    expect(await testCore.core.dispatch('service.cancel', { ticket: 'fetch-view-ticket-1' })).toEqual({
      ok: true,
      value: { cancelled: 0 },
    });
  });

  it('follows a call again by its ticket, as a reloaded window does, while it waits and after it ended', async () => {
    testCore = createTestCore({ fetch: realFetch });
    const done = await testCore.core.dispatch('service.call', {
      operation: 'videosite/trending',
      params: {},
      ticket: 'fetch-view-ticket-3',
    });
    expect(done).toMatchObject({ ok: true, value: { state: 'done' } });
    // Ended: its outcome is still there for a window that reloaded before it came.
    expect(await testCore.core.dispatch('service.follow', { ticket: 'fetch-view-ticket-3' })).toEqual(done);
    // A ticket is one call's: used again, it is refused before anything is queued.
    expect(
      await testCore.core.dispatch('service.call', { operation: 'videosite/trending', params: {}, ticket: 'fetch-view-ticket-3' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/ticket was used for another call/) },
    });
    expect(await testCore.core.dispatch('queue.status', {})).toMatchObject({ ok: true, value: { counts: { done: 1, queued: 0 } } });

    // While a call waits for the plan's next slot, a second waiter gets the same outcome as the first.
    await testCore.core.dispatch('settings.set', { key: 'limits.per-minute', value: '1' });
    const first = testCore.core.dispatch('service.call', {
      operation: 'videosite/search',
      params: { query: 'harbour' },
      ticket: 'fetch-view-ticket-4',
    });
    const again = testCore.core.dispatch('service.follow', { ticket: 'fetch-view-ticket-4' });
    expect(await testCore.core.dispatch('service.cancel', { ticket: 'fetch-view-ticket-4' })).toEqual({
      ok: true,
      value: { cancelled: 1 },
    });
    expect(await again).toEqual(await first);
    expect(await again).toMatchObject({ ok: true, value: { state: 'cancelled', spent: false } });

    // A ticket no call was made with (its request never reached the queue) is answered with null, at no cost.
    expect(await testCore.core.dispatch('service.follow', { ticket: 'from-before-a-restart' })).toEqual({ ok: true, value: null });
  });

  it('follows and cancels, after a restart, a call an earlier Gleaner was making, which this one sends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-follow-'));
    try {
      const before = createTestCore({ dataDir: dir, fetch: realFetch });
      await before.core.dispatch('settings.set', { key: 'limits.per-minute', value: '1' });
      expect(await before.core.dispatch('service.call', { operation: 'videosite/trending', params: {} })).toMatchObject({
        ok: true,
        value: { state: 'done' },
      });
      // Two Runs wait for the plan's next slot when Gleaner quits (the windows that made them are gone with it).
      before.core.context.queue.enqueue({
        kind: 'call',
        label: 'videosite/search',
        ticket: 'ticket-before-restart-1',
        jobs: [{ operation: 'videosite/search', params: { query: 'harbour' } }],
      });
      before.core.context.queue.enqueue({
        kind: 'call',
        label: 'videosite/search',
        ticket: 'ticket-before-restart-2',
        jobs: [{ operation: 'videosite/search', params: { query: 'flood' } }],
      });
      await before.core.close();

      testCore = createTestCore({ dataDir: dir, fetch: realFetch });
      const { core } = testCore;
      expect(await core.dispatch('service.cancel', { ticket: 'ticket-before-restart-2' })).toEqual({ ok: true, value: { cancelled: 1 } });
      expect(await core.dispatch('service.follow', { ticket: 'ticket-before-restart-2' })).toMatchObject({
        ok: true,
        value: { state: 'cancelled', spent: false, itemIds: [] },
      });
      await core.dispatch('settings.set', { key: 'limits.per-minute', value: '30' });
      const followed = await core.dispatch('service.follow', { ticket: 'ticket-before-restart-1' });
      expect(followed).toMatchObject({
        ok: true,
        value: { state: 'done', operation: 'videosite/search', params: { query: 'harbour' }, requestId: expect.stringMatching(/^req_/) },
      });
      expect(followed.ok && (followed.value as { itemIds: number[] }).itemIds.length).toBeGreaterThan(0);
      // Sent once: the trending call before the restart, the followed search after it.
      expect(await core.dispatch('queue.status', {})).toMatchObject({ ok: true, value: { counts: { done: 2, cancelled: 1, queued: 0 } } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says a call cancelled while its request was on its way spent that request', async () => {
    let started!: () => void;
    const sent = new Promise<void>((resolve) => (started = resolve));
    testCore = createTestCore({
      secretStore: createMemorySecretStore('tok_inflight_0123456789'),
      // The service takes its time: the request is out when the user cancels.
      fetch: (_url, init) =>
        new Promise<Response>((_, reject) => {
          started();
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')));
        }),
    });
    await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'https://api.example.com' });
    const call = testCore.core.dispatch('service.call', { operation: 'videosite/trending', params: {}, ticket: 'fetch-view-ticket-2' });
    await sent;
    expect(await testCore.core.dispatch('service.cancel', { ticket: 'fetch-view-ticket-2' })).toEqual({
      ok: true,
      value: { cancelled: 1 },
    });
    expect(await call).toMatchObject({ ok: true, value: { state: 'cancelled', itemIds: [], spent: true } });
  });

  it.each([
    [{ operation: 'videosite/nothing', params: {} }, /operation/],
    [{ operation: 'videosite/search', params: { query: { nested: true } } }, /params/],
    [{ operation: 'videosite/search', params: {}, extra: 1 }, /extra/],
    [{ operation: 'forum/subreddit/search', params: { subreddit: 'r/news' } }, /without r\//],
    // Links and handles Paste would refuse too: a playlist, a channel where one video is asked for, a handle written as a link.
    [{ operation: 'videosite/video', params: { url: 'https://www.youtube.com/playlist?list=PL123' } }, /playlist/],
    [
      { operation: 'videosite/video', params: { url: 'https://www.youtube.com/@somechannel' } },
      /link to a channel, but videosite\/video fetches a single item/,
    ],
    [{ operation: 'tweetsite/user/tweets', params: { handle: 'x.com/jack' } }, /give the handle, not a link/],
  ])('rejects %j as INVALID_INPUT before any request', async (input, message) => {
    let requests = 0;
    testCore = createTestCore({
      fetch: async () => {
        requests += 1;
        throw new Error('must not be called');
      },
    });
    const envelope = await testCore.core.dispatch('service.call', input);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(!envelope.ok && envelope.error.message).toMatch(message);
    expect(requests).toBe(0);
  });

  it('pauses the queue with TOKEN_MISSING on the real service without a token, and resumes when one is saved', async () => {
    testCore = createTestCore({ secretStore: createMemorySecretStore() });
    await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'https://api.example.com' });
    const envelope = await testCore.core.dispatch('service.call', { operation: 'videosite/trending', params: {} });
    expect(envelope).toMatchObject({ ok: true, value: { state: 'paused', error: { code: 'TOKEN_MISSING' } } });
    // The view said so and stopped waiting: its request is out of the queue, not sent later unseen (nor twice when run again).
    expect(await testCore.core.dispatch('queue.status', {})).toMatchObject({
      ok: true,
      value: { paused: { reason: 'TOKEN_MISSING' }, counts: { queued: 0, cancelled: 1 } },
    });
    await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'demo' });
    await testCore.core.dispatch('token.set', { token: 'tok_any_new_token_123' });
    expect(await testCore.core.dispatch('queue.status', {})).toMatchObject({
      ok: true,
      value: { paused: null, counts: { queued: 0, done: 0 } },
    });
  });
});

describe('settings.get / settings.set / settings.unset', () => {
  it('reads the defaults, stores checked values and forgets them', async () => {
    testCore = createTestCore();
    expect(await testCore.core.dispatch('settings.get', {})).toMatchObject({
      ok: true,
      value: { baseUrl: 'demo', isDemo: true, plan: 'starter', limits: { perMinute: 30, perDay: 1000 } },
    });
    expect(await testCore.core.dispatch('settings.set', { key: 'plan', value: 'team' })).toMatchObject({
      ok: true,
      value: { plan: 'team', limits: { perMinute: 120, perDay: 20000 } },
    });
    expect(await testCore.core.dispatch('settings.set', { key: 'plan', value: 'gold' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await testCore.core.dispatch('settings.unset', { key: 'plan' })).toMatchObject({ ok: true, value: { plan: 'starter' } });
    expect(await testCore.core.dispatch('settings.set', { key: 'plan' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('recognises links on the extra hosts a user adds for a platform', async () => {
    testCore = createTestCore();
    const link = 'https://tube.example.org/watch?v=dQw4w9WgXcQ';
    const plan = async () =>
      ((await testCore!.core.dispatch('import.plan', { text: link })) as { ok: true; value: { lines: { status: string }[] } }).value
        .lines[0];
    expect(await plan()).toMatchObject({ status: 'rejected' });
    expect(await testCore.core.dispatch('settings.set', { key: 'hosts.videosite', value: 'tube.example.org' })).toMatchObject({
      ok: true,
      value: { config: { 'hosts.videosite': 'tube.example.org' } },
    });
    expect(await plan()).toMatchObject({ status: 'fetch', operation: 'videosite/video' });
  });

  it('refuses a link on a host no platform has, at no cost, until it is added under Link hosts', async () => {
    let requests = 0;
    testCore = createTestCore({
      fetch: (input, init) => {
        requests += 1;
        return realFetch(input, init);
      },
    });
    const call = () =>
      testCore!.core.dispatch('service.call', {
        operation: 'videosite/video',
        params: { url: 'https://tube.example.org/watch?v=dQw4w9WgXcQ' },
      });
    expect(await call()).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringMatching(
          /“tube\.example\.org” is not an address Gleaner knows for YouTube.*config set hosts\.videosite` sets/,
        ),
      },
    });
    expect(requests).toBe(0);
    await testCore.core.dispatch('settings.set', { key: 'hosts.videosite', value: 'tube.example.org' });
    expect(await call()).toMatchObject({ ok: true, value: { state: 'done' } });
    expect(requests).toBe(1);
    // A host added for another platform is that platform's, not this operation's.
    await testCore.core.dispatch('settings.set', { key: 'hosts.forum', value: 'board.example.org' });
    expect(
      await testCore.core.dispatch('service.call', {
        operation: 'videosite/video',
        params: { url: 'https://board.example.org/r/x/comments/abc/' },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/from Reddit, but videosite\/video fetches YouTube links/),
      },
    });
    expect(requests).toBe(1);
  });

  it('adds and removes link hosts one change at a time, keeping hosts saved meanwhile', async () => {
    testCore = createTestCore();
    await testCore.core.dispatch('settings.set', { key: 'hosts.forum', value: 'cli.example.org' });
    expect(await testCore.core.dispatch('settings.addHosts', { platform: 'forum', hosts: 'view.example.org' })).toMatchObject({
      ok: true,
      value: { config: { 'hosts.forum': 'cli.example.org,view.example.org' } },
    });
    expect(await testCore.core.dispatch('settings.addHosts', { platform: 'forum', hosts: 'youtube.com' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/usual host of YouTube/) },
    });
    expect(await testCore.core.dispatch('settings.addHosts', { platform: 'myspace', hosts: 'a.example.org' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await testCore.core.dispatch('settings.removeHost', { platform: 'forum', host: 'cli.example.org' })).toMatchObject({
      ok: true,
      value: { config: { 'hosts.forum': 'view.example.org' } },
    });
  });

  it('plans an import at the pace the queue keeps while colleagues share the budget', async () => {
    // A queue that met colleagues' 429s a minute ago remembers the share of the plan it takes (here half of Starter's).
    const earlier = createTestCore();
    const aMinuteAgo = earlier.core.context.clock.now() - 60_000;
    earlier.core.context.db
      .prepare("INSERT OR REPLACE INTO queue_state (key, value) VALUES ('share', ?)")
      .run(JSON.stringify({ share: 0.5, ceiling: 0.5, successes: 0, changedAt: aMinuteAgo }));
    await earlier.core.close();
    testCore = createTestCore({ dataDir: earlier.dataDir });
    const planned = await testCore.core.dispatch('import.plan', { text: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(planned).toMatchObject({
      ok: true,
      value: { quota: { requests: 1, share: 0.5, limits: { perMinute: 15, perDay: 500 }, remainingToday: 500 } },
    });
  });
});

describe('token.status / token.set / token.clear', () => {
  it('stores the token, reports where, and never returns it', async () => {
    const token = 'tok_bridge_secret_0123456789';
    testCore = createTestCore({ secretStore: createMemorySecretStore() });
    expect(await testCore.core.dispatch('token.status', {})).toMatchObject({ ok: true, value: { stored: false } });
    const saved = await testCore.core.dispatch('token.set', { token });
    expect(saved).toMatchObject({ ok: true, value: { stored: true, location: expect.any(String) } });
    expect(JSON.stringify(saved)).not.toContain(token);
    expect(await testCore.core.dispatch('token.clear', {})).toMatchObject({ ok: true, value: { stored: false } });
  });

  it('binds a token to the address requests go to, and sends it nowhere else until it is allowed there', async () => {
    const token = 'tok_bound_secret_0123456789';
    const sent: string[] = [];
    const store = createMemorySecretStore();
    const asked: TokenOriginQuestion[] = [];
    testCore = createTestCore({
      secretStore: store,
      confirmTokenOrigin: async (question) => {
        asked.push(question);
        return { kind: 'allowed' };
      },
      fetch: async (url, init) => {
        sent.push(`${String(url)} ${new Headers(init?.headers).get('authorization') ?? ''}`);
        return new Response(
          JSON.stringify({
            success: true,
            data: { videos: [] },
            meta: { platform: 'videosite', endpoint: 'trending', request_id: 'req_bound1' },
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        );
      },
    });
    const dispatch = (method: string, input: unknown) => testCore!.core.dispatch(method, input);
    await dispatch('settings.set', { key: 'base-url', value: 'https://api.example.com/partner' });
    expect(await dispatch('token.set', { token })).toMatchObject({
      ok: true,
      value: { stored: true, origin: 'https://api.example.com', elsewhere: null },
    });
    expect(await dispatch('service.call', { operation: 'videosite/trending', params: {} })).toMatchObject({
      ok: true,
      value: { state: 'done' },
    });
    expect(sent).toEqual([`https://api.example.com/partner/api/v1/partner/videosite/trending Bearer ${token}`]);

    // A typo in the base URL: the token stays home, the queue waits, and both addresses are named.
    await dispatch('settings.set', { key: 'base-url', value: 'https://api.exmaple.com' });
    expect(await dispatch('token.status', {})).toMatchObject({
      ok: true,
      value: { origin: 'https://api.example.com', elsewhere: 'https://api.exmaple.com' },
    });
    const refused = await dispatch('service.call', { operation: 'videosite/trending', params: {} });
    expect(refused).toMatchObject({
      ok: true,
      value: { state: 'paused', error: { code: 'TOKEN_ELSEWHERE', message: expect.stringContaining('saved for https://api.example.com') } },
    });
    expect(await dispatch('queue.status', {})).toMatchObject({
      ok: true,
      value: { paused: { reason: 'TOKEN_ELSEWHERE', message: expect.stringContaining('https://api.exmaple.com') } },
    });
    expect(sent).toHaveLength(1);

    // Allowing it takes the address where requests go now, named exactly; nothing else.
    expect(await dispatch('token.allow', { origin: 'https://evil.example.net' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(asked).toEqual([]);
    expect(await dispatch('token.status', {})).toMatchObject({ ok: true, value: { origin: 'https://api.example.com' } });
    // Setting the base URL back lifts the pause; the next request goes home.
    await dispatch('settings.set', { key: 'base-url', value: 'https://api.example.com/partner' });
    expect(await dispatch('queue.status', {})).toMatchObject({ ok: true, value: { paused: null } });
    await dispatch('settings.set', { key: 'base-url', value: 'https://api.exmaple.com' });
    expect(await dispatch('token.allow', { origin: 'https://api.exmaple.com' })).toMatchObject({
      ok: true,
      value: { outcome: 'allowed', token: { origin: 'https://api.exmaple.com', elsewhere: null } },
    });
    // The host was asked, outside the window, with both addresses.
    expect(asked).toEqual([{ origin: 'https://api.exmaple.com', savedFor: 'https://api.example.com' }]);
    expect(await dispatch('service.call', { operation: 'videosite/trending', params: {} })).toMatchObject({
      ok: true,
      value: { state: 'done' },
    });
    expect(sent[1]).toBe(`https://api.exmaple.com/api/v1/partner/videosite/trending Bearer ${token}`);
    expect(JSON.stringify(await dispatch('token.status', {}))).not.toContain(token);
  });

  describe('asks the person outside the window before the token goes to a new address', () => {
    const saved = 'tok_asked_0123456789';
    async function pointedElsewhere(confirmTokenOrigin?: ConfirmTokenOrigin) {
      const store = createMemorySecretStore(`${saved} https://api.example.com`);
      testCore = createTestCore({ secretStore: store, ...(confirmTokenOrigin ? { confirmTokenOrigin } : {}) });
      await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'https://collector.example.net' });
      return { store, dispatch: (method: string, input: unknown) => testCore!.core.dispatch(method, input) };
    }

    it('refuses where the host cannot ask (a page alone cannot allow it), naming the terminal command', async () => {
      const { store, dispatch } = await pointedElsewhere();
      expect(await dispatch('token.allow', { origin: 'https://collector.example.net' })).toEqual({
        ok: false,
        error: { code: 'FORBIDDEN', message: expect.stringContaining('gleaner token allow https://collector.example.net') },
      });
      expect(await store.getToken()).toBe(`${saved} https://api.example.com`);
    });

    it('changes nothing when the person declines', async () => {
      const { store, dispatch } = await pointedElsewhere(async () => ({ kind: 'declined' }));
      expect(await dispatch('token.allow', { origin: 'https://collector.example.net' })).toMatchObject({
        ok: true,
        value: { outcome: 'declined', token: { origin: 'https://api.example.com', elsewhere: 'https://collector.example.net' } },
      });
      expect(await store.getToken()).toBe(`${saved} https://api.example.com`);
    });

    it('in browser mode, allows it only with the code printed in the terminal', async () => {
      const printed: string[] = [];
      const { store, dispatch } = await pointedElsewhere(
        createTerminalCodeConfirmation({ tell: (text) => printed.push(text), now: () => 0, newCode: () => '482913' }),
      );
      expect(await dispatch('token.allow', { origin: 'https://collector.example.net' })).toMatchObject({
        ok: true,
        value: { outcome: 'code-needed', where: expect.stringContaining('terminal') },
      });
      expect(printed.join('')).toContain('482913');
      expect(await dispatch('token.allow', { origin: 'https://collector.example.net', code: '000000' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', message: expect.stringContaining('2 tries are left') },
      });
      expect(await store.getToken()).toBe(`${saved} https://api.example.com`);
      // Not the code's shape: refused by the contract, before the host is asked.
      expect(await dispatch('token.allow', { origin: 'https://collector.example.net', code: '4829' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', message: expect.stringContaining('six digits') },
      });
      expect(await dispatch('token.allow', { origin: 'https://collector.example.net', code: '482913' })).toMatchObject({
        ok: true,
        value: { outcome: 'allowed', token: { origin: 'https://collector.example.net', elsewhere: null } },
      });
      expect(await store.getToken()).toBe(`${saved} https://collector.example.net`);
      // Nothing the page can read carries the token.
      expect(printed.join('')).not.toContain(saved);
    });

    it('allows nothing when the base URL changed while the person was asked', async () => {
      const { store, dispatch } = await pointedElsewhere(async () => {
        await testCore!.core.dispatch('settings.set', { key: 'base-url', value: 'https://third.example.org' });
        return { kind: 'allowed' };
      });
      expect(await dispatch('token.allow', { origin: 'https://collector.example.net' })).toMatchObject({
        ok: false,
        error: { code: 'CONFLICT' },
      });
      expect(await store.getToken()).toBe(`${saved} https://api.example.com`);
    });
  });

  it('binds a token saved by an older Gleaner (or on the demo) to the first address it is sent to', async () => {
    const store = createMemorySecretStore('tok_unbound_0123456789');
    testCore = createTestCore({
      secretStore: store,
      fetch: async () =>
        new Response(
          JSON.stringify({
            success: true,
            data: { videos: [] },
            meta: { platform: 'videosite', endpoint: 'trending', request_id: 'req_bound2' },
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    });
    await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'https://api.example.com' });
    expect(await testCore.core.dispatch('token.status', {})).toMatchObject({
      ok: true,
      value: { stored: true, origin: null, elsewhere: null },
    });
    expect(await testCore.core.dispatch('service.call', { operation: 'videosite/trending', params: {} })).toMatchObject({
      ok: true,
      value: { state: 'done' },
    });
    expect(await store.getToken()).toBe('tok_unbound_0123456789 https://api.example.com');
    // On the demo, a token is saved for no address yet.
    await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'demo' });
    await testCore.core.dispatch('token.set', { token: 'tok_on_demo_0123456789' });
    expect(await store.getToken()).toBe('tok_on_demo_0123456789');
    expect(await testCore.core.dispatch('token.allow', { origin: 'https://api.example.com' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/demo/) },
    });
  });

  it('sends a token from GLEANER_TOKEN wherever the base URL points: it is given for the run, not saved for an address', async () => {
    const sent: string[] = [];
    testCore = createTestCore({
      secretStore: withEnvironmentOverride(
        { GLEANER_TOKEN: 'tok_from_env_0123456789' },
        createMemorySecretStore('tok_saved_0123456789 https://api.example.com'),
      ),
      fetch: async (url) => {
        sent.push(String(url));
        return new Response(
          JSON.stringify({
            success: true,
            data: { videos: [] },
            meta: { platform: 'videosite', endpoint: 'trending', request_id: 'req_env1' },
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        );
      },
    });
    await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'https://other.example.org' });
    expect(await testCore.core.dispatch('token.status', {})).toMatchObject({
      ok: true,
      value: { overriddenByEnvironment: true, origin: null, elsewhere: null },
    });
    expect(await testCore.core.dispatch('service.call', { operation: 'videosite/trending', params: {} })).toMatchObject({
      ok: true,
      value: { state: 'done' },
    });
    expect(sent).toEqual(['https://other.example.org/api/v1/partner/videosite/trending']);
    expect(await testCore.core.dispatch('token.allow', { origin: 'https://other.example.org' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/GLEANER_TOKEN/) },
    });
  });

  it('refuses a malformed token without echoing it', async () => {
    testCore = createTestCore({ secretStore: createMemorySecretStore() });
    const envelope = await testCore.core.dispatch('token.set', { token: 'has spaces inside it' });
    expect(envelope).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(JSON.stringify(envelope)).not.toContain('has spaces inside it');
  });
});
