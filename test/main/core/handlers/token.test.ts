import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';

let testCore: TestCore;
beforeEach(() => {
  testCore = createTestCore();
});
afterEach(async () => testCore.dispose());

const call = (method: string, input: unknown) => testCore.core.dispatch(method, input);

describe('token handlers', () => {
  it('reports no token at first, then one saved, then none once cleared', async () => {
    expect(await call('token.status', {})).toMatchObject({ ok: true, value: { stored: false, available: true } });
    expect(await call('token.set', { token: 'sk_live_0123456789abcdef0123' })).toMatchObject({ ok: true, value: { stored: true } });
    expect(await call('token.clear', {})).toMatchObject({ ok: true, value: { stored: false } });
  });

  it('has nothing to allow while requests go to the built-in demo service', async () => {
    await call('settings.set', { key: 'base-url', value: 'demo' });
    expect(await call('token.allow', { origin: 'https://api.example.com' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('allows the token only where requests go now', async () => {
    await call('settings.set', { key: 'base-url', value: 'https://api.example.com' });
    expect(await call('token.allow', { origin: 'https://elsewhere.example.com' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });
});
