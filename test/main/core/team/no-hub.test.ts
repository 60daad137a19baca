import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryHubPasswordStore } from '../../../../src/main/core/secrets/hub-password-store';
import { createTestCore, type TestCore } from '../../../helpers/core';

describe('a library with no team hub', () => {
  let testCore: TestCore | undefined;
  afterEach(async () => {
    await testCore?.dispose();
  });

  it('opens no connection, gives the queue no team hooks, and says it is not connected', async () => {
    const hubPasswords = createMemoryHubPasswordStore();
    let asked = 0;
    testCore = createTestCore({ hubPasswords: { ...hubPasswords, get: async (account) => (asked++, hubPasswords.get(account)) } });
    const { core } = testCore;
    core.context.team.use({
      name: 'quota',
      queueHooks: { beforeSend: async () => ({ kind: 'later', notBefore: 0 }) },
    });
    expect(core.startQueue()).toBe(true);
    expect(core.context.team.queueHooks()).toBeNull();
    const status = await core.client.call('team.status', {});
    expect(status).toMatchObject({ state: 'not-connected', url: null, members: [], sync: null, budget: null, token: null });
    expect(asked).toBe(0);
    await expect(core.client.call('team.sync', {})).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect((await core.client.call('team.disconnect', {})).state).toBe('not-connected');
  });

  it('refuses a hub URL with a password in it over the bridge, without echoing it or saving anything', async () => {
    testCore = createTestCore();
    const { core } = testCore;
    const error = await core.client
      .call('team.connect', { url: 'postgres://desk:Sup3rSecretPw@127.0.0.1:1/db', password: 'Sup3rSecretPw' })
      .then(
        () => null,
        (e: unknown) => e as Error & { code: string },
      );
    expect(error?.code).toBe('INVALID_INPUT');
    expect(error?.message).not.toContain('Sup3rSecretPw');
    expect(core.context.settings.entries('team.')).toEqual([]);
    expect(testCore.logLines.join('\n')).not.toContain('Sup3rSecretPw');
  });
});
