import { createCoreClient, type CoreClient } from './bridge/client';
import { createDispatcher, type Dispatch, type Handlers } from './bridge/dispatcher';
import type { CoreContext, CoreDeps } from './context';
import { databasePath } from './data-dir';
import { createEventHub, type EventHub } from './events';
import { createAppHandlers } from './handlers/app';
import { createExportHandlers } from './handlers/export';
import { createExportService, type ExportService } from './export/export-service';
import { createCollectionHandlers } from './handlers/collections';
import { createLibraryHandlers } from './handlers/library';
import { createCollectionRepository } from './library/collections';
import { createIngester, type NormaliseFn } from './library/ingest';
import { normaliseResponse } from './platforms/normalise';
import { createServiceHandlers } from './handlers/service';
import { createSettingsHandlers } from './handlers/settings';
import { createTokenHandlers } from './handlers/token';
import { createQueueHandlers } from './handlers/queue';
import { createFetchQueue, processIsAlive, systemTimers } from './queue/fetch-queue';
import { createHeldAnswerFiles, heldAnswersFolder } from './queue/held-answer-files';
import type { OperationId } from '../../shared/catalogue';
import { linkProblemFor, platformOfUrl } from './platforms/recognise-url';
import { createServiceClient } from './service/client';
import { createServiceTargets } from './service/target';
import { createSettingsRepository } from './store/settings-repository';
import { effectiveLimits, readServiceSettings } from './settings/service-settings';
import { randomUUID } from 'node:crypto';
import type { ExportRequest } from '../../shared/export';
import type { ExportResult } from './export/run-export';
import { exportToFile } from './usecases/export-to-file';
import { openDatabase } from './store/database';
import { createMemoryHubPasswordStore } from './secrets/hub-password-store';
import { createTeamRuntime } from './team/runtime';
import { createTeamHandlers } from './handlers/team';
import { createCustodyHandlers } from './handlers/custody';
import { installCustodyFunctions } from './store/custody/custody-functions';
import { lazyTeamPart } from './team/lazy-part';
import { readTeamTuning } from './team/settings';
import { createWatchHandlers } from './handlers/watch';
import { createWatchRuntime } from './watch/watch-runtime';
import { createWatchClaims } from './watch/team-watches';
import { watchChangesRepository } from './store/watch/watch-changes-repository';
import { createBundleService, type BundleService } from './bundle/bundle-service';
import { bundleCustodyReader, bundleImportHooks, recordBundleMade } from './bundle/custody-wiring';
import { createMemorySigningKeyStore } from './secrets/signing-key-store';
import { createBundleHandlers } from './handlers/bundle';

export interface Core {
  dispatch: Dispatch;
  events: EventHub;
  /** The typed caller over `dispatch`: what hosts use to ask the core anything. */
  client: CoreClient;
  /**
   * Runs the queue in this process (hosts decide when work may be sent); false when another
   * process already runs this library's queue.
   */
  startQueue(): boolean;
  /** Stops sending; `finishInFlight` lets the answers already on their way be stored first. */
  stopQueue(options?: { finishInFlight?: boolean }): Promise<void>;
  /** Browser mode hands finished exports out as downloads from here. */
  exportDownloads: ExportService;
  /** Writes an export to a path the person named (the CLI's --out); no path crosses the bridge. */
  exportToFile(request: ExportRequest, outPath: string, signal?: AbortSignal): Promise<ExportResult>;
  /** Case bundles to and from paths the person named (the CLI's arguments). */
  bundles: BundleService;
  /** The core's insides, for its own tests only: hosts go through `client`. */
  context: CoreContext;
  close(): Promise<void>;
}

/**
 * The composition root of the Electron-free core. Every host (Electron shell, CLI,
 * browser mode, tests) builds one of these from its own dependencies.
 */
export function createCore(deps: CoreDeps): Core {
  const libraryPath = deps.databasePath ?? databasePath(deps.dataDir);
  const db = openDatabase({
    path: libraryPath,
    ...(deps.sqliteNativeBinding ? { nativeBinding: deps.sqliteNativeBinding } : {}),
  });
  // Entries written by the custody log's triggers carry the core's time, as the rows they record do.
  installCustodyFunctions(db, { now: () => deps.clock.now() });
  const events = createEventHub((error) => deps.log.warn('event listener failed', { error: String(error) }));
  const settings = createSettingsRepository(db, () => new Date(deps.clock.now()));
  const readSettings = () => readServiceSettings(settings);
  /** The plan's limits and when its day starts, read fresh each time (settings may change while running). */
  const queueBudget = () => {
    const current = readSettings();
    return { limits: effectiveLimits(current), dayReset: current.dayReset };
  };
  const targets = createServiceTargets({
    settings: readSettings,
    secretStore: deps.secretStore,
    log: deps.log,
    startDemo: deps.startDemo,
  });
  const service = createServiceClient({
    fetch: deps.fetch,
    clock: deps.clock,
    log: deps.log,
    settings: readSettings,
    target: () => targets.target(),
    // The hosts added under Link hosts count too: a link on one of them is a link to that platform.
    linkChecks: {
      platformOfUrl: (url: string) => platformOfUrl(url, { extraHosts: readSettings().extraHosts }),
      linkProblem: (url: string, operation: OperationId) => linkProblemFor(url, operation, { extraHosts: readSettings().extraHosts }),
    },
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  const nowIso = () => new Date(deps.clock.now()).toISOString();
  // Answers are read with the link hosts added in Settings, so a record's link on one of them is kept.
  const normalise: NormaliseFn = (operation, data, params) =>
    normaliseResponse(operation, data, params, { extraHosts: readSettings().extraHosts });
  const ingest = createIngester(db, normalise);
  const collections = createCollectionRepository(db, nowIso);
  const team = createTeamRuntime({
    settings,
    secrets: deps.hubPasswords ?? createMemoryHubPasswordStore(),
    clock: deps.clock,
    log: deps.log,
    events,
    appVersion: deps.appVersion,
  });
  // Answers and what people write, shared through the hub; pulled answers are stored by this desk's own ingest.
  team.use(
    lazyTeamPart(
      'sync',
      async () => {
        const { createTeamSync } = await import('./team/sync/team-sync');
        return createTeamSync({
          db,
          ingest,
          clock: deps.clock,
          log: deps.log,
          onPulled: () => team.changed(),
          // Colleagues' runs noticed something: the Watch view and the sidebar count it as this desk's own.
          onWatchChanges: (added) =>
            events.emit('watch.changed', { unread: watchChangesRepository.count(db, { unreadOnly: true }), added }),
        });
      },
      { queueHooks: false },
    ),
  );
  const queue = createFetchQueue({
    db,
    clock: deps.clock,
    timers: deps.timers ?? systemTimers,
    random: deps.random ?? Math.random,
    service,
    ingest,
    collections,
    events,
    log: deps.log,
    budget: () => queueBudget(),
    // Null unless a team hub is set: a desk alone sends exactly as before.
    team: () => team.queueHooks(),
    ownerId: `${process.pid}-${randomUUID()}`,
    isOwnerAlive: processIsAlive,
    // Real time: look for other processes' work every second (simulated time drives the queue itself).
    ...(deps.timers ? {} : { watchOthersMs: 1000 }),
    ...(deps.concurrency ? { concurrency: deps.concurrency } : {}),
    ...(libraryPath === ':memory:'
      ? {}
      : { heldAnswerFiles: createHeldAnswerFiles({ folder: heldAnswersFolder(libraryPath), log: deps.log }) }),
  });
  // The team's one quota and one request per question: asked before each request leaves.
  team.use(
    lazyTeamPart(
      'quota',
      async () => {
        const [{ createTeamQuota }, { tokenNoticeMessage }] = await Promise.all([
          import('./team/quota/quota-part'),
          import('./team/quota/token-notice'),
        ]);
        return createTeamQuota({
          clock: deps.clock,
          timers: deps.timers ?? systemTimers,
          log: deps.log,
          limits: queueBudget,
          settings: () => readTeamTuning(settings),
          backlog: () => ({ calls: 0, bulk: queue.waitingCount() }),
          // A colleague's desk saw the team's token refused: pause as for a 401 here; a new token lifts it.
          onTokenNotice: (notice) => queue.pause('TOKEN_REJECTED', tokenNoticeMessage(notice)),
        });
      },
      { queueHooks: true },
    ),
  );
  const exports = createExportService({
    db,
    ...(deps.sqliteNativeBinding ? { sqliteNativeBinding: deps.sqliteNativeBinding } : {}),
    dataDir: deps.dataDir,
    clock: deps.clock,
    events,
    log: deps.log,
    appVersion: deps.appVersion,
    ...(deps.chooseExportDestination ? { chooseDestination: deps.chooseExportDestination } : {}),
  });
  const watchRuntime = createWatchRuntime({
    db,
    settings,
    service,
    queue,
    events,
    clock: deps.clock,
    timers: deps.timers ?? systemTimers,
    log: deps.log,
    normalise,
    // Connected to a team hub, each due watch runs on the one desk that claims it there.
    claims: createWatchClaims(() => team.session(), deps.log),
  });
  const watches = watchRuntime.service;
  const context: CoreContext = { ...deps, db, events, settings, targets, service, ingest, collections, queue, exports, team, watches };
  const bundles = createBundleService({
    db,
    ...(deps.sqliteNativeBinding ? { sqliteNativeBinding: deps.sqliteNativeBinding } : {}),
    clock: deps.clock,
    fetch: deps.fetch,
    log: deps.log,
    settings,
    signingKeys: deps.signingKeys ?? createMemorySigningKeyStore(),
    ingest,
    normalise,
    collections,
    custody: bundleCustodyReader,
    importHooks: bundleImportHooks(db, deps.clock),
    recordMade: (scope, outPath, summary, at) => recordBundleMade(db, scope, outPath, summary, at),
  });
  const handlers: Handlers = {
    ...createAppHandlers(context),
    ...createServiceHandlers(context),
    ...createSettingsHandlers(context),
    ...createTokenHandlers(context),
    ...createLibraryHandlers(context),
    ...createCollectionHandlers(context),
    ...createQueueHandlers(context),
    ...createExportHandlers(context),
    ...createTeamHandlers(context),
    ...createBundleHandlers(bundles, exports, deps.clock),
    ...createCustodyHandlers(context),
    ...createWatchHandlers(context),
  };
  let closed = false;
  const dispatch = createDispatcher(handlers, deps.log, { libraryPath });
  return {
    dispatch,
    events,
    client: createCoreClient({ dispatch, events }),
    // The process that sends is the one that needs the hub (the shared quota, shared answers).
    startQueue: () => {
      team.start();
      const runs = queue.start();
      // Due watches run by themselves only where the queue runs (issue 30).
      if (runs) watchRuntime.start();
      return runs;
    },
    stopQueue: async (options) => {
      watchRuntime.stop();
      await queue.stop(options);
    },
    exportDownloads: exports,
    exportToFile: (request, outPath, signal) => exportToFile(context, request, outPath, signal),
    bundles,
    context,
    async close() {
      if (closed) return;
      closed = true;
      watchRuntime.stop();
      await queue.stop();
      await team.close();
      await exports.settle();
      await targets.close();
      db.close();
    },
  };
}
