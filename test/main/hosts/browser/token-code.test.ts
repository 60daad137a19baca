import { describe, expect, it } from 'vitest';
import {
  CODE_LIFETIME_MS,
  CODES_PER_RUN,
  TRIES_PER_CODE,
  createTerminalCodeConfirmation,
} from '../../../../src/main/hosts/browser/token-code';

const ORIGIN = 'https://collector.example.net';
const SAVED_FOR = 'https://api.example.com';

function setUp(codes: string[] = ['111111', '222222', '333333', '444444', '555555', '666666']) {
  let now = 1_000;
  const printed: string[] = [];
  const confirm = createTerminalCodeConfirmation({ tell: (text) => printed.push(text), now: () => now, newCode: () => codes.shift()! });
  return {
    confirm,
    printed,
    later: (ms: number) => (now += ms),
    ask: (code?: string, origin = ORIGIN) => confirm({ origin, savedFor: SAVED_FOR, ...(code === undefined ? {} : { code }) }),
  };
}

describe('browser mode: a one-time code in the terminal confirms the token’s new address', () => {
  it('prints a code naming both addresses, and allows once with it', async () => {
    const { ask, printed } = setUp();
    expect(await ask()).toEqual({ kind: 'code-needed', where: expect.stringContaining('terminal') });
    expect(printed.join('')).toMatch(
      /send your API token to https:\/\/collector\.example\.net \(it was saved for https:\/\/api\.example\.com\)/,
    );
    expect(printed.join('')).toContain('111111');
    expect(await ask('111111')).toEqual({ kind: 'allowed' });
    // Used: the same code again is refused.
    await expect(ask('111111')).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('No code') });
  });

  it('refuses a code without asking first, and a code printed for another address', async () => {
    const { ask } = setUp();
    await expect(ask('111111')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await ask(undefined, 'https://other.example.org');
    await expect(ask('111111')).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('another address') });
  });

  it('lets a code expire', async () => {
    const { ask, later } = setUp();
    await ask();
    later(CODE_LIFETIME_MS);
    await expect(ask('111111')).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('expired') });
  });

  it(`voids a code after ${TRIES_PER_CODE} wrong tries, saying how many are left until then`, async () => {
    const { ask, printed } = setUp();
    await ask();
    await expect(ask('999999')).rejects.toMatchObject({ message: expect.stringContaining('2 tries are left') });
    await expect(ask('999998')).rejects.toMatchObject({ message: expect.stringContaining('1 try is left') });
    await expect(ask('999997')).rejects.toMatchObject({ message: expect.stringContaining('no longer works') });
    await expect(ask('111111')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(printed.at(-1)).toContain('wrong code');
  });

  it(`prints a new code on request, the old one then void, and no more than ${CODES_PER_RUN} in a run`, async () => {
    const { ask } = setUp();
    await ask();
    await ask();
    await expect(ask('111111')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    for (let i = 2; i < CODES_PER_RUN; i += 1) await ask();
    await expect(ask()).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining(`gleaner token allow ${ORIGIN}`) });
  });

  it('makes six random digits by default', async () => {
    const printed: string[] = [];
    const confirm = createTerminalCodeConfirmation({ tell: (text) => printed.push(text), now: () => 0 });
    await confirm({ origin: ORIGIN, savedFor: null });
    const code = /type this code in the page: (\S+)/.exec(printed.join(''))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await confirm({ origin: ORIGIN, savedFor: null, code: code! })).toEqual({ kind: 'allowed' });
  });
});
