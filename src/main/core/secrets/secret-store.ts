/**
 * Where the API token lives. The token is read only to build a request header; it never
 * reaches SQLite, logs, errors, the bridge or the renderer.
 */
export interface SecretStore {
  /** A human description of where the token is kept, never any part of the token. */
  readonly location: string;
  /** False when this store cannot work on this machine (no keychain service). */
  available(): Promise<boolean>;
  getToken(): Promise<string | null>;
  setToken(token: string): Promise<void>;
  clearToken(): Promise<void>;
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
