import { describe, expect, it } from 'vitest';
import {
  ENV_LOCATION,
  environmentWithoutToken,
  takeTokenFromProcessEnvironment,
  tokenFromEnvironment,
  withEnvironmentOverride,
} from '../../../../src/main/core/secrets/env-store';
import { createMemorySecretStore } from '../../../../src/main/core/secrets/secret-store';
import { fakeStore } from './fakes';

const ENV_TOKEN = 'tok_env_Qw3rTy9876';

describe('GLEANER_TOKEN over the stored token', () => {
  it('uses the store when the variable is unset', async () => {
    const inner = createMemorySecretStore('tok_stored_1234');
    const store = withEnvironmentOverride({}, inner);
    expect(store.overriddenByEnvironment).toBe(false);
    expect(store.location).toBe(inner.location);
    expect(await store.getToken()).toBe('tok_stored_1234');
    expect(store.persistentStore).toBe(inner);
  });

  it('returns the variable, trimmed, and says where the token comes from', async () => {
    const store = withEnvironmentOverride({ GLEANER_TOKEN: `  ${ENV_TOKEN}\n` }, createMemorySecretStore('tok_stored_1234'));
    expect(store.overriddenByEnvironment).toBe(true);
    expect(store.location).toBe('the GLEANER_TOKEN environment variable');
    expect(store.location).toBe(ENV_LOCATION);
    expect(await store.getToken()).toBe(ENV_TOKEN);
  });

  it.each(['', '   ', '\n\t'])('ignores a blank variable (%j)', async (value) => {
    const store = withEnvironmentOverride({ GLEANER_TOKEN: value }, createMemorySecretStore('tok_stored_1234'));
    expect(store.overriddenByEnvironment).toBe(false);
    expect(await store.getToken()).toBe('tok_stored_1234');
    expect(tokenFromEnvironment({ GLEANER_TOKEN: value })).toBeNull();
  });

  it('still saves and clears in the store while the variable overrides', async () => {
    const inner = createMemorySecretStore();
    const store = withEnvironmentOverride({ GLEANER_TOKEN: ENV_TOKEN }, inner);
    await store.setToken('tok_saved_5678');
    expect(await inner.getToken()).toBe('tok_saved_5678');
    expect(await store.getToken()).toBe(ENV_TOKEN);
    await store.clearToken();
    expect(await inner.getToken()).toBeNull();
    expect(await store.getToken()).toBe(ENV_TOKEN);
  });

  it('reads the environment at every call', async () => {
    const env: Record<string, string | undefined> = {};
    const store = withEnvironmentOverride(env, createMemorySecretStore('tok_stored_1234'));
    env.GLEANER_TOKEN = ENV_TOKEN;
    expect(store.overriddenByEnvironment).toBe(true);
    expect(await store.getToken()).toBe(ENV_TOKEN);
    delete env.GLEANER_TOKEN;
    expect(store.overriddenByEnvironment).toBe(false);
    expect(await store.getToken()).toBe('tok_stored_1234');
  });

  it('is available with the variable even where the store is not', async () => {
    const inner = fakeStore('the vault', { available: false });
    const withVar = withEnvironmentOverride({ GLEANER_TOKEN: ENV_TOKEN }, inner);
    expect(await withVar.available()).toBe(true);
    expect(await withVar.unavailableReason?.()).toBeNull();
    expect(await withVar.getToken()).toBe(ENV_TOKEN);
    expect(inner.calls).toEqual([]);

    const without = withEnvironmentOverride({}, inner);
    expect(await without.available()).toBe(false);
    expect(await without.unavailableReason?.()).toBe('the vault is not there.');
    await expect(without.getToken()).rejects.toMatchObject({ code: 'SECRET_STORE_UNAVAILABLE' });
  });

  it('gives child programs an environment without the token, and can take it out of the process’s own', () => {
    const env: Record<string, string | undefined> = { PATH: '/usr/bin', GLEANER_TOKEN: ENV_TOKEN };
    expect(environmentWithoutToken(env)).toEqual({ PATH: '/usr/bin' });
    expect(env.GLEANER_TOKEN).toBe(ENV_TOKEN);
    const kept = takeTokenFromProcessEnvironment(env);
    expect(env).toEqual({ PATH: '/usr/bin' });
    expect(tokenFromEnvironment(kept)).toBe(ENV_TOKEN);
  });
});
