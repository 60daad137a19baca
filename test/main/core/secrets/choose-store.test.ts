import { describe, expect, it } from 'vitest';
import { GleanerError } from '../../../../src/shared/errors';
import { chooseSecretStore } from '../../../../src/main/core/secrets/choose-store';
import { fakeStore, rejection } from './fakes';

const TOKEN = 'tok_choose_Pq8Lm2Zx';

describe('chooseSecretStore', () => {
  it('uses the primary where it works, and leaves the fallback alone', async () => {
    const primary = fakeStore('the keychain');
    const fallback = fakeStore('the file');
    const store = chooseSecretStore(primary, fallback);
    expect(await store.available()).toBe(true);
    await store.setToken(TOKEN);
    expect(primary.token).toBe(TOKEN);
    expect(fallback.token).toBeNull();
    expect(await store.getToken()).toBe(TOKEN);
    expect(store.location).toBe('the keychain');
  });

  it('uses the fallback where the primary is unavailable, and says so in location', async () => {
    const primary = fakeStore('the keychain', { available: false });
    const fallback = fakeStore('the file');
    const store = chooseSecretStore(primary, fallback);
    expect(await store.available()).toBe(true);
    expect(store.location).toBe('the file');
    await store.setToken(TOKEN);
    expect(fallback.token).toBe(TOKEN);
    expect(await store.getToken()).toBe(TOKEN);
    await store.clearToken();
    expect(fallback.token).toBeNull();
    expect(primary.calls).toEqual([]);
  });

  it('is unavailable when neither works, with both reasons, and refuses to save', async () => {
    const store = chooseSecretStore(fakeStore('the keychain', { available: false }), fakeStore('the file', { available: false }));
    expect(await store.available()).toBe(false);
    expect(await store.unavailableReason?.()).toBe('the keychain is not there. the file is not there.');
    expect(store.location).toBe('the keychain');
    const error = await rejection(store.setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).not.toContain(TOKEN);
    expect((await rejection(store.getToken())).code).toBe('SECRET_STORE_UNAVAILABLE');
    expect((await rejection(store.clearToken())).code).toBe('SECRET_STORE_UNAVAILABLE');
  });

  it('falls back when the primary looked available but fails to save', async () => {
    const primary = fakeStore('the keychain');
    primary.failCalls = true; // e.g. a locked Secret Service collection
    const fallback = fakeStore('the file');
    const store = chooseSecretStore(primary, fallback);
    await store.setToken(TOKEN);
    expect(fallback.token).toBe(TOKEN);
    expect(store.location).toBe('the file');
    expect(await store.getToken()).toBe(TOKEN);
  });

  it('finds a token saved in the fallback after the primary appears', async () => {
    const primary = fakeStore('the keychain');
    const fallback = fakeStore('the file', { token: TOKEN });
    const store = chooseSecretStore(primary, fallback);
    expect(await store.getToken()).toBe(TOKEN);
    expect(store.location).toBe('the file');
  });

  it('keeps one copy: saving in the primary removes an older copy in the fallback', async () => {
    const primary = fakeStore('the keychain');
    const fallback = fakeStore('the file', { token: 'tok_old_copy_1234' });
    const store = chooseSecretStore(primary, fallback);
    await store.setToken(TOKEN);
    expect(primary.token).toBe(TOKEN);
    expect(fallback.token).toBeNull();
  });

  it('clears both, so a cleared token never comes back', async () => {
    const primary = fakeStore('the keychain', { token: TOKEN });
    const fallback = fakeStore('the file', { token: 'tok_old_copy_1234' });
    const store = chooseSecretStore(primary, fallback);
    await store.clearToken();
    expect(primary.token).toBeNull();
    expect(fallback.token).toBeNull();
    expect(await store.getToken()).toBeNull();
  });

  it('passes on errors that are not about availability', async () => {
    const primary = fakeStore('the keychain');
    primary.setToken = async () => {
      throw new GleanerError('INVALID_INPUT', 'The token is empty; nothing was saved.');
    };
    const fallback = fakeStore('the file');
    const error = await rejection(chooseSecretStore(primary, fallback).setToken(''));
    expect(error.code).toBe('INVALID_INPUT');
    expect(fallback.calls).toEqual([]);
  });
});
