import { describe, expect, it } from 'vitest';
import type { TokenStatus } from '../../../src/shared/contract';
import { bannersFor } from '../../../src/renderer/src/components/BannerRules';

const token = (over: Partial<TokenStatus> = {}): TokenStatus => ({
  stored: true,
  available: true,
  location: 'the keychain',
  overriddenByEnvironment: false,
  origin: null,
  elsewhere: null,
  ...over,
});

describe('app-wide banners', () => {
  it('say what stopped the queue, with the action that fixes it', () => {
    const rejected = bannersFor({ paused: { reason: 'TOKEN_REJECTED', message: '' }, isDemo: false, token: token() });
    expect(rejected.map((b) => b.id)).toEqual(['token-rejected']);
    expect(rejected[0]!.actions[0]).toMatchObject({ action: 'token', label: 'Enter a new token' });
    const inactive = bannersFor({ paused: { reason: 'SUBSCRIPTION_INACTIVE', message: '' }, isDemo: false, token: token() });
    expect(inactive[0]!.actions.map((a) => a.action)).toEqual(['resume', 'token']);
    // Offline: the queue's own sentence (when it tries again), that the library still works, and "Try now".
    const offline = bannersFor({
      paused: {
        reason: 'NETWORK',
        message: 'Could not reach the service. Nothing is lost: the queue tries again at 10:00:15 UTC, or resume it now.',
      },
      isDemo: false,
      token: token(),
    });
    expect(offline.map((b) => b.id)).toEqual(['unreachable']);
    expect(offline[0]!.text).toMatch(/tries again at 10:00:15 UTC.*works as before, offline/);
    expect(offline[0]!.actions).toEqual([{ action: 'resume', label: 'Try now', primary: false }]);
    // An outage: the same, with the service's own words.
    const failing = bannersFor({
      paused: {
        reason: 'UPSTREAM_ERROR',
        message:
          'The service failed 5 different requests in a row; the last: … (503). Nothing is lost and no attempt is used up while it waits: the queue tries again at 10:00:15 UTC, or resume it now.',
      },
      isDemo: false,
      token: token(),
    });
    expect(failing.map((b) => [b.id, b.title])).toEqual([['failing', 'The service is failing requests.']]);
    expect(failing[0]!.text).toMatch(/\(503\).*tries again at 10:00:15 UTC.*works as before\.$/);
    expect(failing[0]!.actions).toEqual([{ action: 'resume', label: 'Try now', primary: false }]);
    const disk = bannersFor({
      paused: { reason: 'STORAGE_ERROR', message: 'Gleaner cannot write to its library (database or disk is full).' },
      isDemo: false,
      token: token(),
    });
    expect(disk.map((b) => [b.id, b.text])).toEqual([['storage', 'Gleaner cannot write to its library (database or disk is full).']]);
  });

  it('warn about a missing token only for the real service, once, and not when GLEANER_TOKEN supplies one', () => {
    expect(bannersFor({ paused: null, isDemo: true, token: token({ stored: false }) }).map((b) => b.id)).toEqual(['demo']);
    expect(bannersFor({ paused: null, isDemo: false, token: token({ stored: false }) }).map((b) => b.id)).toEqual(['no-token']);
    expect(bannersFor({ paused: null, isDemo: false, token: token({ stored: false, overriddenByEnvironment: true }) })).toEqual([]);
    expect(
      bannersFor({ paused: { reason: 'TOKEN_MISSING', message: '' }, isDemo: false, token: token({ stored: false }) }).map((b) => b.id),
    ).toEqual(['token-missing']);
    // A base URL pointing away from where the token was saved: said at once, and while the queue waits for it.
    const away = token({ origin: 'https://api.example.com', elsewhere: 'https://api.exmaple.com' });
    const warned = bannersFor({ paused: null, isDemo: false, token: away });
    expect(warned.map((b) => b.id)).toEqual(['token-elsewhere']);
    expect(warned[0]!.title).toBe('Your API token is not sent to https://api.exmaple.com.');
    expect(warned[0]!.text).toContain('saved for https://api.example.com');
    expect(warned[0]!.actions).toEqual([{ action: 'token', label: 'Review in Settings', primary: true }]);
    expect(bannersFor({ paused: { reason: 'TOKEN_ELSEWHERE', message: '' }, isDemo: false, token: away }).map((b) => b.id)).toEqual([
      'token-elsewhere',
    ]);
    expect(bannersFor({ paused: null, isDemo: false, token: token({ origin: 'https://api.example.com' }) })).toEqual([]);
    expect(bannersFor({ paused: { reason: 'user', message: '' }, isDemo: null, token: null })).toEqual([]);
  });

  it('say, in every view, while the demo service is in use, that what it fetches is invented', () => {
    const [demo, ...others] = bannersFor({ paused: null, isDemo: true, token: token() });
    expect(others).toEqual([]);
    expect(demo).toMatchObject({ id: 'demo', notice: true, actions: [{ action: 'service', label: 'Use the real service' }] });
    expect(demo!.text).toContain('not taken from any platform');
    // Not before the settings are known, and not on the real service.
    expect(bannersFor({ paused: null, isDemo: null, token: token() })).toEqual([]);
    expect(bannersFor({ paused: null, isDemo: false, token: token() })).toEqual([]);
    // Beside a problem that stopped the queue, the problem comes first.
    expect(bannersFor({ paused: { reason: 'NETWORK', message: '' }, isDemo: true, token: token() }).map((b) => b.id)).toEqual([
      'unreachable',
      'demo',
    ]);
  });
});
