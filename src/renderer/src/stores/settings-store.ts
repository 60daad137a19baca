/**
 * The Settings view's state: the service settings in the CLI's key form, the token's status
 * (never the token), and a plain-words error per field from the bridge's validation.
 */
import { create } from 'zustand';
import type { Platform } from '../../../shared/catalogue';
import type { SettingsSnapshot, TokenStatus } from '../../../shared/contract';
import { errorText } from '../lib/errors';
import { bridge } from '../transport';
import { useActivityStore } from './activity-store';

/** The field name used for the token in `fieldErrors` / `fieldNotes`. */
export const TOKEN_FIELD = 'token';
/** The same, for allowing the saved token at a new address. */
export const TOKEN_ALLOW_FIELD = 'token-allow';

interface SettingsState {
  snapshot: SettingsSnapshot | null;
  token: TokenStatus | null;
  loadError: string | null;
  /** Per config key (or TOKEN_FIELD): why the last change was refused. */
  fieldErrors: Readonly<Record<string, string>>;
  /** Per config key (or TOKEN_FIELD): what the last change did, e.g. "Saved.". */
  fieldNotes: Readonly<Record<string, string>>;
  saving: Readonly<Record<string, true>>;
  /** Browser mode: a one-time code for allowing the token at `origin` was printed where `where` says. */
  tokenCode: { origin: string; where: string } | null;
  load(): Promise<void>;
  /** Validates and stores one setting; resolves to true when it was saved. */
  set(key: string, value: string): Promise<boolean>;
  unset(key: string): Promise<boolean>;
  /** Adds hosts to a platform's link hosts, keeping those saved; the verdict is kept under `hosts.<platform>`. */
  addHosts(platform: Platform, hosts: string): Promise<boolean>;
  removeHost(platform: Platform, host: string): Promise<boolean>;
  saveToken(token: string): Promise<boolean>;
  clearToken(): Promise<boolean>;
  /**
   * Asks to let the saved token go to `origin`, where the base URL now points (shown to the user
   * by name). The app asks again outside the page: a system dialog, or in browser mode a code
   * printed in the terminal, which a second call carries.
   */
  allowToken(origin: string, code?: string): Promise<boolean>;
  /** Stops waiting for a terminal code. */
  dropTokenCode(): void;
  clearField(key: string): void;
}

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

export const useSettingsStore = create<SettingsState>((set, get) => {
  /** Runs one change of a field; `work` may return a note of its own to replace `note`. */
  async function change(key: string, work: () => Promise<string | void>, doing: string, note: string): Promise<boolean> {
    set({
      saving: { ...get().saving, [key]: true },
      fieldErrors: without(get().fieldErrors, key),
      fieldNotes: without(get().fieldNotes, key),
    });
    try {
      const own = await work();
      set({ fieldNotes: { ...get().fieldNotes, [key]: own ?? note } });
      return true;
    } catch (error) {
      set({ fieldErrors: { ...get().fieldErrors, [key]: errorText(error, doing) } });
      return false;
    } finally {
      set({ saving: without(get().saving, key) });
    }
  }

  async function refreshToken(): Promise<void> {
    try {
      set({ token: await bridge.call('token.status', {}) });
    } catch {
      // The status stays as it was; the next load reads it again.
    }
  }

  /** A code asked for another address no longer applies. */
  async function baseUrlChanged(): Promise<void> {
    set({ tokenCode: null });
    await refreshToken();
  }

  /** A change to a platform's link hosts; its verdict is kept under the CLI's key, `hosts.<platform>`. */
  const changeHosts = (platform: Platform, request: () => Promise<SettingsSnapshot>, doing: string): Promise<boolean> =>
    change(
      `hosts.${platform}`,
      async () => {
        set({ snapshot: await request() });
      },
      doing,
      'Saved.',
    );

  return {
    snapshot: null,
    token: null,
    loadError: null,
    fieldErrors: {},
    fieldNotes: {},
    saving: {},
    tokenCode: null,

    async load() {
      try {
        const [snapshot, token] = await Promise.all([bridge.call('settings.get', {}), bridge.call('token.status', {})]);
        set({ snapshot, token, loadError: null });
      } catch (error) {
        set({ loadError: errorText(error, 'read the settings') });
      }
    },

    set: (key, value) =>
      change(
        key,
        async () => {
          set({ snapshot: await bridge.call('settings.set', { key, value }) });
          // Limits and the service change what the queue may send: show the new gauge.
          void useActivityStore.getState().loadStatus();
          // Another service address may not be where the saved token belongs.
          if (key === 'base-url') await baseUrlChanged();
        },
        'save this setting',
        'Saved.',
      ),

    unset: (key) =>
      change(
        key,
        async () => {
          set({ snapshot: await bridge.call('settings.unset', { key }) });
          void useActivityStore.getState().loadStatus();
          if (key === 'base-url') await baseUrlChanged();
        },
        'reset this setting',
        'Back to the default.',
      ),

    addHosts: (platform, hosts) => changeHosts(platform, () => bridge.call('settings.addHosts', { platform, hosts }), 'add these hosts'),

    removeHost: (platform, host) => changeHosts(platform, () => bridge.call('settings.removeHost', { platform, host }), 'remove this host'),

    saveToken: (token) =>
      change(
        TOKEN_FIELD,
        async () => {
          set({ token: await bridge.call('token.set', { token }) });
          // The core resumes a queue paused for a rejected or missing token; a queue paused for
          // an inactive subscription may belong to the old team, so a new token resumes it too.
          const activity = useActivityStore.getState();
          await activity.loadStatus();
          const paused = useActivityStore.getState().status?.paused;
          if (paused && paused.reason !== 'user') await activity.resume();
        },
        'save the token',
        'Token saved in the keychain.',
      ),

    clearToken: () =>
      change(
        TOKEN_FIELD,
        async () => {
          set({ token: await bridge.call('token.clear', {}) });
        },
        'remove the token',
        'Token removed from the keychain.',
      ),

    allowToken: (origin, code) =>
      change(
        TOKEN_ALLOW_FIELD,
        async () => {
          const result = await bridge.call('token.allow', code === undefined ? { origin } : { origin, code });
          set({ token: result.token, tokenCode: result.outcome === 'code-needed' ? { origin, where: result.where } : null });
          if (result.outcome === 'code-needed')
            return `A one-time code was printed in ${result.where}. Type it here to send your token to ${origin}.`;
          if (result.outcome === 'declined')
            return `Not allowed: your token still goes only to ${result.token.origin ?? 'the address it was saved for'}.`;
          // The core resumes a queue that held the token back; show it carrying on.
          await useActivityStore.getState().loadStatus();
        },
        'allow the token there',
        `Your token is now sent to ${origin}.`,
      ),

    dropTokenCode() {
      set({
        tokenCode: null,
        fieldNotes: without(get().fieldNotes, TOKEN_ALLOW_FIELD),
        fieldErrors: without(get().fieldErrors, TOKEN_ALLOW_FIELD),
      });
    },

    clearField(key) {
      set({ fieldErrors: without(get().fieldErrors, key), fieldNotes: without(get().fieldNotes, key) });
    },
  };
});
