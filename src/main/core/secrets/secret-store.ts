/**
 * Where the API token lives. The token is read only to build a request header; it never
 * reaches SQLite, logs, errors, the bridge or the renderer.
 */
export interface SecretStore {
  /**
   * A human description of where the token is kept, never any part of the token. A store
   * that chooses between places (see chooseSecretStore) refines it once a call has decided.
   */
  readonly location: string;
  /** False when this store cannot work on this machine (no keychain service). */
  available(): Promise<boolean>;
  /**
   * Null when one is not stored. A store that cannot be reached throws
   * GleanerError('SECRET_STORE_UNAVAILABLE') with a sentence; `available()` never throws.
   */
  getToken(): Promise<string | null>;
  setToken(token: string): Promise<void>;
  clearToken(): Promise<void>;
  /**
   * Optional: null when the store works, else the sentence that says why not and what to
   * do (what `setToken` would throw). Lets `token status` explain itself without failing.
   */
  unavailableReason?(): Promise<string | null>;
  /**
   * Optional, set by withEnvironmentOverride: true while GLEANER_TOKEN supplies the token,
   * so setToken/clearToken change a store whose token is not the one in use.
   */
  readonly overriddenByEnvironment?: boolean;
  /** Optional, set by wrappers: the store that setToken/clearToken act on. */
  readonly persistentStore?: SecretStore;
}

/** For tests and for machines with no secure storage at all: nothing outlives the process. */
export function createMemorySecretStore(initial: string | null = null): SecretStore {
  let token = initial;
  return {
    location: 'process memory (not persisted)',
    available: async () => true,
    getToken: async () => token,
    setToken: async (value) => {
      token = value;
    },
    clearToken: async () => {
      token = null;
    },
  };
}

/** The explanation of a store that has no `unavailableReason` of its own. */
export async function unavailableReasonOf(store: SecretStore): Promise<string | null> {
  if (store.unavailableReason) return store.unavailableReason();
  if (await isAvailable(store)) return null;
  return `Secure token storage is unavailable: ${store.location} cannot be used on this machine. Set the GLEANER_TOKEN environment variable instead.`;
}

/** `available()` that treats a throwing store as unavailable. */
export async function isAvailable(store: SecretStore): Promise<boolean> {
  try {
    return await store.available();
  } catch {
    return false;
  }
}
