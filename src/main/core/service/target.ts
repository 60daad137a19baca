import type { Logger } from '../log';
import type { SecretStore } from '../secrets/secret-store';
import { DEMO_BASE_URL, type ServiceSettings } from '../settings/service-settings';
import type { ServiceTarget } from './client';
import { readStoredToken, serviceOrigin, storedTokenValue, tokenElsewhereError } from '../secrets/token-origin';

/** What the core needs of the built-in demo service. */
export interface EmbeddedDemo {
  url: string;
  teams: readonly { name: string; plan: string; token: string }[];
  close(): Promise<void>;
}

export interface ServiceTargets {
  /** The base URL and token to use now: the demo's own when the base URL is `demo`. */
  target(): Promise<ServiceTarget>;
  /** True when requests go to the built-in demo service. */
  isDemo(): boolean;
  close(): Promise<void>;
}

/**
 * Resolves where requests go. On `demo` (the default) the built-in demo service starts on
 * first use, in this process, and its team token for the chosen plan is used: the user's
 * real token is never sent to it.
 */
export function createServiceTargets(deps: {
  settings(): ServiceSettings;
  secretStore: SecretStore;
  startDemo(): Promise<EmbeddedDemo>;
  log: Logger;
}): ServiceTargets {
  let demo: Promise<EmbeddedDemo> | null = null;
  const isDemo = () => deps.settings().baseUrl === DEMO_BASE_URL;

  /** The saved token, if it may go to this base URL's origin (see token-origin.ts). */
  async function tokenFor(baseUrl: string): Promise<string | null> {
    const value = await deps.secretStore.getToken();
    // GLEANER_TOKEN is given for the run that uses it: it goes where that run's settings say.
    if (value === null || deps.secretStore.overriddenByEnvironment) return value;
    const stored = readStoredToken(value);
    const origin = serviceOrigin(baseUrl);
    if (origin === null || stored.origin === origin) return stored.token;
    if (stored.origin !== null) throw tokenElsewhereError(stored.origin, origin);
    // Saved before tokens had an address (or while on the demo): it belongs to the first one it is sent to.
    try {
      await deps.secretStore.setToken(storedTokenValue(stored.token, origin));
    } catch (error) {
      deps.log.warn('the token could not be bound to the service address; it is sent anyway, and binding is tried again next time', {
        error: String(error),
      });
    }
    return stored.token;
  }
  return {
    isDemo,
    async target() {
      const settings = deps.settings();
      if (settings.baseUrl !== DEMO_BASE_URL) return { baseUrl: settings.baseUrl, token: await tokenFor(settings.baseUrl) };
      demo ??= deps.startDemo().catch((error: unknown) => {
        demo = null;
        throw error;
      });
      const running = await demo;
      const wanted = settings.plan === 'custom' ? 'team' : settings.plan;
      const team = running.teams.find((t) => t.plan === wanted) ?? running.teams[0];
      if (team) deps.log.addSecret(team.token);
      return { baseUrl: running.url, token: team?.token ?? null, demo: true };
    },
    async close() {
      const running = demo;
      demo = null;
      if (running) await (await running.catch(() => null))?.close();
    },
  };
}
