/**
 * shared/CLI.md: "Token: GLEANER_TOKEN if set, else the OS keychain." The variable wins while
 * it is set; saving or clearing still acts on the keychain, and says the variable still wins.
 */
import { GleanerError } from '../../../shared/errors';
import { unavailableReasonOf, type SecretStore } from './secret-store';
import { tokenProblem } from './token-format';

export const TOKEN_ENV_VAR = 'GLEANER_TOKEN';
export const ENV_LOCATION = 'the GLEANER_TOKEN environment variable';

/**
 * The environment for a program Gleaner starts (a browser, an opener): everything but
 * GLEANER_TOKEN (and GLEANER_HUB_PASSWORD), which that program and all it starts would otherwise inherit.
 */
export function environmentWithoutToken(env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  // The team hub's password (secrets/hub-password-store) is kept from children the same way.
  // So is the case-bundle signing key a script may give in GLEANER_SIGNING_KEY (secrets/signing-key-store).
  const { [TOKEN_ENV_VAR]: _token, GLEANER_HUB_PASSWORD: _hubPassword, GLEANER_SIGNING_KEY: _signingKey, ...rest } = env;
  return rest;
}

/**
 * Takes GLEANER_TOKEN out of the process's own environment, returning a copy that keeps it for
 * the token store: for a process whose children inherit `process.env` (Electron's
 * shell.openExternal runs the system's opener). The variable cannot change once a process runs.
 */
export function takeTokenFromProcessEnvironment(env: Record<string, string | undefined> = process.env): Record<string, string | undefined> {
  const copy = { ...env };
  delete env[TOKEN_ENV_VAR];
  delete env.GLEANER_HUB_PASSWORD;
  delete env.GLEANER_SIGNING_KEY;
  return copy;
}

/** The token GLEANER_TOKEN supplies (trimmed), or null when it is unset or blank. */
export function tokenFromEnvironment(env: Record<string, string | undefined>): string | null {
  const value = env[TOKEN_ENV_VAR]?.trim();
  return value ? value : null;
}

export interface EnvironmentOverrideStore extends SecretStore {
  /** True while GLEANER_TOKEN is set: the token in use comes from it, not from the store. */
  readonly overriddenByEnvironment: boolean;
  /** Where setToken/clearToken act. */
  readonly persistentStore: SecretStore;
}

/**
 * GLEANER_TOKEN's value, checked as `token set` checks a token: a value no service accepts (a
 * non-ASCII character would otherwise fail inside fetch, as a network error) stops the request
 * before it is sent. The message names the variable and the rule, never the value.
 */
export function checkedEnvironmentToken(value: string): string {
  const problem = tokenProblem(value);
  if (problem === null) return value;
  throw new GleanerError(
    'INVALID_INPUT',
    `${TOKEN_ENV_VAR} does not hold a usable token. ${problem} Set ${TOKEN_ENV_VAR} to the token alone, or unset it to use the saved token.`,
  );
}

/** The environment is read at every call, so a changed variable takes effect at once. */
export function withEnvironmentOverride(env: Record<string, string | undefined>, inner: SecretStore): EnvironmentOverrideStore {
  const fromEnv = (): string | null => tokenFromEnvironment(env);
  return {
    get location() {
      return fromEnv() !== null ? ENV_LOCATION : inner.location;
    },
    get overriddenByEnvironment() {
      return fromEnv() !== null;
    },
    persistentStore: inner,
    available: async () => fromEnv() !== null || inner.available(),
    unavailableReason: async () => (fromEnv() !== null ? null : unavailableReasonOf(inner)),
    getToken: async () => {
      const value = fromEnv();
      return value === null ? inner.getToken() : checkedEnvironmentToken(value);
    },
    setToken: (token) => inner.setToken(token),
    clearToken: () => inner.clearToken(),
  };
}
