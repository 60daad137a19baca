import * as nodeFs from 'node:fs/promises';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GleanerError } from '../../../src/shared/errors';
import {
  chooseSecretStore,
  createSafeStorageSecretStore,
  HUB_PASSWORD_SECRET,
  SAFE_STORAGE_TOKEN_FILE,
  safeStorageHubPasswordFile,
  type SafeStorageLike,
} from '../../../src/main/electron/safe-storage-store';
import { createHubPasswordStore } from '../../../src/main/core/secrets/hub-password-store';
import { createKeytarSecretStore } from '../../../src/main/core/secrets/keytar-store';
import { fakeKeytar } from '../core/secrets/fakes';

const TOKEN = 'tok_safe_Rt6Yu1Io9P';
type Backend = ReturnType<SafeStorageLike['getSelectedStorageBackend']>;

/** A reversible stand-in cipher: a marker, then the bytes XORed, so nothing is in plain text. */
function fakeSafeStorage(options: { available?: boolean | (() => boolean); backend?: Backend | (() => Backend) } = {}) {
  const calls = { encrypt: 0, decrypt: 0 };
  const value = <T>(v: T | (() => T)): T => (typeof v === 'function' ? (v as () => T)() : v);
  const safeStorage: SafeStorageLike = {
    isEncryptionAvailable: () => value(options.available ?? true),
    getSelectedStorageBackend: () => value(options.backend ?? 'gnome_libsecret'),
    encryptString: (plain) => {
      calls.encrypt += 1;
      return Buffer.concat([Buffer.from('FAKE1'), Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)]);
    },
    decryptString: (encrypted) => {
      calls.decrypt += 1;
      if (encrypted.subarray(0, 5).toString() !== 'FAKE1')
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(encrypted.subarray(5).map((b) => b ^ 0x5a)).toString('utf8');
    },
  };
  return { safeStorage, calls };
}

async function rejection(promise: Promise<unknown>): Promise<GleanerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GleanerError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

let dir: string;
let filePath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-safe-storage-'));
  filePath = join(dir, SAFE_STORAGE_TOKEN_FILE);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('safeStorage token file', () => {
  it('round-trips the token through the cipher, in a file only its owner can read', async () => {
    const { safeStorage, calls } = fakeSafeStorage();
    const store = createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' });
    expect(await store.available()).toBe(true);
    expect(await store.getToken()).toBeNull();
    await store.setToken(TOKEN);
    expect(calls.encrypt).toBe(1);
    expect(await store.getToken()).toBe(TOKEN);
    expect(calls.decrypt).toBe(1);
    if (process.platform !== 'win32') expect(statSync(filePath).mode & 0o777).toBe(0o600);
    // Another store over the same file (the next start of the app) reads it back.
    expect(await createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }).getToken()).toBe(TOKEN);
  });

  it('never writes the token in plain text (nor merely base64-encoded)', async () => {
    const { safeStorage } = fakeSafeStorage();
    await createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }).setToken(TOKEN);
    const text = readFileSync(filePath, 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(Buffer.from(TOKEN).toString('base64').slice(0, 12));
    expect(readFileSync(filePath).includes(Buffer.from(TOKEN))).toBe(false);
    expect(JSON.parse(text)).toMatchObject({ format: 'gleaner-token', version: 1, encryption: 'electron-safeStorage' });
  });

  it('writes atomically: no temporary file is left, and a replaced token is replaced whole', async () => {
    const { safeStorage } = fakeSafeStorage();
    const store = createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' });
    await store.setToken(TOKEN);
    await store.setToken(`${TOKEN}-second`);
    expect(readdirSync(dir)).toEqual([SAFE_STORAGE_TOKEN_FILE]);
    expect(await store.getToken()).toBe(`${TOKEN}-second`);
  });

  it('keeps the previous token and leaves no temporary file when the final rename fails', async () => {
    const { safeStorage } = fakeSafeStorage();
    await createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }).setToken(TOKEN);
    const failingFs = {
      ...nodeFs,
      rename: async () => {
        throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
      },
    };
    const store = createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux', fs: failingFs });
    const error = await rejection(store.setToken('tok_never_written_555'));
    expect(error.code).toBe('STORAGE_ERROR');
    expect(error.message).toMatch(/could not be saved .*EXDEV.*unchanged/);
    expect(error.message).not.toContain('tok_never_written_555');
    expect(readdirSync(dir)).toEqual([SAFE_STORAGE_TOKEN_FILE]);
    expect(await store.getToken()).toBe(TOKEN);
  });

  it('creates the data folder when it does not exist yet', async () => {
    const nested = join(dir, 'new', 'Gleaner', SAFE_STORAGE_TOKEN_FILE);
    const { safeStorage } = fakeSafeStorage();
    const store = createSafeStorageSecretStore({ safeStorage, filePath: nested, platform: 'linux' });
    await store.setToken(TOKEN);
    expect(await store.getToken()).toBe(TOKEN);
  });

  it('clears the file, and clearing nothing is fine', async () => {
    const { safeStorage } = fakeSafeStorage();
    const store = createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' });
    await store.setToken(TOKEN);
    await store.clearToken();
    expect(readdirSync(dir)).toEqual([]);
    expect(await store.getToken()).toBeNull();
    await store.clearToken();
  });

  it('names where the token is', () => {
    const { safeStorage } = fakeSafeStorage();
    const store = createSafeStorageSecretStore({ safeStorage, filePath });
    expect(store.location).toContain(filePath);
    expect(store.location).toMatch(/^an encrypted file/);
  });
});

describe('safeStorage refuses to store where it would not protect the token', () => {
  it.each(['basic_text', 'unknown'] as const)('refuses the Linux “%s” backend', async (backend) => {
    const { safeStorage, calls } = fakeSafeStorage({ backend });
    const store = createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' });
    expect(await store.available()).toBe(false);
    expect(await store.unavailableReason?.()).toContain(backend);
    const error = await rejection(store.setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toMatch(/^Secure token storage is unavailable: .*GLEANER_TOKEN/);
    expect(error.message).not.toContain(TOKEN);
    expect(calls.encrypt).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    expect((await rejection(store.getToken())).code).toBe('SECRET_STORE_UNAVAILABLE');
  });

  it('refuses when encryption is unavailable', async () => {
    const { safeStorage, calls } = fakeSafeStorage({ available: false });
    const store = createSafeStorageSecretStore({ safeStorage, filePath, platform: 'win32' });
    expect(await store.available()).toBe(false);
    const error = await rejection(store.setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toMatch(/cannot encrypt/);
    expect(calls.encrypt).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('treats a throwing safeStorage as unavailable', async () => {
    const { safeStorage } = fakeSafeStorage({
      available: () => {
        throw new Error('not ready');
      },
    });
    expect(await createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }).available()).toBe(false);
  });

  it('asks for the backend on Linux only', async () => {
    const { safeStorage } = fakeSafeStorage({
      backend: () => {
        throw new Error('getSelectedStorageBackend is only available on Linux');
      },
    });
    expect(await createSafeStorageSecretStore({ safeStorage, filePath, platform: 'darwin' }).available()).toBe(true);
    expect(await createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }).available()).toBe(false);
  });

  it('reports a failed encryption without the token', async () => {
    const { safeStorage } = fakeSafeStorage();
    safeStorage.encryptString = (plain) => {
      throw new Error(`could not encrypt ${plain}`);
    };
    const error = await rejection(createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }).setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).not.toContain(TOKEN);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says so when the file cannot be decrypted or is damaged', async () => {
    const { safeStorage } = fakeSafeStorage();
    const store = createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' });
    writeFileSync(
      filePath,
      JSON.stringify({
        format: 'gleaner-token',
        version: 1,
        encryption: 'electron-safeStorage',
        data: Buffer.from('other key').toString('base64'),
      }),
    );
    const undecryptable = await rejection(store.getToken());
    expect(undecryptable.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(undecryptable.message).toMatch(/could not be decrypted/);
    writeFileSync(filePath, 'not json');
    expect((await rejection(store.getToken())).message).toMatch(/damaged/);
  });

  it('refuses an empty token', async () => {
    const { safeStorage } = fakeSafeStorage();
    expect((await rejection(createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }).setToken(''))).code).toBe(
      'INVALID_INPUT',
    );
  });
});

describe('chooseSecretStore with keytar and safeStorage', () => {
  it('uses the keychain when keytar works', async () => {
    const keytar = fakeKeytar();
    const { safeStorage } = fakeSafeStorage();
    const store = chooseSecretStore(
      createKeytarSecretStore(() => keytar, { platform: 'linux' }),
      createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }),
    );
    await store.setToken(TOKEN);
    expect(keytar.entries.size).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
    expect(store.location).toBe('the system keychain (Secret Service)');
  });

  it('uses the encrypted file when keytar is missing', async () => {
    const { safeStorage } = fakeSafeStorage();
    const store = chooseSecretStore(
      createKeytarSecretStore(() => null, { platform: 'linux' }),
      createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }),
    );
    expect(await store.available()).toBe(true);
    await store.setToken(TOKEN);
    expect(readdirSync(dir)).toEqual([SAFE_STORAGE_TOKEN_FILE]);
    expect(await store.getToken()).toBe(TOKEN);
    expect(store.location).toContain(filePath);
  });

  it('refuses with a plain sentence when keytar is missing and safeStorage is basic_text', async () => {
    const { safeStorage } = fakeSafeStorage({ backend: 'basic_text' });
    const store = chooseSecretStore(
      createKeytarSecretStore(() => null, { platform: 'linux' }),
      createSafeStorageSecretStore({ safeStorage, filePath, platform: 'linux' }),
    );
    expect(await store.available()).toBe(false);
    const error = await rejection(store.setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toMatch(/GLEANER_TOKEN/);
    expect(error.message).not.toContain(TOKEN);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('safeStorage files for team hub passwords', () => {
  const PASSWORD = 'hub-pw-Vb8nQ2wZx5';
  const accounts = ['team-hub desk@db.example.org:5432/newsroom', 'team-hub desk@other.example.org:5432/newsroom'];
  const hubStore = (safeStorage: SafeStorageLike) =>
    createHubPasswordStore({
      env: {},
      platform: 'linux',
      // No keychain on this machine: the desktop app's fallback takes each hub's password.
      loadKeytar: () => fakeKeytar(() => new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      fallback: (account) =>
        createSafeStorageSecretStore({
          safeStorage,
          filePath: join(dir, safeStorageHubPasswordFile(account)),
          platform: 'linux',
          secret: HUB_PASSWORD_SECRET,
        }),
    });

  it('keeps each hub’s password encrypted in a file of its own when no keychain works, and clears it on disconnect', async () => {
    const store = hubStore(fakeSafeStorage().safeStorage);
    await store.set(accounts[0]!, PASSWORD);
    await store.set(accounts[1]!, `${PASSWORD}-2`);
    expect(await store.get(accounts[0]!)).toBe(PASSWORD);
    expect(await store.get(accounts[1]!)).toBe(`${PASSWORD}-2`);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(accounts.map(safeStorageHubPasswordFile).sort());
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain('desk@');
      expect(JSON.parse(text)).toMatchObject({ format: 'gleaner-hub-password' });
    }
    expect(store.location).toMatch(/encrypted file in the Gleaner data folder/);
    await store.clear(accounts[0]!);
    expect(await store.get(accounts[0]!)).toBeNull();
    expect(readdirSync(dir)).toEqual([safeStorageHubPasswordFile(accounts[1]!)]);
  });

  it('names the hub password and its variable when neither the keychain nor safeStorage can keep it', async () => {
    const store = hubStore(fakeSafeStorage({ backend: 'basic_text' }).safeStorage);
    const error = await rejection(store.set(accounts[0]!, PASSWORD));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toMatch(/hub’s password/);
    expect(error.message).toMatch(/GLEANER_HUB_PASSWORD/);
    expect(error.message).not.toMatch(/GLEANER_TOKEN|\btoken\b/);
    expect(error.message).not.toContain(PASSWORD);
    expect(readdirSync(dir)).toEqual([]);
  });
});
