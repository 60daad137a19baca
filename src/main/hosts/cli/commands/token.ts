/**
 * `gleaner token set|status|clear` (shared/CLI.md). The token comes from standard input only,
 * never from argv (shell history, `ps`), and no output ever contains any part of it.
 */
import type { Command } from 'commander';
import { GleanerError } from '../../../../shared/errors';
import {
  libraryServiceOrigin as serviceOriginOfLibrary,
  liftLibraryTokenPause,
  readStoredToken,
  storedTokenValue,
  unavailableReasonOf,
  validateToken,
  type SecretStore,
} from '../../../core';
import type { CliContext } from '../context';

/** More than any valid token plus generous surrounding whitespace. */
export const MAX_TOKEN_INPUT_BYTES = 16 * 1024;

const PIPE_HINT = 'pipe it in, for example: gleaner token set < token.txt';

interface RawModeStream {
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

const inputError = (sentence: string): GleanerError => new GleanerError('INVALID_INPUT', sentence);

/** All of a piped standard input, up to `limit` bytes. */
function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
    };
    function onData(chunk: Buffer | string): void {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      size += buffer.length;
      if (size > limit) {
        cleanup();
        stream.pause();
        reject(inputError(`Standard input holds more than ${limit} bytes; give only the token. Nothing was saved.`));
        return;
      }
      chunks.push(buffer);
    }
    function onEnd(): void {
      cleanup();
      resolve(Buffer.concat(chunks).toString('utf8'));
    }
    function onError(error: unknown): void {
      cleanup();
      const code = (error as { code?: string }).code ?? 'read error';
      reject(inputError(`Standard input could not be read (${code}); ${PIPE_HINT}. Nothing was saved.`));
    }
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.resume();
  });
}

/** One line typed at a terminal, not echoed (raw mode); Ctrl+C cancels. */
function readHiddenLine(
  stream: NodeJS.ReadableStream,
  setRawMode: (mode: boolean) => unknown,
  stderr: (text: string) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let line = '';
    const finish = (): void => {
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      setRawMode(false);
      stream.pause();
      stderr('\n');
    };
    function onData(chunk: Buffer | string): void {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      for (const char of text) {
        if (char === '\r' || char === '\n' || (char === '\u0004' && line === '')) {
          finish();
          resolve(line);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new GleanerError('CANCELLED', 'Cancelled; no token was saved.'));
          return;
        }
        if (char === '\u007f' || char === '\b') line = line.slice(0, -1);
        else if (char === '\u0015') line = '';
        else if (char !== '\u0004') line += char;
      }
    }
    function onEnd(): void {
      finish();
      resolve(line);
    }
    function onError(): void {
      finish();
      reject(inputError(`The terminal could not be read; ${PIPE_HINT}. Nothing was saved.`));
    }
    setRawMode(true);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.resume();
  });
}

/** One line typed at a terminal that cannot hide input. */
function readVisibleLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let line = '';
    const done = (value: string): void => {
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      stream.pause();
      resolve(value);
    };
    function onData(chunk: Buffer | string): void {
      line += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      const newline = line.search(/\r?\n/);
      if (newline >= 0) done(line.slice(0, newline));
      else if (line.length > MAX_TOKEN_INPUT_BYTES) done(line);
    }
    function onEnd(): void {
      done(line);
    }
    function onError(): void {
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      reject(inputError(`The terminal could not be read; ${PIPE_HINT}. Nothing was saved.`));
    }
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.resume();
  });
}

/**
 * The token from standard input: all of it when piped; one line when it is a terminal, after
 * a prompt on stderr, without echo where the terminal allows.
 */
export async function readTokenFromStdin(
  stdin: NodeJS.ReadableStream,
  stderr: (text: string) => void,
  // What the prompt asks for (`team connect` asks for the hub password the same way).
  what = 'the retrieval service token',
): Promise<string> {
  const tty = stdin as NodeJS.ReadableStream & RawModeStream;
  if (tty.isTTY !== true) return readAll(stdin, MAX_TOKEN_INPUT_BYTES);
  if (typeof tty.setRawMode === 'function') {
    stderr(`Paste ${what} and press Enter (it will not be shown): `);
    const setRawMode = tty.setRawMode.bind(tty);
    return readHiddenLine(stdin, setRawMode, stderr);
  }
  stderr(`Paste ${what} and press Enter: `);
  return readVisibleLine(stdin);
}

/** Anything after `token set` (a token typed as an argument, `--token=…`) is refused unseen. */
function refuseArguments(command: Command): void {
  if (command.args.length > 0) {
    throw inputError(
      `gleaner token set takes no arguments: a token on the command line would be kept in your shell history and shown to other processes. Nothing was saved; ${PIPE_HINT}.`,
    );
  }
}

const overrideWarning = (store: SecretStore): string =>
  `warning: GLEANER_TOKEN is set, so Gleaner keeps using its value instead of the token in ${store.location} until you unset it.\n`;

interface StoreState {
  available: boolean;
  stored: boolean;
  problem: string | null;
  /** The address the stored token may be sent to (null: none stored, or not bound yet). */
  origin: string | null;
}

async function inspect(store: SecretStore): Promise<StoreState> {
  const problem = await unavailableReasonOf(store);
  if (problem !== null) return { available: false, stored: false, problem, origin: null };
  try {
    const value = await store.getToken();
    return { available: true, stored: value !== null, problem: null, origin: value === null ? null : readStoredToken(value).origin };
  } catch (error) {
    if (error instanceof GleanerError && error.code === 'SECRET_STORE_UNAVAILABLE')
      return { available: false, stored: false, problem: error.message, origin: null };
    throw error;
  }
}

/** Where the library sends requests: the real service's origin, or null on the demo service or with no library. */
const libraryServiceOrigin = (dataDir: () => string): string | null => serviceOriginOfLibrary(dataDir());

/** The same, for a library that cannot be opened: the token is then saved unbound (bound on first use). */
function libraryServiceOriginIfReadable(dataDir: () => string): string | null {
  try {
    return libraryServiceOrigin(dataDir);
  } catch {
    return null;
  }
}

/**
 * A queue paused for want of a token, in the library of this --data-dir (or the app's), carries
 * on now: the app or `gleaner serve` running it sees the pause lifted. A library that does not
 * exist yet is not created for this, and one that cannot be opened is left for its own commands
 * to explain: the token is saved either way.
 */
function resumeTokenPause(dataDir: () => string): boolean {
  try {
    return liftLibraryTokenPause(dataDir());
  } catch {
    return false;
  }
}

/** `ctx` is a CliContext; its io, --json and data folder are used (set also lifts a token pause in the library). */
export function registerToken(
  program: Command,
  ctx: Pick<CliContext, 'io' | 'json' | 'dataDir'>,
  getStore: (command: Command) => SecretStore,
): void {
  const token = program.command('token').description('the retrieval service token, kept in the OS keychain (GLEANER_TOKEN overrides it)');

  token
    .command('set')
    .description('save the token read from standard input (never from the command line)')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(async (_options: unknown, command: Command) => {
      refuseArguments(command);
      const store = getStore(command);
      const raw = await readTokenFromStdin(ctx.io.stdin, (text) => ctx.io.stderr(text));
      if (raw.trim() === '') throw inputError(`No token was given on standard input; ${PIPE_HINT}. Nothing was saved.`);
      const value = validateToken(raw);
      // For the address this library sends requests to; on the demo, for the first real one it is sent to.
      const origin = libraryServiceOriginIfReadable(() => ctx.dataDir(command));
      await store.setToken(storedTokenValue(value, origin));
      const persistent = store.persistentStore ?? store;
      const overridden = store.overriddenByEnvironment === true;
      const resumed = resumeTokenPause(() => ctx.dataDir(command));
      if (ctx.json(command)) {
        ctx.io.stdout(
          `${JSON.stringify({ saved: true, location: persistent.location, origin, overriddenByEnvironment: overridden, queueResumed: resumed })}\n`,
        );
      } else {
        ctx.io.stdout(
          `Token saved in ${persistent.location}${origin ? `, for ${origin}` : ''}.${resumed ? ' The queue, which waited for a new token, carries on.' : ''}\n`,
        );
      }
      if (overridden) ctx.io.stderr(overrideWarning(persistent));
    });

  token
    .command('status')
    .description('say whether a token is stored, and where (never any part of it)')
    .action(async (_options: unknown, command: Command) => {
      const store = getStore(command);
      const persistent = store.persistentStore ?? store;
      const overridden = store.overriddenByEnvironment === true;
      const state = await inspect(persistent);
      // The location of the token in use; with nothing in use, where one would be saved.
      const location = overridden ? store.location : persistent.location;
      const here = state.origin === null ? null : libraryServiceOriginIfReadable(() => ctx.dataDir(command));
      const elsewhere = !overridden && state.origin !== null && here !== null && here !== state.origin ? here : null;
      if (ctx.json(command)) {
        ctx.io.stdout(
          `${JSON.stringify({
            stored: overridden || state.stored,
            location,
            overriddenByEnvironment: overridden,
            origin: overridden ? null : state.origin,
            elsewhere,
            store: {
              location: persistent.location,
              available: state.available,
              stored: state.stored,
              ...(state.problem ? { problem: state.problem } : {}),
            },
          })}\n`,
        );
        return;
      }
      if (overridden) {
        const keychain = state.available
          ? state.stored
            ? `${persistent.location} also holds one, which is not used while the variable is set`
            : `${persistent.location} holds none`
          : `${persistent.location} cannot be used here`;
        ctx.io.stdout(`A token is set by ${location}; it overrides ${persistent.location} (${keychain}).\n`);
      } else if (state.stored) {
        ctx.io.stdout(`A token is stored in ${location}${state.origin ? `, for ${state.origin}` : ''}.\n`);
        if (elsewhere)
          ctx.io.stdout(
            `The base URL points at ${elsewhere}, so the token is not sent there. If that is your service: gleaner token allow ${elsewhere}\n`,
          );
      } else if (state.available) {
        ctx.io.stdout(`No token is stored in ${location}. Save one with: gleaner token set < token.txt (or set GLEANER_TOKEN).\n`);
      } else {
        ctx.io.stdout(`No token is stored. ${state.problem ?? ''}\n`);
      }
    });

  token
    .command('clear')
    .description('remove the stored token')
    .action(async (_options: unknown, command: Command) => {
      const store = getStore(command);
      const persistent = store.persistentStore ?? store;
      const overridden = store.overriddenByEnvironment === true;
      const problem = await unavailableReasonOf(persistent);
      if (problem !== null) throw new GleanerError('SECRET_STORE_UNAVAILABLE', problem);
      const existed = (await persistent.getToken()) !== null;
      await persistent.clearToken();
      if (ctx.json(command)) {
        ctx.io.stdout(`${JSON.stringify({ cleared: existed, location: persistent.location, overriddenByEnvironment: overridden })}\n`);
      } else {
        ctx.io.stdout(
          existed ? `Token removed from ${persistent.location}.\n` : `No token was stored in ${persistent.location}; nothing to remove.\n`,
        );
      }
      if (overridden) ctx.io.stderr('warning: GLEANER_TOKEN is still set, so Gleaner keeps using its value until you unset it.\n');
    });

  token
    .command('allow')
    .description('let the saved token go to the address the base URL now points at (named in full, to confirm it)')
    .argument('<origin>', 'the address, as `gleaner token status` names it, e.g. https://api.example.com')
    .action(async (origin: string, _options: unknown, command: Command) => {
      const store = getStore(command);
      const persistent = store.persistentStore ?? store;
      const here = libraryServiceOrigin(() => ctx.dataDir(command));
      if (here === null)
        throw inputError(
          'This library sends requests to the built-in demo service (or has none yet), which never gets your token: there is nothing to allow.',
        );
      if (origin !== here)
        throw inputError(
          `The base URL points at ${here}, not ${origin}: a token can be allowed only where requests go now. Nothing was changed.`,
        );
      const problem = await unavailableReasonOf(persistent);
      if (problem !== null) throw new GleanerError('SECRET_STORE_UNAVAILABLE', problem);
      const value = await persistent.getToken();
      if (value === null)
        throw new GleanerError(
          'TOKEN_MISSING',
          `No token is stored in ${persistent.location}. Save one with: gleaner token set < token.txt`,
        );
      await persistent.setToken(storedTokenValue(readStoredToken(value).token, here));
      const resumed = resumeTokenPause(() => ctx.dataDir(command));
      if (ctx.json(command)) ctx.io.stdout(`${JSON.stringify({ allowed: here, queueResumed: resumed })}\n`);
      else ctx.io.stdout(`Your token is now sent to ${here}.${resumed ? ' The queue, which waited for it, carries on.' : ''}\n`);
    });
}
