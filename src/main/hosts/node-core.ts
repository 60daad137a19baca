import type { AppInfo } from '../../shared/contract';
import {
  createCore,
  createFileLogSink,
  createHubPasswordStore,
  createSigningKeyStore,
  createLogger,
  createTokenStore,
  systemClock,
  type ConfirmTokenOrigin,
  type Core,
  type Logger,
} from '../core';
import { APP_VERSION } from './app-version';

export interface NodeCoreOptions {
  dataDir: string;
  host: AppInfo['host'];
  env: Record<string, string | undefined>;
  /** How the host asks before the token goes to a new address (browser mode: a code in the terminal). */
  confirmTokenOrigin?: ConfirmTokenOrigin;
}

/** The composition root for the Node hosts (CLI and browser mode): Node's fetch, the system clock. */
export function createNodeCore({ dataDir, host, env, confirmTokenOrigin }: NodeCoreOptions): { core: Core; log: Logger } {
  const log = createLogger(createFileLogSink(dataDir));
  const core = createCore({
    dataDir,
    appVersion: APP_VERSION,
    host,
    clock: systemClock,
    fetch: globalThis.fetch.bind(globalThis),
    secretStore: createTokenStore({ env, log }),
    hubPasswords: createHubPasswordStore({ env, log }),
    signingKeys: createSigningKeyStore({ env, log }),
    log,
    // Loaded when first asked for: most commands never start it. Its picture addresses are CDN-like
    // (the window's pictures setting acts on them); `gleaner demo-service` serves its media itself.
    startDemo: async () => (await import('../demo/server')).startDemoService({ port: 0, mediaAddresses: 'cdn-like' }),
    ...(confirmTokenOrigin ? { confirmTokenOrigin } : {}),
  });
  return { core, log };
}
