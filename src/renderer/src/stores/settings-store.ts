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

interface SettingsState {
  snapshot: SettingsSnapshot | null;
  token: TokenStatus | null;
  loadError: string | null;
  /** Per config key (or TOKEN_FIELD): why the last change was refused. */
  fieldErrors: Readonly<Record<string, string>>;
  /** Per config key (or TOKEN_FIELD): what the last change did, e.g. "Saved.". */
  fieldNotes: Readonly<Record<string, string>>;
  saving: Readonly<Record<string, true>>;
  load(): Promise<void>;
  /** Validates and stores one setting; resolves to true when it was saved. */
  set(key: string, value: string): Promise<boolean>;
  unset(key: string): Promise<boolean>;
  /** Adds hosts to a platform's link hosts, keeping those saved; the verdict is kept under `hosts.<platform>`. */
  addHosts(platform: Platform, hosts: string): Promise<boolean>;
  removeHost(platform: Platform, host: string): Promise<boolean>;
  saveToken(token: string): Promise<boolean>;
  clearToken(): Promise<boolean>;
  /** Lets the saved token go to `origin`, where the base URL now points (shown to the user by name). */
  allowToken(origin: string): Promise<boolean>;
  clearField(key: string): void;
}

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

export const useSettingsStore = create<SettingsState>((set, get) => {
  async function change(key: string, work: () => Promise<void>, doing: string, note: string): Promise<boolean> {
    set({ saving: { ...get().saving, [key]: true }, fieldErrors: without(get().fieldErrors, key), fieldNotes: without(get().fieldNotes, key) });
    try {
      await work();
      set({ fieldNotes: { ...get().fieldNotes, [key]: note } });
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
          if (key === 'base-url') await refreshToken();
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
          if (key === 'base-url') await refreshToken();
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

    allowToken: (origin) =>
      change(
        TOKEN_FIELD,
        async () => {
          set({ token: await bridge.call('token.allow', { origin }) });
          // The core resumes a queue that held the token back; show it carrying on.
          await useActivityStore.getState().loadStatus();
        },
        'allow the token there',
        `Your token is now sent to ${origin}.`,
      ),

    clearField(key) {
      set({ fieldErrors: without(get().fieldErrors, key), fieldNotes: without(get().fieldNotes, key) });
    },
  };
});
