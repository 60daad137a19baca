/**
 * The composition of the token's storage, the same in every host: GLEANER_TOKEN over the OS
 * keychain (keytar), optionally over a fallback (the Electron shell's safeStorage file), with
 * every token read or written registered with the logger so it is redacted from log lines.
 */
import type { Logger } from '../log';
import { chooseSecretStore } from './choose-store';
import { tokenFromEnvironment, withEnvironmentOverride } from './env-store';
import { createKeytarSecretStore, type KeytarLike } from './keytar-store';
import { unavailableReasonOf, type SecretStore } from './secret-store';

/** Wraps a store so that every token it hands out or takes in is redacted from the log. */
export function withLogRedaction(inner: SecretStore, log: Pick<Logger, 'addSecret'>): SecretStore {
  return {
    get location() {
      return inner.location;
    },
    get overriddenByEnvironment() {
      return inner.overriddenByEnvironment;
    },
    get persistentStore() {
      return inner.persistentStore;
    },
    available: () => inner.available(),
    unavailableReason: () => unavailableReasonOf(inner),
    async getToken() {
      const token = await inner.getToken();
      if (token) log.addSecret(token);
      return token;
    },
    async setToken(token) {
      if (token) log.addSecret(token);
      await inner.setToken(token);
    },
    clearToken: () => inner.clearToken(),
  };
}

export interface TokenStoreOptions {
  /** Where GLEANER_TOKEN is read (process.env, or the CLI's injected env). */
  env: Record<string, string | undefined>;
  /** Registers tokens for redaction; omit where nothing is logged (the `token` command). */
  log?: Pick<Logger, 'addSecret'>;
  /** Defaults to the installed keytar; the Electron shell passes its own build. */
  loadKeytar?: () => KeytarLike | null;
  /** Used where the keychain is unavailable (the Electron shell: safeStorage). */
  fallback?: SecretStore;
  platform?: NodeJS.Platform;
}

export function createTokenStore(options: TokenStoreOptions): SecretStore {
  const keychain = createKeytarSecretStore(options.loadKeytar, options.platform ? { platform: options.platform } : {});
  const persistent = options.fallback ? chooseSecretStore(keychain, options.fallback) : keychain;
  const store = withEnvironmentOverride(options.env, persistent);
  if (!options.log) return store;
  const fromEnv = tokenFromEnvironment(options.env);
  if (fromEnv) options.log.addSecret(fromEnv);
  return withLogRedaction(store, options.log);
}
