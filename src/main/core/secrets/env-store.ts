/**
 * shared/CLI.md: "Token: GLEANER_TOKEN if set, else the OS keychain." The variable wins while
 * it is set; saving or clearing still acts on the keychain, and says the variable still wins.
 */
import { unavailableReasonOf, type SecretStore } from './secret-store';

export const TOKEN_ENV_VAR = 'GLEANER_TOKEN';
export const ENV_LOCATION = 'the GLEANER_TOKEN environment variable';

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
    getToken: async () => fromEnv() ?? inner.getToken(),
    setToken: (token) => inner.setToken(token),
    clearToken: () => inner.clearToken(),
  };
}
