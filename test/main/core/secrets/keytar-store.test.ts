import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createKeytarSecretStore,
  KEYCHAIN_ACCOUNT,
  KEYCHAIN_SERVICE,
  keychainLocation,
  keytarLoaderFrom,
  loadInstalledKeytar,
} from '../../../../src/main/core/secrets/keytar-store';
import { fakeKeytar, rejection } from './fakes';

const TOKEN = 'tok_live_Zx81QpLmN0vR7sTu';
const REAL_KEYRING = process.env.GLEANER_TEST_KEYRING === '1';
const NO_KEYRING =
  'These tests need a real Secret Service and are not skipped without one: run them as ' +
  '`bash scripts/with-keyring.sh npx vitest run test/main/core/secrets` (it starts a private, unlocked gnome-keyring and sets GLEANER_TEST_KEYRING=1).';

function requireRealKeyring(): void {
  if (!REAL_KEYRING) throw new Error(NO_KEYRING);
}

/** An entry of its own per run, so a developer's real Gleaner token is never touched. */
const testEntry = () => ({ service: 'Gleaner-test', account: `token-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}` });

describe('keytar store on the real keychain (run under scripts/with-keyring.sh)', () => {
  it('has a real Secret Service to talk to', () => {
    expect(REAL_KEYRING, NO_KEYRING).toBe(true);
  });

  it('saves, reads, replaces and clears the token in the keychain', async () => {
    requireRealKeyring();
    const store = createKeytarSecretStore(undefined, testEntry());
    expect(store.location).toBe('the system keychain (Secret Service)');
    expect(await store.available()).toBe(true);
    expect(await store.unavailableReason?.()).toBeNull();
    expect(await store.getToken()).toBeNull();

    await store.setToken(TOKEN);
    expect(await store.getToken()).toBe(TOKEN);
    await store.setToken(`${TOKEN}-2`);
    expect(await store.getToken()).toBe(`${TOKEN}-2`);

    await store.clearToken();
    expect(await store.getToken()).toBeNull();
    await store.clearToken(); // clearing nothing is fine
    expect(await store.getToken()).toBeNull();
  });

  it('keeps the token across store instances (it is in the keychain, not in memory)', async () => {
    requireRealKeyring();
    const entry = testEntry();
    const writer = createKeytarSecretStore(undefined, entry);
    await writer.setToken(TOKEN);
    try {
      const reader = createKeytarSecretStore(loadInstalledKeytar, entry);
      expect(await reader.getToken()).toBe(TOKEN);
    } finally {
      await writer.clearToken();
    }
  });

  it('refuses an empty token without touching the keychain', async () => {
    requireRealKeyring();
    const store = createKeytarSecretStore(undefined, testEntry());
    const error = await rejection(store.setToken(''));
    expect(error.code).toBe('INVALID_INPUT');
    expect(await store.getToken()).toBeNull();
  });

  it('says plainly that it is unavailable, without the token, when no Secret Service answers (real keytar)', async () => {
    // A child process whose D-Bus session address leads nowhere: the real keytar, really failing.
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-keytar-'));
    try {
      const script = join(dir, 'probe.mts');
      const storeModule = resolve(__dirname, '../../../../src/main/core/secrets/keytar-store.ts');
      writeFileSync(
        script,
        [
          `import * as m from ${JSON.stringify(storeModule)};`,
          `const store = m.createKeytarSecretStore(undefined, { platform: 'linux', service: 'Gleaner-test', account: 'probe' });`,
          `const out = { available: await store.available(), reason: await store.unavailableReason() };`,
          `try { await store.setToken(${JSON.stringify(TOKEN)}); out.saved = true; } catch (e) { out.code = e.code; out.message = e.message; }`,
          `try { await store.getToken(); } catch (e) { out.getCode = e.code; }`,
          `process.stdout.write(JSON.stringify(out));`,
        ].join('\n'),
      );
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        cwd: resolve(__dirname, '../../../..'),
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus')}`, DISPLAY: '' },
        timeout: 15_000,
      });
      const out = JSON.parse(stdout) as {
        available: boolean;
        reason: string;
        saved?: boolean;
        code?: string;
        message?: string;
        getCode?: string;
      };
      expect(out.available).toBe(false);
      expect(out.saved).toBeUndefined();
      expect(out.code).toBe('SECRET_STORE_UNAVAILABLE');
      expect(out.getCode).toBe('SECRET_STORE_UNAVAILABLE');
      expect(out.message).toMatch(/Secret Service/);
      expect(out.message).toMatch(/GLEANER_TOKEN/);
      expect(out.message).not.toContain(TOKEN);
      expect(out.reason).not.toContain(TOKEN);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('keytar store with keytar missing', () => {
  it('is unavailable and says what to install, or to use GLEANER_TOKEN', async () => {
    const store = createKeytarSecretStore(() => null, { platform: 'linux' });
    expect(await store.available()).toBe(false);
    const reason = await store.unavailableReason?.();
    expect(reason).toMatch(/^Secure token storage is unavailable: .*keytar.*could not be loaded/);
    expect(reason).toMatch(/libsecret/);
    expect(reason).toMatch(/GLEANER_TOKEN/);

    const error = await rejection(store.setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toBe(reason);
    expect(error.message).not.toContain(TOKEN);
    expect((await rejection(store.getToken())).code).toBe('SECRET_STORE_UNAVAILABLE');
    expect((await rejection(store.clearToken())).code).toBe('SECRET_STORE_UNAVAILABLE');
  });

  it('reports why the module could not be loaded (first line only)', async () => {
    const store = createKeytarSecretStore(
      () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory\n    at Module._extensions');
      },
      { platform: 'linux' },
    );
    const error = await rejection(store.setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toContain('(libsecret-1.so.0: cannot open shared object file: No such file or directory)');
    expect(error.message).not.toContain('Module._extensions');
  });

  it('gives platform advice on macOS and Windows', async () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const reason = await createKeytarSecretStore(() => null, { platform }).unavailableReason?.();
      expect(reason).toMatch(/npm ci/);
      expect(reason).toMatch(/GLEANER_TOKEN/);
      expect(reason).not.toMatch(/libsecret/);
    }
  });

  it('loads keytar lazily and only once', async () => {
    let loads = 0;
    const keytar = fakeKeytar();
    const store = createKeytarSecretStore(() => {
      loads += 1;
      return keytar;
    });
    expect(loads).toBe(0);
    await store.available();
    await store.setToken(TOKEN);
    await store.getToken();
    expect(loads).toBe(1);
  });

  it('treats a failing explicit module path as unavailable', async () => {
    const store = createKeytarSecretStore(keytarLoaderFrom('/nonexistent/keytar.node'), { platform: 'linux' });
    expect(await store.available()).toBe(false);
    expect((await rejection(store.setToken(TOKEN))).code).toBe('SECRET_STORE_UNAVAILABLE');
  });

  it('loads the installed keytar and a keytar given by path', () => {
    const installed = loadInstalledKeytar();
    expect(typeof installed?.getPassword).toBe('function');
    const byPath = keytarLoaderFrom(require.resolve('keytar'))();
    expect(typeof byPath?.setPassword).toBe('function');
  });

  it('accepts an ES-module namespace with a default export', async () => {
    const keytar = fakeKeytar();
    const store = createKeytarSecretStore(() => ({ default: keytar }) as never);
    await store.setToken(TOKEN);
    expect(await store.getToken()).toBe(TOKEN);
  });
});

describe('keytar store when the keychain service fails', () => {
  const dbusErrors = [
    'Cannot autolaunch D-Bus without X11 $DISPLAY',
    'Could not connect: No such file or directory',
    'The name org.freedesktop.secrets was not provided by any .service files',
  ];

  it.each(dbusErrors)('treats “%s” as no Secret Service, without the token', async (message) => {
    const store = createKeytarSecretStore(() => fakeKeytar(() => new Error(message)), { platform: 'linux' });
    expect(await store.available()).toBe(false);
    expect(await store.unavailableReason?.()).toMatch(/no Secret Service .* answers on this session’s D-Bus/);
    const error = await rejection(store.setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toMatch(/Secret Service/);
    expect(error.message).toMatch(/GLEANER_TOKEN/);
    expect(error.message).not.toContain(TOKEN);
    expect(error.cause).toBeUndefined();
    expect((await rejection(store.getToken())).code).toBe('SECRET_STORE_UNAVAILABLE');
    expect((await rejection(store.clearToken())).code).toBe('SECRET_STORE_UNAVAILABLE');
  });

  it('explains a locked or missing default keyring', async () => {
    const store = createKeytarSecretStore(
      () => fakeKeytar(() => new Error('Object does not exist at path “/org/freedesktop/secrets/collection/login”')),
      { platform: 'linux' },
    );
    const error = await rejection(store.setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toMatch(/no unlocked default keyring/);
  });

  it('redacts the token even if a native error repeats it', async () => {
    const store = createKeytarSecretStore(() => fakeKeytar((password) => new Error(`could not store "${password ?? ''}" in the vault`)), {
      platform: 'darwin',
    });
    const error = await rejection(store.setToken(TOKEN));
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toContain('[redacted]');
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).toMatch(/macOS Keychain/);
  });

  it('copes with a keytar that rejects with a non-Error value', async () => {
    const store = createKeytarSecretStore(() => fakeKeytar(() => 'DBus.Error.ServiceUnknown'), { platform: 'linux' });
    const error = await rejection(store.getToken());
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toMatch(/DBus\.Error\.ServiceUnknown/);
  });
});

describe('keytar store with a working keychain (fake keytar)', () => {
  it('uses the Gleaner service and the retrieval-service-token account', async () => {
    const keytar = fakeKeytar();
    const store = createKeytarSecretStore(() => keytar);
    await store.setToken(TOKEN);
    await store.getToken();
    await store.clearToken();
    expect(KEYCHAIN_SERVICE).toBe('Gleaner');
    expect(KEYCHAIN_ACCOUNT).toBe('retrieval-service-token');
    expect(keytar.calls.map((c) => [c.service, c.account])).toEqual(
      Array.from({ length: 3 }, () => ['Gleaner', 'retrieval-service-token']),
    );
  });

  it('round-trips, and reads an empty entry as no token', async () => {
    const keytar = fakeKeytar();
    const store = createKeytarSecretStore(() => keytar);
    expect(await store.getToken()).toBeNull();
    await store.setToken(TOKEN);
    expect(await store.getToken()).toBe(TOKEN);
    keytar.entries.set(`${KEYCHAIN_SERVICE}\u0000${KEYCHAIN_ACCOUNT}`, '');
    expect(await store.getToken()).toBeNull();
    await store.clearToken();
    expect(keytar.entries.size).toBe(0);
  });

  it('names the keychain of each platform', () => {
    expect(keychainLocation('linux')).toBe('the system keychain (Secret Service)');
    expect(keychainLocation('darwin')).toBe('the macOS Keychain');
    expect(keychainLocation('win32')).toBe('Windows Credential Manager');
    expect(createKeytarSecretStore(() => fakeKeytar(), { platform: 'win32' }).location).toBe('Windows Credential Manager');
  });
});
