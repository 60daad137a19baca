/**
 * Where the library's case-bundle signing key (its Ed25519 private half, PKCS#8 PEM) is kept:
 * the OS keychain, service "Gleaner", its own account beside the service token's. Scripts on a
 * machine with no keychain may supply one in GLEANER_SIGNING_KEY (a PEM made by
 * `openssl genpkey -algorithm ed25519`), the way GLEANER_TOKEN stands in for the token.
 * Every key read or written is registered with the logger so no log line can carry it.
 */
import { GleanerError, isGleanerError } from '../../../shared/errors';
import type { Logger } from '../log';
import { createKeytarSecretStore, keychainLocation, KEYCHAIN_SERVICE, loadInstalledKeytar, type KeytarLike } from './keytar-store';

export const SIGNING_KEY_ACCOUNT = 'case-bundle-signing-key';
export const SIGNING_KEY_ENV_VAR = 'GLEANER_SIGNING_KEY';

export interface SigningKeyStore {
  /** Where the key is kept, in words (never any part of it). */
  readonly location: string;
  /** The private key as PKCS#8 PEM, or null when none was made yet. */
  load(): Promise<string | null>;
  save(privateKeyPem: string): Promise<void>;
}

export interface SigningKeyStoreOptions {
  env: Record<string, string | undefined>;
  log?: Pick<Logger, 'addSecret'>;
  loadKeytar?: () => KeytarLike | null;
  platform?: NodeJS.Platform;
  /** Tests use their own keychain service so a real entry is never touched. */
  service?: string;
}

/** The keychain store's sentences speak of the token; this one is about the signing key. */
function aboutTheKey(error: unknown): unknown {
  if (!isGleanerError(error) || error.code !== 'SECRET_STORE_UNAVAILABLE') return error;
  const why = error.message
    .replace(/^Secure token storage is unavailable: /, '')
    .replace(/,? or set the GLEANER_TOKEN environment variable instead/, '');
  return new GleanerError(
    'SECRET_STORE_UNAVAILABLE',
    `The case-bundle signing key cannot be kept in the OS keychain: ${why} Scripts may set ${SIGNING_KEY_ENV_VAR} to an Ed25519 private key (PEM) instead.`,
  );
}

export function createSigningKeyStore(options: SigningKeyStoreOptions): SigningKeyStore {
  const fromEnv = options.env[SIGNING_KEY_ENV_VAR]?.trim() ? options.env[SIGNING_KEY_ENV_VAR]!.trim() : null;
  if (fromEnv) options.log?.addSecret(fromEnv);
  const platform = options.platform ?? process.platform;
  const entry = createKeytarSecretStore(options.loadKeytar ?? loadInstalledKeytar, {
    platform,
    service: options.service ?? KEYCHAIN_SERVICE,
    account: SIGNING_KEY_ACCOUNT,
  });
  return {
    location: fromEnv ? `the ${SIGNING_KEY_ENV_VAR} environment variable` : keychainLocation(platform),
    async load() {
      if (fromEnv) return fromEnv;
      try {
        const pem = await entry.getToken();
        if (pem) options.log?.addSecret(pem);
        return pem;
      } catch (error) {
        throw aboutTheKey(error);
      }
    },
    async save(privateKeyPem) {
      options.log?.addSecret(privateKeyPem);
      try {
        await entry.setToken(privateKeyPem);
      } catch (error) {
        throw aboutTheKey(error);
      }
    },
  };
}

/** For tests and hosts with nothing persistent: the key lasts as long as the process. */
export function createMemorySigningKeyStore(initial: string | null = null): SigningKeyStore {
  let kept = initial;
  return {
    location: 'process memory (not persisted)',
    load: async () => kept,
    save: async (pem) => {
      kept = pem;
    },
  };
}
