import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/main/core/log';
import { createMemorySecretStore } from '../../../../src/main/core/secrets/secret-store';
import { createTokenStore, withLogRedaction } from '../../../../src/main/core/secrets/token-store';
import { fakeKeytar, fakeStore } from './fakes';

const TOKEN = 'tok_compose_Hj5Kl8Mn';

function capturingLogger() {
  const lines: string[] = [];
  return { log: createLogger((line) => lines.push(line)), lines };
}

describe('createTokenStore', () => {
  it('is GLEANER_TOKEN over the keychain', async () => {
    const keytar = fakeKeytar();
    const env: Record<string, string | undefined> = {};
    const store = createTokenStore({ env, loadKeytar: () => keytar, platform: 'linux' });
    expect(store.location).toBe('the system keychain (Secret Service)');
    await store.setToken(TOKEN);
    expect(await store.getToken()).toBe(TOKEN);
    env.GLEANER_TOKEN = 'tok_env_override_99';
    expect(await store.getToken()).toBe('tok_env_override_99');
    expect(store.overriddenByEnvironment).toBe(true);
    expect(store.persistentStore?.location).toBe('the system keychain (Secret Service)');
  });

  it('uses the fallback where keytar is missing', async () => {
    const fallback = fakeStore('an encrypted file');
    const store = createTokenStore({ env: {}, loadKeytar: () => null, fallback });
    await store.setToken(TOKEN);
    expect(fallback.token).toBe(TOKEN);
    expect(store.location).toBe('an encrypted file');
  });

  it('says plainly when there is nowhere secure to keep the token', async () => {
    const store = createTokenStore({ env: {}, loadKeytar: () => null, platform: 'linux' });
    expect(await store.available()).toBe(false);
    await expect(store.setToken(TOKEN)).rejects.toMatchObject({ code: 'SECRET_STORE_UNAVAILABLE' });
  });

  it('registers every token it sees with the logger, so log lines never carry it', async () => {
    const { log, lines } = capturingLogger();
    const store = createTokenStore({ env: { GLEANER_TOKEN: ' tok_env_override_99 ' }, loadKeytar: () => fakeKeytar(), log });
    log.info('env token tok_env_override_99 in a message');
    await store.setToken(TOKEN);
    log.info(`saved token ${TOKEN}`, { header: `Bearer ${TOKEN}` });
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(lines.join('\n')).not.toContain('tok_env_override_99');
    expect(lines.join('\n')).toContain('[redacted]');
  });
});

describe('withLogRedaction', () => {
  it('registers tokens read from the store', async () => {
    const { log, lines } = capturingLogger();
    const store = withLogRedaction(createMemorySecretStore(TOKEN), log);
    expect(await store.getToken()).toBe(TOKEN);
    log.error(`request failed for ${TOKEN}`);
    expect(lines[0]).not.toContain(TOKEN);
  });

  it('passes location, flags and availability through', async () => {
    const { log } = capturingLogger();
    const inner = fakeStore('the vault', { available: false });
    const store = withLogRedaction(inner, log);
    expect(store.location).toBe('the vault');
    expect(store.overriddenByEnvironment).toBeUndefined();
    expect(await store.available()).toBe(false);
    expect(await store.unavailableReason?.()).toBe('the vault is not there.');
    await expect(store.clearToken()).rejects.toMatchObject({ code: 'SECRET_STORE_UNAVAILABLE' });
  });
});
