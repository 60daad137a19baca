import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { GleanerError, isGleanerError } from '../../../../src/shared/errors';
import { withEnvironmentOverride } from '../../../../src/main/core/secrets/env-store';
import { createKeytarSecretStore } from '../../../../src/main/core/secrets/keytar-store';
import { createMemorySecretStore, type SecretStore } from '../../../../src/main/core/secrets/secret-store';
import { createTokenStore } from '../../../../src/main/core/secrets/token-store';
import { MAX_TOKEN_INPUT_BYTES, registerToken } from '../../../../src/main/hosts/cli/commands/token';
import { exitCodeFor, formatError, type CliIo } from '../../../../src/main/hosts/cli/io';
import type { CliContext } from '../../../../src/main/hosts/cli/program';
import { DATABASE_FILE_NAME } from '../../../../src/main/core/data-dir';
import { openDatabase } from '../../../../src/main/core/store/database';
import { setConfig } from '../../../../src/main/core/settings/service-settings';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';

const TOKEN = 'tok_cli_Gh7Jk2Lm5Np';
const REAL_KEYRING = process.env.GLEANER_TEST_KEYRING === '1';

interface Run {
  code: number;
  out: string;
  err: string;
}

/** A program like buildProgram's (global --json/--data-dir, one-line errors), with `token` only. */
async function run(
  argv: string[],
  options: {
    store: SecretStore | ((env: Record<string, string | undefined>) => SecretStore);
    stdin?: NodeJS.ReadableStream | string;
    env?: Record<string, string | undefined>;
  },
): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  let stdin: NodeJS.ReadableStream;
  if (typeof options.stdin === 'string' || options.stdin === undefined) {
    const stream = new PassThrough();
    stream.end(options.stdin ?? '');
    stdin = stream;
  } else {
    stdin = options.stdin;
  }
  const env = options.env ?? {};
  const io: CliIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin, env, waitForShutdown: () => Promise.resolve() };
  const program = new Command('gleaner');
  const ctx: Pick<CliContext, 'io' | 'json' | 'dataDir'> = {
    io,
    json: (command) => Boolean((command.optsWithGlobals() as { json?: boolean }).json),
    // Never the real app folder: a folder with no library in it unless a test names one.
    dataDir: (command) => (command.optsWithGlobals() as { dataDir?: string }).dataDir ?? join(tmpdir(), 'gleaner-token-test-no-library'),
  };
  program
    .option('--data-dir <dir>')
    .option('--json')
    .exitOverride()
    .configureOutput({ writeOut: (t) => io.stdout(t), writeErr: (t) => io.stderr(t), outputError: () => undefined });
  const store = typeof options.store === 'function' ? options.store(env) : options.store;
  registerToken(program, ctx, () => store);
  const json = argv.includes('--json');
  try {
    await program.parseAsync(argv, { from: 'user' });
    return { code: 0, out: out.join(''), err: err.join('') };
  } catch (error) {
    if (error instanceof CommanderError) {
      err.push(formatError({ code: 'INVALID_INPUT', message: error.message }, json));
      return { code: error.exitCode === 0 ? 0 : 2, out: out.join(''), err: err.join('') };
    }
    const info = isGleanerError(error) ? error.toInfo() : new GleanerError('INTERNAL', String(error)).toInfo();
    err.push(formatError(info, json));
    return { code: exitCodeFor(info.code), out: out.join(''), err: err.join('') };
  }
}

const expectNoToken = (result: Run, token = TOKEN) => {
  expect(result.out).not.toContain(token);
  expect(result.err).not.toContain(token);
  // Not even a recognisable part of it.
  expect(`${result.out}${result.err}`).not.toContain(token.slice(-8));
};

describe('gleaner token set', () => {
  it('reads the token from standard input and saves it, printing where and nothing of it', async () => {
    const store = createMemorySecretStore();
    const result = await run(['token', 'set'], { store, stdin: `${TOKEN}\n` });
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toBe('Token saved in process memory (not persisted).\n');
    expect(await store.getToken()).toBe(TOKEN);
    expectNoToken(result);
  });

  it('lifts a pause that waited for a new token in the library, so the app running the queue carries on', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-token-'));
    try {
      const db = openDatabase({ path: join(dataDir, DATABASE_FILE_NAME) });
      db.prepare("INSERT INTO queue_state (key, value) VALUES ('paused', ?)").run(
        JSON.stringify({ reason: 'TOKEN_REJECTED', message: 'rejected' }),
      );
      db.close();
      const store = createMemorySecretStore();
      const result = await run(['--data-dir', dataDir, 'token', 'set'], { store, stdin: `${TOKEN}\n` });
      expect(result).toMatchObject({
        code: 0,
        err: '',
        out: 'Token saved in process memory (not persisted). The queue, which waited for a new token, carries on.\n',
      });
      const after = openDatabase({ path: join(dataDir, DATABASE_FILE_NAME) });
      expect(after.prepare("SELECT count(*) FROM queue_state WHERE key = 'paused'").pluck().get()).toBe(0);
      // A pause the user asked for is theirs to lift.
      after.prepare("INSERT INTO queue_state (key, value) VALUES ('paused', ?)").run(JSON.stringify({ reason: 'user', message: 'paused' }));
      after.close();
      const again = await run(['--data-dir', dataDir, 'token', 'set', '--json'], { store, stdin: `${TOKEN}\n` });
      expect(JSON.parse(again.out)).toMatchObject({ saved: true, queueResumed: false });
      expectNoToken(result);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers in JSON with --json', async () => {
    const store = createMemorySecretStore();
    const result = await run(['token', 'set', '--json'], { store, stdin: `  ${TOKEN}  \r\n` });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({
      saved: true,
      location: 'process memory (not persisted)',
      origin: null,
      overriddenByEnvironment: false,
      queueResumed: false,
    });
    expect(await store.getToken()).toBe(TOKEN);
    expectNoToken(result);
  });

  it.each([
    ['empty', ''],
    ['only a newline', '\n'],
    ['only blanks', '   \t \n'],
  ])('refuses %s standard input as invalid input', async (_name, stdin) => {
    const store = createMemorySecretStore('tok_previous_00000');
    const result = await run(['token', 'set'], { store, stdin });
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toMatch(
      /^error INVALID_INPUT: No token was given on standard input; pipe it in, for example: gleaner token set < token\.txt\. Nothing was saved\.\n$/,
    );
    expect(await store.getToken()).toBe('tok_previous_00000');
  });

  it('refuses a malformed token without echoing it, and keeps the previous one', async () => {
    const store = createMemorySecretStore('tok_previous_00000');
    const result = await run(['token', 'set'], { store, stdin: `${TOKEN}\nsecond-line-XYZ123\n` });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error INVALID_INPUT: The token contains whitespace or a line break/);
    expectNoToken(result);
    expect(result.err).not.toContain('second-line-XYZ123');
    expect(await store.getToken()).toBe('tok_previous_00000');
  });

  it('refuses a token given as an argument, without echoing it or reading stdin', async () => {
    const store = createMemorySecretStore();
    const stdin = new PassThrough();
    stdin.end(`${TOKEN}\n`);
    const result = await run(['token', 'set', TOKEN], { store, stdin });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error INVALID_INPUT: gleaner token set takes no arguments: .*shell history/);
    expectNoToken(result);
    expect(await store.getToken()).toBeNull();
    expect(stdin.readableLength).toBeGreaterThan(0);
  });

  it.each([['--token', TOKEN], [`--token=${TOKEN}`], ['-t', TOKEN]])(
    'refuses the token as an option (%s) without echoing it',
    async (...args) => {
      const store = createMemorySecretStore();
      const result = await run(['token', 'set', ...args], { store, stdin: `${TOKEN}\n` });
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/^error INVALID_INPUT: /);
      expectNoToken(result);
      expect(await store.getToken()).toBeNull();
    },
  );

  it('writes errors as one JSON object with --json', async () => {
    const result = await run(['token', 'set', '--json'], { store: createMemorySecretStore(), stdin: '' });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.err)).toMatchObject({ error: { code: 'INVALID_INPUT' } });
  });

  it('refuses an oversized standard input', async () => {
    const result = await run(['token', 'set'], { store: createMemorySecretStore(), stdin: 'x'.repeat(MAX_TOKEN_INPUT_BYTES + 1) });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error INVALID_INPUT: Standard input holds more than \d+ bytes/);
  });

  it('reports a failing standard input as invalid input', async () => {
    const stdin = new PassThrough();
    setTimeout(() => stdin.destroy(Object.assign(new Error('read EIO'), { code: 'EIO' })), 5);
    const result = await run(['token', 'set'], { store: createMemorySecretStore(), stdin });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error INVALID_INPUT: Standard input could not be read \(EIO\)/);
  });

  it('warns that GLEANER_TOKEN still overrides the saved token', async () => {
    const inner = createMemorySecretStore();
    const env = { GLEANER_TOKEN: 'tok_env_Aa1Bb2Cc3' };
    const result = await run(['token', 'set'], { store: withEnvironmentOverride(env, inner), stdin: `${TOKEN}\n`, env });
    expect(result.code).toBe(0);
    expect(result.out).toBe('Token saved in process memory (not persisted).\n');
    expect(result.err).toMatch(/^warning: GLEANER_TOKEN is set, so Gleaner keeps using its value/);
    expect(await inner.getToken()).toBe(TOKEN);
    expectNoToken(result);
    expectNoToken(result, 'tok_env_Aa1Bb2Cc3');
  });

  it('says plainly when secure storage is unavailable (exit status 1)', async () => {
    const store = createTokenStore({ env: {}, loadKeytar: () => null, platform: 'linux' });
    const result = await run(['token', 'set'], { store, stdin: `${TOKEN}\n` });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^error SECRET_STORE_UNAVAILABLE: Secure token storage is unavailable: .*GLEANER_TOKEN.*\n$/);
    expectNoToken(result);
  });
});

describe('gleaner token set at a terminal', () => {
  /** A terminal: isTTY, and raw mode recorded. */
  function terminal(options: { rawMode?: boolean } = {}) {
    const stream = new PassThrough() as PassThrough & { isTTY: boolean; setRawMode?: (mode: boolean) => void; modes: boolean[] };
    stream.isTTY = true;
    stream.modes = [];
    if (options.rawMode !== false) stream.setRawMode = (mode) => void stream.modes.push(mode);
    return stream;
  }

  it('prompts on stderr and reads one line without echo', async () => {
    const stdin = terminal();
    const store = createMemorySecretStore();
    const pending = run(['token', 'set'], { store, stdin });
    setTimeout(() => stdin.write(`${TOKEN}x\u007f\r`), 5); // a typo, then backspace, then Enter
    const result = await pending;
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/^Paste the retrieval service token and press Enter \(it will not be shown\): \n$/);
    expect(stdin.modes).toEqual([true, false]);
    expect(await store.getToken()).toBe(TOKEN);
    expectNoToken(result);
  });

  it('cancels on Ctrl+C and restores the terminal', async () => {
    const stdin = terminal();
    const store = createMemorySecretStore();
    const pending = run(['token', 'set'], { store, stdin });
    setTimeout(() => stdin.write('tok_half\u0003'), 5);
    const result = await pending;
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/error CANCELLED: Cancelled; no token was saved\.\n$/);
    expect(stdin.modes).toEqual([true, false]);
    expect(await store.getToken()).toBeNull();
  });

  it('reads one line where the terminal cannot hide input', async () => {
    const stdin = terminal({ rawMode: false });
    const store = createMemorySecretStore();
    const pending = run(['token', 'set'], { store, stdin });
    setTimeout(() => stdin.write(`${TOKEN}\nmore typed later\n`), 5);
    const result = await pending;
    expect(result.code).toBe(0);
    expect(result.err).toBe('Paste the retrieval service token and press Enter: ');
    expect(await store.getToken()).toBe(TOKEN);
  });
});

describe('gleaner token status', () => {
  it('says when no token is stored', async () => {
    const result = await run(['token', 'status'], { store: createMemorySecretStore() });
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^No token is stored in process memory \(not persisted\)\. Save one with: gleaner token set/);
  });

  it('says where a stored token is, and never any part of it', async () => {
    const result = await run(['token', 'status'], { store: createMemorySecretStore(TOKEN) });
    expect(result.code).toBe(0);
    expect(result.out).toBe('A token is stored in process memory (not persisted).\n');
    expectNoToken(result);
  });

  it('prints {stored, location, overriddenByEnvironment} with --json', async () => {
    const empty = await run(['token', 'status', '--json'], { store: createMemorySecretStore() });
    expect(JSON.parse(empty.out)).toMatchObject({
      stored: false,
      location: 'process memory (not persisted)',
      overriddenByEnvironment: false,
    });
    const stored = await run(['--json', 'token', 'status'], { store: createMemorySecretStore(TOKEN) });
    const document = JSON.parse(stored.out) as Record<string, unknown>;
    expect(document).toMatchObject({ stored: true, location: 'process memory (not persisted)', overriddenByEnvironment: false });
    expect(typeof document.stored).toBe('boolean');
    expect(typeof document.location).toBe('string');
    expect(typeof document.overriddenByEnvironment).toBe('boolean');
    expect(document.store).toEqual({ location: 'process memory (not persisted)', available: true, stored: true });
    expect(stored.out.trim().split('\n')).toHaveLength(1);
    expectNoToken(stored);
  });

  it('reports the GLEANER_TOKEN override', async () => {
    const env = { GLEANER_TOKEN: 'tok_env_Aa1Bb2Cc3' };
    const store = (e: Record<string, string | undefined>) => withEnvironmentOverride(e, createMemorySecretStore());
    const json = await run(['token', 'status', '--json'], { store, env });
    expect(JSON.parse(json.out)).toMatchObject({
      stored: true,
      location: 'the GLEANER_TOKEN environment variable',
      overriddenByEnvironment: true,
      store: { available: true, stored: false },
    });
    const text = await run(['token', 'status'], { store, env });
    expect(text.out).toMatch(/^A token is set by the GLEANER_TOKEN environment variable; it overrides process memory/);
    expectNoToken(json, 'tok_env_Aa1Bb2Cc3');
    expectNoToken(text, 'tok_env_Aa1Bb2Cc3');
  });

  it('explains an unavailable keychain without failing', async () => {
    const store = createTokenStore({ env: {}, loadKeytar: () => null, platform: 'linux' });
    const text = await run(['token', 'status'], { store });
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^No token is stored\. Secure token storage is unavailable: .*GLEANER_TOKEN/);
    const json = await run(['token', 'status', '--json'], { store });
    expect(JSON.parse(json.out)).toMatchObject({
      stored: false,
      location: 'the system keychain (Secret Service)',
      overriddenByEnvironment: false,
      store: { available: false, stored: false, problem: expect.stringMatching(/^Secure token storage is unavailable/) },
    });
  });
});

describe('gleaner token and the address the token is saved for', () => {
  /** A library whose base URL is set, as `gleaner config set base-url` leaves it. */
  function libraryPointingAt(baseUrl: string): string {
    const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-token-origin-'));
    const db = openDatabase({ path: join(dataDir, DATABASE_FILE_NAME) });
    setConfig(
      createSettingsRepository(db, () => new Date()),
      'base-url',
      baseUrl,
    );
    db.close();
    return dataDir;
  }

  it('set saves it for the library’s base URL; status names it, and says when the base URL points elsewhere', async () => {
    const dataDir = libraryPointingAt('https://api.example.com/partner');
    try {
      const store = createMemorySecretStore();
      const saved = await run(['--data-dir', dataDir, 'token', 'set'], { store, stdin: `${TOKEN}\n` });
      expect(saved).toMatchObject({ code: 0, out: 'Token saved in process memory (not persisted), for https://api.example.com.\n' });
      expect(await store.getToken()).toBe(`${TOKEN} https://api.example.com`);
      expect((await run(['--data-dir', dataDir, 'token', 'status'], { store })).out).toBe(
        'A token is stored in process memory (not persisted), for https://api.example.com.\n',
      );

      const elsewhere = libraryPointingAt('https://api.exmaple.com');
      try {
        const status = await run(['--data-dir', elsewhere, 'token', 'status'], { store });
        expect(status.out).toContain(
          'The base URL points at https://api.exmaple.com, so the token is not sent there. If that is your service: gleaner token allow https://api.exmaple.com',
        );
        expect(JSON.parse((await run(['--data-dir', elsewhere, '--json', 'token', 'status'], { store })).out)).toMatchObject({
          origin: 'https://api.example.com',
          elsewhere: 'https://api.exmaple.com',
        });
        expectNoToken(status);
      } finally {
        rmSync(elsewhere, { recursive: true, force: true });
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('allow takes only the address the base URL points at, named in full, and lifts the pause that waited for it', async () => {
    const dataDir = libraryPointingAt('https://api.exmaple.com');
    try {
      const db = openDatabase({ path: join(dataDir, DATABASE_FILE_NAME) });
      db.prepare("INSERT INTO queue_state (key, value) VALUES ('paused', ?)").run(
        JSON.stringify({ reason: 'TOKEN_ELSEWHERE', message: 'saved for another address' }),
      );
      db.close();
      const store = createMemorySecretStore(`${TOKEN} https://api.example.com`);
      const wrong = await run(['--data-dir', dataDir, 'token', 'allow', 'https://api.example.org'], { store });
      expect(wrong).toMatchObject({
        code: 2,
        err: expect.stringContaining('The base URL points at https://api.exmaple.com, not https://api.example.org'),
      });
      expect(await store.getToken()).toBe(`${TOKEN} https://api.example.com`);
      const allowed = await run(['--data-dir', dataDir, 'token', 'allow', 'https://api.exmaple.com'], { store });
      expect(allowed).toMatchObject({
        code: 0,
        err: '',
        out: 'Your token is now sent to https://api.exmaple.com. The queue, which waited for it, carries on.\n',
      });
      expect(await store.getToken()).toBe(`${TOKEN} https://api.exmaple.com`);
      const after = openDatabase({ path: join(dataDir, DATABASE_FILE_NAME) });
      expect(after.prepare("SELECT count(*) FROM queue_state WHERE key = 'paused'").pluck().get()).toBe(0);
      after.close();
      expectNoToken(allowed);
      // Nothing to allow with no token, or where requests go to the demo service.
      expect(
        await run(['--data-dir', dataDir, 'token', 'allow', 'https://api.exmaple.com'], { store: createMemorySecretStore() }),
      ).toMatchObject({ code: 3 });
      expect(await run(['token', 'allow', 'https://api.exmaple.com'], { store })).toMatchObject({
        code: 2,
        err: expect.stringContaining('demo'),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('gleaner token clear', () => {
  it('removes the stored token, and says when there was none', async () => {
    const store = createMemorySecretStore(TOKEN);
    const first = await run(['token', 'clear'], { store });
    expect(first).toMatchObject({ code: 0, out: 'Token removed from process memory (not persisted).\n' });
    expect(await store.getToken()).toBeNull();
    const second = await run(['token', 'clear', '--json'], { store });
    expect(JSON.parse(second.out)).toEqual({ cleared: false, location: 'process memory (not persisted)', overriddenByEnvironment: false });
  });

  it('warns that GLEANER_TOKEN is still set', async () => {
    const env = { GLEANER_TOKEN: 'tok_env_Aa1Bb2Cc3' };
    const inner = createMemorySecretStore(TOKEN);
    const result = await run(['token', 'clear'], { store: withEnvironmentOverride(env, inner), env });
    expect(result.code).toBe(0);
    expect(await inner.getToken()).toBeNull();
    expect(result.err).toMatch(/^warning: GLEANER_TOKEN is still set/);
  });

  it('fails plainly when the keychain is unavailable', async () => {
    const result = await run(['token', 'clear'], { store: createKeytarSecretStore(() => null, { platform: 'linux' }) });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^error SECRET_STORE_UNAVAILABLE: /);
  });
});

describe('gleaner token against the real keychain (run under scripts/with-keyring.sh)', () => {
  it('sets, reports and clears a token in the Secret Service', async () => {
    if (!REAL_KEYRING) {
      throw new Error(
        'This test needs a real Secret Service and is not skipped without one: run it as `bash scripts/with-keyring.sh npx vitest run test/main/hosts/cli/token.test.ts` (GLEANER_TEST_KEYRING=1 is set only inside it).',
      );
    }
    const entry = { service: 'Gleaner-test', account: `cli-${process.pid}-${Date.now()}` };
    const store = withEnvironmentOverride({}, createKeytarSecretStore(undefined, entry));
    const set = await run(['token', 'set'], { store, stdin: `${TOKEN}\n` });
    expect(set).toMatchObject({ code: 0, out: 'Token saved in the system keychain (Secret Service).\n' });
    const status = await run(['token', 'status', '--json'], { store });
    expect(JSON.parse(status.out)).toMatchObject({
      stored: true,
      location: 'the system keychain (Secret Service)',
      overriddenByEnvironment: false,
    });
    // Another process (a fresh store) finds it in the keychain.
    expect(await createKeytarSecretStore(undefined, entry).getToken()).toBe(TOKEN);
    const clear = await run(['token', 'clear'], { store });
    expect(clear.out).toBe('Token removed from the system keychain (Secret Service).\n');
    const after = await run(['token', 'status', '--json'], { store });
    expect(JSON.parse(after.out)).toMatchObject({ stored: false });
    for (const result of [set, status, clear, after]) expectNoToken(result);
  });
});
