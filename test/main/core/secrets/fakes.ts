/** Stand-ins for keytar and for other secret stores, recording what they were asked. */
import { GleanerError } from '../../../../src/shared/errors';
import type { KeytarLike } from '../../../../src/main/core/secrets/keytar-store';
import type { SecretStore } from '../../../../src/main/core/secrets/secret-store';

export interface FakeKeytar extends KeytarLike {
  entries: Map<string, string>;
  calls: { method: string; service: string; account: string }[];
}

/** An in-memory keychain; `failWith` makes every call reject with that error. */
export function fakeKeytar(failWith?: (password?: string) => unknown): FakeKeytar {
  const entries = new Map<string, string>();
  const calls: FakeKeytar['calls'] = [];
  const key = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    entries,
    calls,
    async getPassword(service, account) {
      calls.push({ method: 'getPassword', service, account });
      if (failWith) throw failWith();
      return entries.get(key(service, account)) ?? null;
    },
    async setPassword(service, account, password) {
      calls.push({ method: 'setPassword', service, account });
      if (failWith) throw failWith(password);
      entries.set(key(service, account), password);
    },
    async deletePassword(service, account) {
      calls.push({ method: 'deletePassword', service, account });
      if (failWith) throw failWith();
      return entries.delete(key(service, account));
    },
  };
}

export interface FakeStore extends SecretStore {
  token: string | null;
  isAvailable: boolean;
  /** Makes the next calls throw SECRET_STORE_UNAVAILABLE although available() says true. */
  failCalls: boolean;
  calls: string[];
}

export function fakeStore(location: string, options: { token?: string | null; available?: boolean } = {}): FakeStore {
  const store: FakeStore = {
    location,
    token: options.token ?? null,
    isAvailable: options.available ?? true,
    failCalls: false,
    calls: [],
    available: async () => store.isAvailable,
    unavailableReason: async () => (store.isAvailable ? null : `${location} is not there.`),
    async getToken() {
      store.calls.push('get');
      check();
      return store.token;
    },
    async setToken(token) {
      store.calls.push('set');
      check();
      store.token = token;
    },
    async clearToken() {
      store.calls.push('clear');
      check();
      store.token = null;
    },
  };
  const check = () => {
    if (!store.isAvailable || store.failCalls) throw new GleanerError('SECRET_STORE_UNAVAILABLE', `${location} is not there.`);
  };
  return store;
}

/** Resolves to the error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<GleanerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GleanerError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}
