/**
 * The desktop app's fallback where keytar cannot work: the token encrypted with Electron's
 * safeStorage (whose key the OS keeps: Keychain, DPAPI, or libsecret/KWallet on Linux) in a
 * file in the data folder. It refuses to work when safeStorage would not really encrypt:
 * encryption unavailable, or on Linux the `basic_text` backend (a fixed, public key).
 *
 * safeStorage is passed in (typed structurally), so tests run it with a fake under Node.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SafeStorage } from 'electron';
import { GleanerError } from '../../shared/errors';
import { SAFE_STORAGE_FILE_SUFFIX, type SecretStore } from '../core';

export { chooseSecretStore } from '../core';

export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>;

/** The file operations used; tests inject failures through it. */
export type SafeStorageFs = Pick<typeof nodeFs, 'mkdir' | 'open' | 'readFile' | 'rename' | 'rm'>;

export interface SafeStorageStoreOptions {
  safeStorage: SafeStorageLike;
  /** The token file, e.g. join(dataDir, SAFE_STORAGE_TOKEN_FILE). */
  filePath: string;
  fs?: SafeStorageFs;
  /** Defaults to process.platform; the backend check applies on Linux only. */
  platform?: NodeJS.Platform;
  /** What the file keeps, for its sentences and its format tag (default: the service token). */
  secret?: SafeStorageSecret;
}

/** The secret a file keeps: how sentences name it, and the variable scripts may set instead. */
export interface SafeStorageSecret {
  noun: string;
  envVar: string;
  format: string;
}

export const TOKEN_SECRET: SafeStorageSecret = { noun: 'token', envVar: 'GLEANER_TOKEN', format: 'gleaner-token' };
export const HUB_PASSWORD_SECRET: SafeStorageSecret = {
  noun: 'team hub password',
  envVar: 'GLEANER_HUB_PASSWORD',
  format: 'gleaner-hub-password',
};

export const SAFE_STORAGE_TOKEN_FILE = `token${SAFE_STORAGE_FILE_SUFFIX}`;

/** One file per hub, named by a digest of its keychain account (the account names a user and a host). */
export const safeStorageHubPasswordFile = (account: string): string =>
  `hub-password-${createHash('sha256').update(account).digest('hex').slice(0, 24)}${SAFE_STORAGE_FILE_SUFFIX}`;

const FILE_VERSION = 1;

interface TokenFile {
  format: string;
  version: typeof FILE_VERSION;
  encryption: 'electron-safeStorage';
  data: string;
}

const unavailableError = (sentence: string): GleanerError => new GleanerError('SECRET_STORE_UNAVAILABLE', sentence);

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

export function createSafeStorageSecretStore(options: SafeStorageStoreOptions): SecretStore {
  const { safeStorage, filePath } = options;
  const fs = options.fs ?? nodeFs;
  const platform = options.platform ?? process.platform;
  const location = `an encrypted file in the Gleaner data folder (${filePath}), its key kept by the operating system`;
  const { noun, envVar, format: FILE_FORMAT } = options.secret ?? TOKEN_SECRET;
  const ENV_ADVICE = `or set the ${envVar} environment variable instead`;

  const unavailableReason = async (): Promise<string | null> => {
    let encryption: boolean;
    try {
      encryption = safeStorage.isEncryptionAvailable();
    } catch {
      encryption = false;
    }
    if (!encryption) {
      return `Secure ${noun} storage is unavailable: the system keychain cannot be reached and Electron’s safeStorage cannot encrypt on this machine. Install and unlock a keyring (for example GNOME Keyring or KWallet), ${ENV_ADVICE}.`;
    }
    if (platform === 'linux') {
      let backend: string;
      try {
        backend = safeStorage.getSelectedStorageBackend();
      } catch {
        backend = 'unknown';
      }
      if (backend === 'basic_text' || backend === 'unknown') {
        return (
          `Secure ${noun} storage is unavailable: no keyring (GNOME Keyring, KWallet) is running, so Electron’s safeStorage could only use its “${backend}” backend, ` +
          `which does not protect the ${noun}. Gleaner will not store it that way; start a keyring, ${ENV_ADVICE}.`
        );
      }
    }
    return null;
  };

  const assertAvailable = async (): Promise<void> => {
    const reason = await unavailableReason();
    if (reason !== null) throw unavailableError(reason);
  };

  const writeAtomically = async (contents: string): Promise<void> => {
    const directory = dirname(filePath);
    await fs.mkdir(directory, { recursive: true, mode: 0o700 });
    const temporary = join(directory, `.${basename(filePath)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      // 'wx': never follow or reuse an existing file; 0o600: readable by this user only.
      const handle = await fs.open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(contents, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, filePath);
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
  };

  return {
    location,
    available: async () => (await unavailableReason()) === null,
    unavailableReason,

    async getToken() {
      await assertAvailable();
      let text: string;
      try {
        text = await fs.readFile(filePath, 'utf8');
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw unavailableError(
          `The saved ${noun} in ${filePath} could not be read (${(error as { code?: string }).code ?? 'read error'}). Save the ${noun} again, ${ENV_ADVICE}.`,
        );
      }
      let parsed: Partial<TokenFile>;
      try {
        parsed = JSON.parse(text) as Partial<TokenFile>;
      } catch {
        parsed = {};
      }
      if (parsed.format !== FILE_FORMAT || parsed.version !== FILE_VERSION || typeof parsed.data !== 'string') {
        throw unavailableError(
          `The saved ${noun} file ${filePath} is damaged or from a newer Gleaner. Save the ${noun} again, ${ENV_ADVICE}.`,
        );
      }
      try {
        const token = safeStorage.decryptString(Buffer.from(parsed.data, 'base64'));
        return token ? token : null;
      } catch {
        throw unavailableError(
          `The saved ${noun} in ${filePath} could not be decrypted (it was saved by another user or the system keyring changed). Save the ${noun} again, ${ENV_ADVICE}.`,
        );
      }
    },

    async setToken(token) {
      if (!token) throw new GleanerError('INVALID_INPUT', `The ${noun} is empty; nothing was saved.`);
      await assertAvailable();
      let encrypted: Buffer;
      try {
        encrypted = safeStorage.encryptString(token);
      } catch {
        throw unavailableError(
          `Secure ${noun} storage is unavailable: Electron’s safeStorage could not encrypt the ${noun}. Nothing was saved; start a keyring, ${ENV_ADVICE}.`,
        );
      }
      const file: TokenFile = {
        format: FILE_FORMAT,
        version: FILE_VERSION,
        encryption: 'electron-safeStorage',
        data: encrypted.toString('base64'),
      };
      try {
        await writeAtomically(`${JSON.stringify(file)}\n`);
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'write error';
        // A full disk or a folder without write permission: the person can act on it.
        throw new GleanerError(
          'STORAGE_ERROR',
          `The ${noun} could not be saved to ${filePath} (${code}); the previous one, if any, is unchanged.`,
        );
      }
    },

    async clearToken() {
      try {
        await fs.rm(filePath, { force: true });
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'remove error';
        throw new GleanerError('STORAGE_ERROR', `The saved ${noun} ${filePath} could not be removed (${code}).`);
      }
    },
  };
}
