/**
 * Watches while a queue runs in this process: every minute (on the core's timers, simulated in
 * tests) the runs that ended are examined and the watches now due are queued, last in line.
 */
import type { Clock } from '../clock';
import type { EventHub } from '../events';
import type { FetchQueue } from '../queue/fetch-queue';
import type { ServiceClient } from '../service/client';
import type { SettingsRepository } from '../store/settings-repository';
import type { ReadableDB } from '../store/write-transaction';
import type { NormaliseFn } from '../library/ingest';
import type { Logger } from '../log';
import type { Timers } from '../queue/timers';
import { repositoriesOf } from '../store/repositories';
import { watchChangesRepository as changes } from '../store/watch/watch-changes-repository';
import { watchesRepository as watches, type OpenRun } from '../store/watch/watches-repository';
import { WATCH_TICK_MS } from './due';
import { examineRun } from './examine';
import { readWatchTuning } from './settings';
import { createWatchService, type WatchService } from './watch-service';
import type { WatchClaims } from './team-watches';

export interface WatchRuntime {
  service: WatchService;
  /** Starts the minute tick (with a first pass at once). */
  start(): void;
  stop(): void;
  /** Examines every run whose jobs have all ended; returns how many changes they added. */
  examineFinished(): number;
}

export interface WatchRuntimeDeps {
  db: ReadableDB;
  settings: SettingsRepository;
  service: Pick<ServiceClient, 'prepare'>;
  queue: Pick<FetchQueue, 'poke' | 'whenBatchDone'>;
  events: EventHub;
  clock: Clock;
  timers: Timers;
  log: Logger;
  normalise: NormaliseFn;
  /** With a team hub, due slots are claimed there so one desk runs each (see team-watches.ts). */
  claims?: WatchClaims;
}

export function createWatchRuntime(deps: WatchRuntimeDeps): WatchRuntime {
  const { db } = deps;
  const nowIso = () => new Date(deps.clock.now()).toISOString();
  let handle: unknown = null;
  let running = false;

  const examineDeps = {
    db,
    normalise: deps.normalise,
    tuning: () => readWatchTuning(deps.settings),
    nowIso,
    storedFields: (itemId: number) => {
      const item = repositoriesOf(db).items.record(itemId);
      return item ? { title: item.title, text: item.text, authorName: item.authorName } : null;
    },
  };

  function examine(runs: readonly OpenRun[]): number {
    let added = 0;
    for (const run of runs) {
      if (run.waiting === 0) added += examineRun(examineDeps, run);
    }
    if (added > 0) deps.events.emit('watch.changed', { unread: changes.count(db, { unreadOnly: true }), added });
    return added;
  }

  const examineFinished = (): number => examine(watches.openRuns(db));

  /** The run of one batch that ended: not every open run, or a pass over a thousand due watches costs a million reads. */
  function examineBatch(batchId: number): void {
    const run = watches.openRunOfBatch(db, batchId);
    if (run) examine([run]);
  }

  /** Runs the examination without letting a failure escape into the host's timers. */
  function warnFailed(what: string, error: unknown): void {
    deps.log.warn('watch pass failed', { during: what, error: error instanceof Error ? error.message : String(error) });
  }

  function safely(what: string, work: () => unknown): void {
    try {
      work();
    } catch (error) {
      warnFailed(what, error);
    }
  }

  const service = createWatchService({
    db,
    settings: deps.settings,
    service: deps.service,
    queue: deps.queue,
    clock: deps.clock,
    // Examined as soon as its batch ends in this process; the minute tick catches the rest.
    onQueued: (batchId) => {
      void deps.queue.whenBatchDone(batchId).then(() => safely('examining a run', () => examineBatch(batchId)));
    },
    beforeRead: () => safely('examining runs', examineFinished),
    ...(deps.claims ? { claims: deps.claims } : {}),
  });

  function tick(): void {
    handle = null;
    if (!running) return;
    safely('examining runs', examineFinished);
    safely('queuing due watches', () => {
      // With a hub the pass waits for its claims: a failure then arrives late, and is told the same way.
      service.run({}).catch((error: unknown) => warnFailed('queuing due watches', error));
    });
    handle = deps.timers.setTimeout(tick, WATCH_TICK_MS);
  }

  return {
    service,
    start() {
      if (running) return;
      running = true;
      tick();
    },
    stop() {
      running = false;
      if (handle !== null) deps.timers.clearTimeout(handle);
      handle = null;
    },
    examineFinished,
  };
}
