/**
 * The team hub's password in the OS keychain: service "Gleaner", one account per hub
 * (`team-hub user@host:port/database`, see team/hub-url), beside the service token's entry.
 * GLEANER_HUB_PASSWORD overrides it for scripts, the way GLEANER_TOKEN overrides the token.
 * Every password read or written is registered with the logger so no log line can carry it.
 */
import { GleanerError, isGleanerError } from '../../../shared/errors';
import type { Logger } from '../log';
import { chooseSecretStore } from './choose-store';
import { createKeytarSecretStore, keychainLocation, KEYCHAIN_SERVICE, loadInstalledKeytar, type KeytarLike } from './keytar-store';
import type { SecretStore } from './secret-store';

export const HUB_PASSWORD_ENV_VAR = 'GLEANER_HUB_PASSWORD';

export interface HubPasswordStore {
  /** Where passwords are kept, in words (never any part of one). */
  readonly location: string;
  /** True while GLEANER_HUB_PASSWORD supplies the password. */
  readonly overriddenByEnvironment: boolean;
  get(account: string): Promise<string | null>;
  /** Keeps the password; with the variable set, a keychain that cannot be used is not an error. */
  set(account: string, password: string): Promise<void>;
  clear(account: string): Promise<void>;
}

export interface HubPasswordStoreOptions {
  env: Record<string, string | undefined>;
  log?: Pick<Logger, 'addSecret'>;
  loadKeytar?: () => KeytarLike | null;
  platform?: NodeJS.Platform;
  /** Tests use their own keychain service so a real entry is never touched. */
  service?: string;
  /**
   * Where a hub's password goes when no keychain works (the desktop app: an Electron safeStorage
   * file per hub), as for the token. Without it the keychain is the only place.
   */
  fallback?: (account: string) => SecretStore;
}

/** The keychain store's sentences speak of the token; this one is about the hub password. */
function aboutThePassword(error: unknown): unknown {
  if (!isGleanerError(error) || error.code !== 'SECRET_STORE_UNAVAILABLE') return error;
  const why = error.message
    .replace(/^Secure [a-z ]+ storage is unavailable: /, '')
    .replace(/,? or set the GLEANER_[A-Z_]+ environment variable instead/, '');
  return new GleanerError(
    'SECRET_STORE_UNAVAILABLE',
    `The team hub’s password cannot be kept in the OS keychain: ${why} Scripts may set ${HUB_PASSWORD_ENV_VAR} instead.`,
  );
}

export function createHubPasswordStore(options: HubPasswordStoreOptions): HubPasswordStore {
  const fromEnv = options.env[HUB_PASSWORD_ENV_VAR] ? options.env[HUB_PASSWORD_ENV_VAR] : null;
  if (fromEnv) options.log?.addSecret(fromEnv);
  const platform = options.platform ?? process.platform;
  const keychainEntry = (account: string) =>
    createKeytarSecretStore(options.loadKeytar ?? loadInstalledKeytar, { platform, service: options.service ?? KEYCHAIN_SERVICE, account });
  const { fallback } = options;
  const entry = (account: string): SecretStore =>
    fallback ? chooseSecretStore(keychainEntry(account), fallback(account)) : keychainEntry(account);
  const keptIn = fallback
    ? `${keychainLocation(platform)}, or where no keychain works an encrypted file in the Gleaner data folder`
    : keychainLocation(platform);
  return {
    location: fromEnv ? `the ${HUB_PASSWORD_ENV_VAR} environment variable` : keptIn,
    overriddenByEnvironment: fromEnv !== null,
    async get(account) {
      if (fromEnv) return fromEnv;
      try {
        const password = await entry(account).getToken();
        if (password) options.log?.addSecret(password);
        return password;
      } catch (error) {
        throw aboutThePassword(error);
      }
    },
    async set(account, password) {
      if (!password) throw new GleanerError('INVALID_INPUT', 'The hub password is empty; nothing was saved.');
      options.log?.addSecret(password);
      try {
        await entry(account).setToken(password);
      } catch (error) {
        if (fromEnv && isGleanerError(error) && error.code === 'SECRET_STORE_UNAVAILABLE') return;
        throw aboutThePassword(error);
      }
    },
    async clear(account) {
      try {
        await entry(account).clearToken();
      } catch (error) {
        if (fromEnv && isGleanerError(error) && error.code === 'SECRET_STORE_UNAVAILABLE') return;
        throw aboutThePassword(error);
      }
    },
  };
}

/** For tests and for hosts with nothing persistent: passwords last as long as the process. */
export function createMemoryHubPasswordStore(): HubPasswordStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    location: 'process memory (not persisted)',
    overriddenByEnvironment: false,
    get: async (account) => entries.get(account) ?? null,
    set: async (account, password) => {
      entries.set(account, password);
    },
    clear: async (account) => {
      entries.delete(account);
    },
  };
}
