import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoreContext } from '../../../../src/main/core/context';
import type { TokenOriginAnswer, TokenOriginQuestion } from '../../../../src/main/core/secrets/confirm-token-origin';
import { setConfig } from '../../../../src/main/core/settings/service-settings';
import { allowTokenOrigin, saveToken, tokenStatus } from '../../../../src/main/core/usecases/token';
import { createTestCore, type TestCore } from '../../../helpers/core';

const TOKEN = 'sk_live_0123456789abcdef0123';
const HERE = 'https://api.example.com';
const THERE = 'https://old.example.com';

let testCore: TestCore;
let ctx: CoreContext;
beforeEach(() => {
  testCore = createTestCore();
  ctx = testCore.core.context;
});
afterEach(() => testCore.dispose());

const pointAt = (baseUrl: string) => setConfig(ctx.settings, 'base-url', baseUrl);
const saved = () => ctx.secretStore.getToken();
/** The context with a host that answers the person's question this way, recording what it was asked. */
function asking(answer: TokenOriginAnswer | ((question: TokenOriginQuestion) => TokenOriginAnswer)) {
  const confirm = vi.fn(async (question: TokenOriginQuestion) => (typeof answer === 'function' ? answer(question) : answer));
  return { confirm, ctx: { ...ctx, confirmTokenOrigin: confirm } };
}

describe('tokenStatus', () => {
  it('says no token is stored at first, and where one would be kept', async () => {
    expect(await tokenStatus(ctx)).toEqual({
      stored: false,
      available: true,
      location: 'process memory (not persisted)',
      overriddenByEnvironment: false,
      origin: null,
      elsewhere: null,
    });
  });

  it('names where a token was saved for, and where requests go instead when that differs', async () => {
    await ctx.secretStore.setToken(`${TOKEN} ${THERE}`);
    pointAt(`${HERE}/v1`);
    expect(await tokenStatus(ctx)).toMatchObject({ stored: true, origin: THERE, elsewhere: HERE });
    pointAt(`${THERE}/v1`);
    expect(await tokenStatus(ctx)).toMatchObject({ stored: true, origin: THERE, elsewhere: null });
  });

  it('gives a token from GLEANER_TOKEN no address of its own', async () => {
    await ctx.secretStore.setToken(`${TOKEN} ${THERE}`);
    pointAt(HERE);
    const fromEnvironment = { ...ctx, secretStore: { ...ctx.secretStore, overriddenByEnvironment: true } };
    expect(await tokenStatus(fromEnvironment)).toMatchObject({
      stored: true,
      overriddenByEnvironment: true,
      origin: null,
      elsewhere: null,
    });
  });
});

describe('saveToken', () => {
  it('saves the token for where requests go now, and keeps it out of the log', async () => {
    pointAt(`${HERE}/v1`);
    expect(await saveToken(ctx, `  ${TOKEN}\n`)).toMatchObject({ stored: true, origin: HERE, elsewhere: null });
    expect(await saved()).toBe(`${TOKEN} ${HERE}`);
    ctx.log.info(`sending with ${TOKEN}`);
    expect(testCore.logLines.join('\n')).not.toContain(TOKEN);
  });

  it('saves it unbound on the demo service, for the first real address it is sent to', async () => {
    expect(await saveToken(ctx, TOKEN)).toMatchObject({ stored: true, origin: null });
    expect(await saved()).toBe(TOKEN);
  });

  it('refuses a malformed token, saving nothing', async () => {
    await expect(saveToken(ctx, 'Bearer sk_live_0123456789abcdef0123')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await saved()).toBeNull();
  });

  it('resumes a queue paused for a missing token', async () => {
    ctx.queue.pause('TOKEN_MISSING');
    await saveToken(ctx, TOKEN);
    expect(ctx.queue.status().paused).toBeNull();
  });
});

describe('allowTokenOrigin', () => {
  beforeEach(async () => {
    await ctx.secretStore.setToken(`${TOKEN} ${THERE}`);
    pointAt(`${HERE}/v1`);
  });

  it('binds the saved token to where requests go, once the person allows it, and resumes the queue', async () => {
    ctx.queue.pause('TOKEN_ELSEWHERE');
    const { confirm, ctx: allowing } = asking({ kind: 'allowed' });
    expect(await allowTokenOrigin(allowing, HERE, '123456')).toMatchObject({
      outcome: 'allowed',
      token: { origin: HERE, elsewhere: null },
    });
    expect(confirm).toHaveBeenCalledWith({ origin: HERE, savedFor: THERE, code: '123456' });
    expect(await saved()).toBe(`${TOKEN} ${HERE}`);
    expect(ctx.queue.status().paused).toBeNull();
  });

  it('changes nothing when the person declines, or when a code is still needed', async () => {
    expect(await allowTokenOrigin(asking({ kind: 'declined' }).ctx, HERE, undefined)).toMatchObject({
      outcome: 'declined',
      token: { origin: THERE, elsewhere: HERE },
    });
    expect(await allowTokenOrigin(asking({ kind: 'code-needed', where: 'the terminal' }).ctx, HERE, undefined)).toMatchObject({
      outcome: 'code-needed',
      where: 'the terminal',
    });
    expect(await saved()).toBe(`${TOKEN} ${THERE}`);
  });

  it('refuses, without asking, where the host cannot ask outside the window', async () => {
    await expect(allowTokenOrigin({ ...ctx, confirmTokenOrigin: undefined }, HERE, undefined)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining(`gleaner token allow ${HERE}`),
    });
    expect(await saved()).toBe(`${TOKEN} ${THERE}`);
  });

  it('refuses an address requests do not go to, the demo service, a token from GLEANER_TOKEN, and no token at all', async () => {
    const { confirm, ctx: allowing } = asking({ kind: 'allowed' });
    await expect(allowTokenOrigin(allowing, THERE, undefined)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    const fromEnvironment = { ...allowing, secretStore: { ...ctx.secretStore, overriddenByEnvironment: true } };
    await expect(allowTokenOrigin(fromEnvironment, HERE, undefined)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    pointAt('demo');
    await expect(allowTokenOrigin(allowing, HERE, undefined)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    pointAt(HERE);
    await ctx.secretStore.clearToken();
    await expect(allowTokenOrigin(allowing, HERE, undefined)).rejects.toMatchObject({ code: 'TOKEN_MISSING' });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('allows nothing when the base URL or the token changed while the person was asked', async () => {
    const movedMeanwhile = asking(() => {
      pointAt('https://third.example.com');
      return { kind: 'allowed' };
    });
    await expect(allowTokenOrigin(movedMeanwhile.ctx, HERE, undefined)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await saved()).toBe(`${TOKEN} ${THERE}`);

    pointAt(HERE);
    const replacedMeanwhile = asking(() => {
      void ctx.secretStore.setToken(`sk_live_another_token_0000 ${THERE}`);
      return { kind: 'allowed' };
    });
    await expect(allowTokenOrigin(replacedMeanwhile.ctx, HERE, undefined)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await saved()).toBe(`sk_live_another_token_0000 ${THERE}`);
  });
});
