import type { AppInfo } from '../../shared/contract';
import type { Clock } from './clock';
import type { EventHub } from './events';
import type { Logger } from './log';
import type { SecretStore } from './secrets/secret-store';
import type { Database } from './store/database';

/** What the core needs from its host; every piece is injected so tests can replace it. */
export interface CoreDeps {
  dataDir: string;
  appVersion: string;
  host: AppInfo['host'];
  clock: Clock;
  /** Node's fetch in the CLI and browser mode; Electron's net.fetch in the desktop shell. */
  fetch: typeof fetch;
  secretStore: SecretStore;
  log: Logger;
  /** Electron passes its own build of better-sqlite3 here. */
  sqliteNativeBinding?: string;
  /** Tests pass ':memory:'. */
  databasePath?: string;
}

/** What handlers share once the core is built. */
export interface CoreContext extends CoreDeps {
  db: Database;
  events: EventHub;
}
