import { describe, expect, it } from 'vitest';
import { environmentWithoutToken } from '../../../../src/main/core/secrets/env-store';
import { createHubPasswordStore } from '../../../../src/main/core/secrets/hub-password-store';
import { loadInstalledKeytar } from '../../../../src/main/core/secrets/keytar-store';
import { createLogger } from '../../../../src/main/core/log';
import { fakeKeytar } from './fakes';

const PASSWORD = 'hub-pw-Q7r2mXv9LkP3';
const ACCOUNT = 'team-hub desk@db.example.org:5432/newsroom';
const REAL_KEYRING = process.env.GLEANER_TEST_KEYRING === '1';

describe('hub password store', () => {
  it('keeps one keychain entry per hub under the Gleaner service, and registers the password for redaction', async () => {
    const keytar = fakeKeytar();
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    const store = createHubPasswordStore({ env: {}, log, loadKeytar: () => keytar, platform: 'linux' });
    expect(await store.get(ACCOUNT)).toBeNull();
    await store.set(ACCOUNT, PASSWORD);
    expect([...keytar.entries.keys()]).toEqual([`Gleaner\u0000${ACCOUNT}`]);
    expect(await store.get(ACCOUNT)).toBe(PASSWORD);
    expect(await store.get('team-hub other@h:5432/db')).toBeNull();
    log.info('connecting', { detail: `with ${PASSWORD}` });
    expect(lines.join('\n')).not.toContain(PASSWORD);
    await store.clear(ACCOUNT);
    expect(keytar.entries.size).toBe(0);
  });

  it('lets GLEANER_HUB_PASSWORD win, and still connects when the keychain cannot keep the password', async () => {
    const broken = fakeKeytar(() => new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
    const store = createHubPasswordStore({ env: { GLEANER_HUB_PASSWORD: PASSWORD }, loadKeytar: () => broken, platform: 'linux' });
    expect(store.overriddenByEnvironment).toBe(true);
    expect(await store.get(ACCOUNT)).toBe(PASSWORD);
    await expect(store.set(ACCOUNT, PASSWORD)).resolves.toBeUndefined();
    expect(environmentWithoutToken({ GLEANER_HUB_PASSWORD: PASSWORD, HOME: '/home/a' })).toEqual({ HOME: '/home/a' });
  });

  it('says the hub password (not the token) cannot be kept, without the password in the sentence', async () => {
    const broken = fakeKeytar((password) => new Error(`refused ${password ?? ''}`));
    const store = createHubPasswordStore({ env: {}, loadKeytar: () => broken, platform: 'linux' });
    const error = (await store.set(ACCOUNT, PASSWORD).then(
      () => null,
      (e: unknown) => e,
    )) as Error & { code: string };
    expect(error.code).toBe('SECRET_STORE_UNAVAILABLE');
    expect(error.message).toMatch(/hub’s password/);
    expect(error.message).toMatch(/GLEANER_HUB_PASSWORD/);
    expect(error.message).not.toContain(PASSWORD);
  });

  it('saves, reads and clears a hub password in the real keychain (run under scripts/with-keyring.sh)', async () => {
    expect(REAL_KEYRING, 'run as `bash scripts/with-keyring.sh npx vitest run test/main/core/secrets`').toBe(true);
    const store = createHubPasswordStore({ env: {}, loadKeytar: loadInstalledKeytar, service: 'Gleaner-test' });
    const account = `team-hub test-${process.pid}-${Math.random().toString(36).slice(2)}@127.0.0.1:5432/db`;
    await store.set(account, PASSWORD);
    expect(await store.get(account)).toBe(PASSWORD);
    await store.clear(account);
    expect(await store.get(account)).toBeNull();
  });
});
