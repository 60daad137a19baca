import type { AppInfo } from '../../shared/contract';
import type { Clock } from './clock';
import type { CollectionRepository } from './library/collections';
import type { Ingester } from './library/ingest';
import type { FetchQueue, Timers } from './queue/fetch-queue';
import type { EventHub } from './events';
import type { ChooseExportDestination, ExportService } from './export/export-service';
import type { Logger } from './log';
import type { ConfirmTokenOrigin } from './secrets/confirm-token-origin';
import type { SecretStore } from './secrets/secret-store';
import type { HubPasswordStore } from './secrets/hub-password-store';
import type { SigningKeyStore } from './secrets/signing-key-store';
import type { TeamRuntime } from './team/runtime';
import type { ServiceClient } from './service/client';
import type { EmbeddedDemo, ServiceTargets } from './service/target';
import type { SettingsRepository } from './store/settings-repository';
import type { ReadableDB } from './store/database';
import type { WatchService } from './watch/watch-service';

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
  /**
   * Starts the built-in demo service when the base URL is `demo`. Each host supplies it, so the
   * core never imports the demo service (which is a host-side peer, not part of the core).
   */
  startDemo: () => Promise<EmbeddedDemo>;
  /** Electron passes its own build of better-sqlite3 here. */
  sqliteNativeBinding?: string;
  /** Tests pass ':memory:'. */
  databasePath?: string;
  /** Overrides the request time limits (tests use short ones). */
  timeoutMs?: { normal: number; slow: number };
  /** The queue's timers and jitter (tests simulate time). */
  timers?: Timers;
  random?: () => number;
  /** Requests in flight at once (default 3). */
  concurrency?: number;
  /**
   * Asks the person, outside the window, before the token goes to a new address (`token.allow`):
   * a system dialog on the desktop, a code in the terminal in browser mode. Without it the bridge
   * refuses and points to `gleaner token allow`.
   */
  confirmTokenOrigin?: ConfirmTokenOrigin;
  /** The desktop shell's save dialog; without it, exports are staged for download (browser mode). */
  chooseExportDestination?: ChooseExportDestination;
  /** Where team hub passwords are kept (the OS keychain in the hosts); without it, in memory only. */
  hubPasswords?: HubPasswordStore;
  /** Where the case-bundle signing key is kept (the OS keychain in the hosts); without it, in memory only. */
  signingKeys?: SigningKeyStore;
}

/** What handlers share once the core is built. */
export interface CoreContext extends CoreDeps {
  db: ReadableDB;
  events: EventHub;
  settings: SettingsRepository;
  targets: ServiceTargets;
  service: ServiceClient;
  /**
   * Stores a response and the items in it (one transaction; idempotent by request id);
   * `ingest.storeMany` and `ingest.within(tx, …)` commit several answers together.
   */
  ingest: Ingester;
  collections: CollectionRepository;
  queue: FetchQueue;
  exports: ExportService;
  /** The team hub link (issue 29): idle unless this library has a hub set. */
  team: TeamRuntime;
  /** Watches (issue 30): scheduled fetches again and the changes they noticed. */
  watches: WatchService;
}
