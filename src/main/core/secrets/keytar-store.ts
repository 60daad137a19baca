/**
 * The token in the operating system's keychain, through keytar: the Secret Service (GNOME
 * Keyring, KeePassXC…) on Linux, the Keychain on macOS, the Credential Manager on Windows.
 *
 * keytar is an optional native module: a machine without libsecret has no build of it, and a
 * Linux machine without a running Secret Service has a build that cannot reach anything. In
 * both cases the store says so plainly (`available()` false, SECRET_STORE_UNAVAILABLE with a
 * sentence) instead of failing obscurely. No message ever contains any part of the token.
 */
import { GleanerError } from '../../../shared/errors';
import type { SecretStore } from './secret-store';

/** The part of keytar's API Gleaner uses (the raw keytar.node binding has the same shape). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export const KEYCHAIN_SERVICE = 'Gleaner';
export const KEYCHAIN_ACCOUNT = 'retrieval-service-token';

export interface KeytarStoreOptions {
  /** Defaults to process.platform; decides the wording of `location` and of the advice. */
  platform?: NodeJS.Platform;
  /** Defaults to KEYCHAIN_SERVICE / KEYCHAIN_ACCOUNT; tests use their own entry. */
  service?: string;
  account?: string;
}

const ENV_ADVICE = 'or set the GLEANER_TOKEN environment variable instead';

export function keychainLocation(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'the system keychain (Secret Service)';
}

function isKeytarLike(value: unknown): value is KeytarLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.getPassword === 'function' &&
    typeof candidate.setPassword === 'function' &&
    typeof candidate.deletePassword === 'function'
  );
}

/** Accepts a CommonJS module object or an ES-module namespace with a default export. */
function asKeytar(value: unknown): KeytarLike | null {
  if (isKeytarLike(value)) return value;
  if (typeof value === 'object' && value !== null && isKeytarLike((value as { default?: unknown }).default)) {
    return (value as { default: KeytarLike }).default;
  }
  return null;
}

/** The installed `keytar` package. Throws when it cannot be loaded (the store catches it). */
export function loadInstalledKeytar(): KeytarLike | null {
  // A plain require: the bundle is CommonJS with keytar external, and keytar is optional.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return asKeytar(require('keytar'));
}

/**
 * A loader for a keytar build at an explicit path (the Electron shell's own rebuild of
 * keytar.node, or of the keytar package folder). Throws when it cannot be loaded.
 */
export function keytarLoaderFrom(modulePath: string): () => KeytarLike | null {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return () => asKeytar(require(modulePath));
}

/** The first line of an error's message, without the token, short enough for one sentence. */
export function describeFailure(error: unknown, secret?: string): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';
  let text = raw.split(/\r?\n/, 1)[0] ?? '';
  if (secret) text = text.split(secret).join('[redacted]');
  text = Array.from(text, (char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? ' ' : char))
    .join('')
    .trim();
  if (text.length > 160) text = `${text.slice(0, 157)}…`;
  return text.replace(/[.\s]+$/, '') || 'no details given';
}

const LOCKED_OR_NO_KEYRING = /locked|collection|object does not exist|prompt|dismiss|cancel/i;
const NO_SECRET_SERVICE =
  /d-?bus|autolaunch|could not connect|org\.freedesktop\.secrets|service files|name has no owner|no such (interface|object)|connection (refused|closed)/i;

function callFailedSentence(platform: NodeJS.Platform, detail: string): string {
  if (platform !== 'darwin' && platform !== 'win32') {
    if (LOCKED_OR_NO_KEYRING.test(detail)) {
      return (
        `Secure token storage is unavailable: the system keychain has no unlocked default keyring (${detail}). ` +
        `Unlock or create your login keyring (for example in the “Passwords and Keys” app), ${ENV_ADVICE}.`
      );
    }
    if (NO_SECRET_SERVICE.test(detail)) {
      return (
        `Secure token storage is unavailable: no Secret Service (such as GNOME Keyring or KeePassXC) answers on this session’s D-Bus (${detail}). ` +
        `Log in to a desktop session or start gnome-keyring-daemon, ${ENV_ADVICE}.`
      );
    }
  }
  return `Secure token storage is unavailable: ${keychainLocation(platform)} refused the request (${detail}). Check that it is unlocked, ${ENV_ADVICE}.`;
}

function notLoadedSentence(platform: NodeJS.Platform, detail: string | null): string {
  const why = detail ? ` (${detail})` : '';
  if (platform !== 'darwin' && platform !== 'win32') {
    return (
      `Secure token storage is unavailable: the system keychain module (keytar) could not be loaded${why}. ` +
      `Install libsecret and a Secret Service (for example: sudo apt install libsecret-1-0 gnome-keyring) and reinstall Gleaner’s dependencies, ${ENV_ADVICE}.`
    );
  }
  return `Secure token storage is unavailable: the keychain module (keytar) could not be loaded${why}. Reinstall Gleaner’s dependencies (npm ci), ${ENV_ADVICE}.`;
}

export function createKeytarSecretStore(
  loadKeytar: () => KeytarLike | null = loadInstalledKeytar,
  options: KeytarStoreOptions = {},
): SecretStore {
  const platform = options.platform ?? process.platform;
  const service = options.service ?? KEYCHAIN_SERVICE;
  const account = options.account ?? KEYCHAIN_ACCOUNT;

  // Loaded lazily, once: a missing module stays missing for the life of the process.
  let loaded: { keytar: KeytarLike } | { problem: string } | undefined;
  const load = (): { keytar: KeytarLike } | { problem: string } => {
    if (loaded) return loaded;
    try {
      const module: unknown = loadKeytar();
      const keytar = asKeytar(module);
      loaded = keytar
        ? { keytar }
        : { problem: notLoadedSentence(platform, module === null || module === undefined ? null : 'the module has an unexpected shape') };
    } catch (error) {
      loaded = { problem: notLoadedSentence(platform, describeFailure(error)) };
    }
    return loaded;
  };
  const keytarOrThrow = (): KeytarLike => {
    const state = load();
    if ('problem' in state) throw new GleanerError('SECRET_STORE_UNAVAILABLE', state.problem);
    return state.keytar;
  };
  // The cause is dropped on purpose: a native error object is not something to carry around
  // next to a token, and the sentence already says what went wrong.
  const unavailable = (error: unknown, secret?: string): GleanerError =>
    new GleanerError('SECRET_STORE_UNAVAILABLE', callFailedSentence(platform, describeFailure(error, secret)));

  const unavailableReason = async (): Promise<string | null> => {
    const state = load();
    if ('problem' in state) return state.problem;
    try {
      // A read is the least intrusive probe: it changes nothing and reveals nothing.
      await state.keytar.getPassword(service, account);
      return null;
    } catch (error) {
      return unavailable(error).message;
    }
  };

  return {
    location: keychainLocation(platform),
    available: async () => (await unavailableReason()) === null,
    unavailableReason,
    async getToken() {
      const keytar = keytarOrThrow();
      let value: string | null;
      try {
        value = await keytar.getPassword(service, account);
      } catch (error) {
        throw unavailable(error);
      }
      return value ? value : null;
    },
    async setToken(token) {
      if (!token) throw new GleanerError('INVALID_INPUT', 'The token is empty; nothing was saved.');
      const keytar = keytarOrThrow();
      try {
        await keytar.setPassword(service, account, token);
      } catch (error) {
        throw unavailable(error, token);
      }
    },
    async clearToken() {
      const keytar = keytarOrThrow();
      try {
        await keytar.deletePassword(service, account);
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}
