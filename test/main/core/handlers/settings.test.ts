import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';

let testCore: TestCore;
beforeEach(() => {
  testCore = createTestCore();
});
afterEach(async () => testCore.dispose());

const call = (method: string, input: unknown) => testCore.core.dispatch(method, input);

describe('settings handlers', () => {
  it('answers each change with the whole snapshot, the change applied', async () => {
    const set = (await call('settings.set', { key: 'limits.per-minute', value: '7' })) as {
      ok: true;
      value: { config: Record<string, unknown>; limits: { perMinute: number } };
    };
    expect(set.ok).toBe(true);
    expect(set.value.limits.perMinute).toBe(7);
    const unset = (await call('settings.unset', { key: 'limits.per-minute' })) as { ok: true; value: { limits: { perMinute: number } } };
    expect(unset.value.limits.perMinute).not.toBe(7);
  });

  it('adds link hosts and removes one, saying so in the snapshot', async () => {
    const added = (await call('settings.addHosts', { platform: 'videosite', hosts: 'video.example.org' })) as {
      ok: true;
      value: { config: Record<string, unknown> };
    };
    expect(JSON.stringify(added.value.config)).toContain('video.example.org');
    const removed = (await call('settings.removeHost', { platform: 'videosite', host: 'video.example.org' })) as {
      ok: true;
      value: { config: Record<string, unknown> };
    };
    expect(JSON.stringify(removed.value.config)).not.toContain('video.example.org');
  });

  it('refuses an unknown key with INVALID_INPUT, changing nothing', async () => {
    const before = await call('settings.get', {});
    expect(await call('settings.set', { key: 'no.such.key', value: '1' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await call('settings.get', {})).toEqual(before);
  });
});
