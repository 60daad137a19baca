import { systemClock } from '../core/clock';
import { createCore, type Core } from '../core/core';
import type { AppInfo } from '../../shared/contract';
import { createLogger, type Logger } from '../core/log';
import { createFileLogSink } from '../core/log-file';
import { createTokenStore } from '../core/secrets/token-store';
import { APP_VERSION } from './app-version';

export interface NodeCoreOptions {
  dataDir: string;
  host: AppInfo['host'];
  env: Record<string, string | undefined>;
}

/** The composition root for the Node hosts (CLI and browser mode): Node's fetch, the system clock. */
export function createNodeCore({ dataDir, host, env }: NodeCoreOptions): { core: Core; log: Logger } {
  const log = createLogger(createFileLogSink(dataDir));
  const core = createCore({
    dataDir,
    appVersion: APP_VERSION,
    host,
    clock: systemClock,
    fetch: globalThis.fetch.bind(globalThis),
    secretStore: createTokenStore({ env, log }),
    log,
  });
  return { core, log };
}
