import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { environmentWithoutToken } from '../../../../src/main/core/secrets/env-store';
import { loadInstalledKeytar } from '../../../../src/main/core/secrets/keytar-store';
import { canonicalFingerprint, loadOrCreateSigningKey, rawPublicKey, verifyEd25519 } from '../../../../src/main/core/secrets/signing-key';
import {
  createMemorySigningKeyStore,
  createSigningKeyStore,
  SIGNING_KEY_ACCOUNT,
} from '../../../../src/main/core/secrets/signing-key-store';
import { createLogger } from '../../../../src/main/core/log';
import { createHash } from 'node:crypto';
import { fakeKeytar } from './fakes';

const REAL_KEYRING = process.env.GLEANER_TEST_KEYRING === '1';

describe('case-bundle signing key', () => {
  it('is made once, on first need, and kept in the keychain under its own account', async () => {
    const keytar = fakeKeytar();
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    const store = createSigningKeyStore({ env: {}, log, loadKeytar: () => keytar, platform: 'linux' });
    const first = await loadOrCreateSigningKey(store);
    expect([...keytar.entries.keys()]).toEqual([`Gleaner\u0000${SIGNING_KEY_ACCOUNT}`]);
    const second = await loadOrCreateSigningKey(store);
    expect(second.fingerprint).toBe(first.fingerprint);
    const pem = [...keytar.entries.values()][0]!;
    log.info('oops', { detail: pem });
    expect(lines.join('\n')).not.toContain(pem.split('\n')[1]);
  });

  it('has the fingerprint openssl gives: SHA-256 of the raw 32-byte public key, in groups of four', async () => {
    const key = await loadOrCreateSigningKey(createMemorySigningKeyStore());
    const raw = rawPublicKey(createPublicKey(key.publicKeyPem));
    expect(raw).toHaveLength(32);
    expect(canonicalFingerprint(key.fingerprint)).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(key.fingerprint).toMatch(/^([0-9a-f]{4}:){15}[0-9a-f]{4}$/);
    const data = Buffer.from('manifest');
    expect(verifyEd25519(createPublicKey(key.publicKeyPem), data, key.sign(data))).toBe(true);
    expect(verifyEd25519(createPublicKey(key.publicKeyPem), Buffer.from('other'), key.sign(data))).toBe(false);
  });

  it('takes GLEANER_SIGNING_KEY for scripts, keeps it from child processes, and refuses a key that is not Ed25519', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const broken = fakeKeytar(() => new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
    const store = createSigningKeyStore({ env: { GLEANER_SIGNING_KEY: pem }, loadKeytar: () => broken, platform: 'linux' });
    const key = await loadOrCreateSigningKey(store);
    expect(key.publicKeyPem).toBe(createPublicKey(createPrivateKey(pem)).export({ type: 'spki', format: 'pem' }).toString());
    expect(environmentWithoutToken({ GLEANER_SIGNING_KEY: pem, HOME: '/h' })).toEqual({ HOME: '/h' });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(loadOrCreateSigningKey(createMemorySigningKeyStore(rsa))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('says the signing key cannot be kept, and what to do, when there is no keychain', async () => {
    const broken = fakeKeytar(() => new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
    const store = createSigningKeyStore({ env: {}, loadKeytar: () => broken, platform: 'linux' });
    await expect(loadOrCreateSigningKey(store)).rejects.toMatchObject({
      code: 'SECRET_STORE_UNAVAILABLE',
      message: expect.stringMatching(/signing key cannot be kept in the OS keychain.*GLEANER_SIGNING_KEY/),
    });
  });

  it('keeps the key in the real keychain across stores (run under scripts/with-keyring.sh)', async () => {
    expect(REAL_KEYRING, 'run as `bash scripts/with-keyring.sh npx vitest run test/main/core/secrets`').toBe(true);
    const service = `Gleaner-test-${process.pid}`;
    const first = await loadOrCreateSigningKey(createSigningKeyStore({ env: {}, loadKeytar: loadInstalledKeytar, service }));
    const again = await loadOrCreateSigningKey(createSigningKeyStore({ env: {}, loadKeytar: loadInstalledKeytar, service }));
    expect(again.fingerprint).toBe(first.fingerprint);
  });
});
