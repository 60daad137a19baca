import { systemClock } from '../core/clock';
import { createCore, type Core } from '../core/core';
import type { AppInfo } from '../../shared/contract';
import { createLogger, type Logger } from '../core/log';
import { createFileLogSink } from '../core/log-file';
import type { ConfirmTokenOrigin } from '../core/secrets/confirm-token-origin';
import { createTokenStore } from '../core/secrets/token-store';
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
    log,
    ...(confirmTokenOrigin ? { confirmTokenOrigin } : {}),
  });
  return { core, log };
}
