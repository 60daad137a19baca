/**
 * One SecretStore over two: the primary (the OS keychain through keytar) wherever it works,
 * else the fallback (Electron's safeStorage file). A token saved in the fallback while the
 * keychain was missing is still found after the keychain appears, and "clear" clears both,
 * so a cleared token never comes back from the other place.
 */
import { isGleanerError } from '../../../shared/errors';
import { isAvailable, unavailableReasonOf, type SecretStore } from './secret-store';

const isUnavailableError = (error: unknown): boolean => isGleanerError(error) && error.code === 'SECRET_STORE_UNAVAILABLE';

export function chooseSecretStore(primary: SecretStore, fallback: SecretStore): SecretStore {
  // `location` is synchronous; it names the store the last call decided on (the primary
  // until a call finds it unavailable).
  let current: SecretStore = primary;

  const unavailableReason = async (): Promise<string | null> => {
    const primaryReason = await unavailableReasonOf(primary);
    if (primaryReason === null) {
      current = primary;
      return null;
    }
    const fallbackReason = await unavailableReasonOf(fallback);
    if (fallbackReason === null) {
      current = fallback;
      return null;
    }
    current = primary;
    return `${primaryReason} ${fallbackReason}`;
  };

  return {
    get location() {
      return current.location;
    },
    available: async () => (await unavailableReason()) === null,
    unavailableReason,

    async getToken() {
      const primaryOk = await isAvailable(primary);
      if (primaryOk) {
        try {
          const token = await primary.getToken();
          if (token !== null) {
            current = primary;
            return token;
          }
        } catch (error) {
          if (!isUnavailableError(error) || !(await isAvailable(fallback))) throw error;
          current = fallback;
          return fallback.getToken();
        }
      }
      if (await isAvailable(fallback)) {
        const token = await fallback.getToken();
        if (token !== null || !primaryOk) {
          current = fallback;
          return token;
        }
      }
      current = primary;
      // Neither works: let the primary say why, in its own words.
      return primaryOk ? null : primary.getToken();
    },

    async setToken(token) {
      if (await isAvailable(primary)) {
        try {
          await primary.setToken(token);
          current = primary;
        } catch (error) {
          if (!isUnavailableError(error) || !(await isAvailable(fallback))) throw error;
          await fallback.setToken(token);
          current = fallback;
          return;
        }
        // One copy only: an older copy in the fallback would outlive a later "clear".
        if (await isAvailable(fallback)) await fallback.clearToken().catch(() => undefined);
        return;
      }
      if (await isAvailable(fallback)) {
        await fallback.setToken(token);
        current = fallback;
        return;
      }
      current = primary;
      await primary.setToken(token);
    },

    async clearToken() {
      const stores = [primary, fallback];
      const usable: SecretStore[] = [];
      for (const store of stores) if (await isAvailable(store)) usable.push(store);
      if (usable.length === 0) return primary.clearToken();
      let firstError: unknown;
      for (const store of usable) {
        try {
          await store.clearToken();
        } catch (error) {
          firstError ??= error;
        }
      }
      if (firstError !== undefined) throw firstError;
    },
  };
}
