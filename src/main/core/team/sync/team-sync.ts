/**
 * The sync part of the team library (issue 29, point 4): answers and what people write, pushed
 * and pulled through the hub. While a session lasts it listens on the hub's channel and pulls on
 * each notice, with a slower periodic pull as a safety net (a notice is lost when the listening
 * connection drops); without one the desk works as before and its outbox waits.
 *
 * Runs never overlap: a sync asked for while one runs is done once more after it.
 */
import type { TeamSyncInfo } from '../../../../shared/team';
import type { Clock } from '../../clock';
import type { Ingester } from '../../library/ingest';
import type { Logger } from '../../log';
import { describeHubFailure } from '../../store/hub';
import { systemTimers } from '../../queue/timers';
import { createTeamSyncRepository } from '../../store/team/team-sync-repository';
import { writeTransaction, type ReadableDB } from '../../store/write-transaction';
import type { TeamPart } from '../part';
import type { HubSession, SessionSource } from '../session';
import { createAnswersSync } from './answers-sync';
import { createChangesSync } from './changes-sync';
import { createCustodySync, CUSTODY_PUSHED } from '../../custody/team-custody';
import { custodyRepository } from '../../store/custody/custody-repository';
import { createWatchSync, shareWatchesAfresh } from '../../watch/team-watches';
import { noteConflictsOf, type createNoteConflicts } from './note-conflicts';

export const TEAM_CHANNEL = 'gleaner_team';

export interface SyncTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TeamSyncDeps {
  /** The local library (SQLite). */
  db: ReadableDB;
  /** The core's ingest: pulled answers are stored exactly as this desk stores its own. */
  ingest: Ingester;
  clock: Clock;
  log: Logger;
  /** Where the session comes from when the runtime does not hand it over through onSession. */
  session?: SessionSource;
  /** Told after a pull brought something, so a host can refresh what it shows. */
  onPulled?: (summary: { answers: number; changes: number }) => void;
  /** Told after a pull brought changes colleagues' watch runs noticed, so the timeline and its unread count refresh. */
  onWatchChanges?: (added: number) => void;
  timers?: SyncTimers;
  /** The safety-net pull while connected (default 30 s). */
  pullEveryMs?: number;
  /** How often, while connected, to look for local work to push (default 500 ms: one cheap read). */
  watchLocalMs?: number;
  /** Rows per hub round trip and per local transaction (default 500). */
  batchSize?: number;
}

export interface TeamSync extends TeamPart {
  onSession(session: HubSession | null): void;
  syncOnce(): Promise<void>;
  status(): { sync: TeamSyncInfo };
  close(): Promise<void>;
  /** Settles once this session's LISTEN is in place (or could not be). */
  whenListening(): Promise<void>;
  /** Note conflicts and authors, for item detail. */
  conflicts: ReturnType<typeof createNoteConflicts>;
}

export function createTeamSync(deps: TeamSyncDeps): TeamSync {
  const team = createTeamSyncRepository(deps.db);
  const timers = deps.timers ?? systemTimers;
  const nowIso = () => new Date(deps.clock.now()).toISOString();
  const batchSize = deps.batchSize ?? 500;
  let session: HubSession | null = null;
  const current = (): HubSession | null => session ?? deps.session?.() ?? null;
  const answers = createAnswersSync({ db: deps.db, ingest: deps.ingest, team, log: deps.log, nowIso, batchSize });
  const changes = createChangesSync({ db: deps.db, team, nowIso, batchSize, deskId: () => current()?.deskId ?? '' });
  const custody = createCustodySync({ db: deps.db, team, log: deps.log, nowIso, batchSize });
  const watches = createWatchSync({ db: deps.db, team, log: deps.log, nowIso, batchSize });

  /** The custody chain's seqs run 1, 2, 3… with no gap, so what waits is the head's seq past the watermark. */
  const custodyPending = (): number => Math.max(0, (custodyRepository.head(deps.db)?.seq ?? 0) - team.watermark(CUSTODY_PUSHED));

  let lastSyncAt: string | null = null;
  let lastError: string | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let timer: unknown = null;
  let localTimer: unknown = null;
  let seenLocal = '';
  let unlisten: (() => Promise<void>) | null = null;
  let generation = 0;
  let listening: Promise<void> = Promise.resolve();

  /**
   * A hub this library has not synced with (another URL, or the same address serving a rebuilt
   * database): what the old hub's watermarks say is meaningless there, so start afresh and share
   * everything. A library that synced before hubs had ids takes the first it meets as its own.
   */
  function meetHub(active: HubSession): void {
    if (team.hubId() === active.hubId) return;
    writeTransaction(deps.db, (tx) => {
      const known = team.hubId();
      if (known === active.hubId) return;
      if (known === undefined) return team.setHubId(tx, active.hubId);
      team.startAfresh(tx, active.hubId);
      shareWatchesAfresh(tx, team);
      deps.log.info('team sync: this library now syncs with another hub; everything it holds is shared with it');
    });
  }

  async function runOnce(): Promise<void> {
    const active = current();
    if (!active) return;
    try {
      meetHub(active);
      // Pushed first: a desk back from offline sends its work before taking colleagues'.
      await answers.push(active);
      await changes.push(active);
      const pulled = { answers: await answers.pull(active), changes: await changes.pull(active) };
      // The custody log last: pulling answers and changes logs nothing here, so one pass shares it all.
      await custody.push(active);
      await custody.pull(active);
      // Watches after answers: a watched item's answer is here before its watch.
      await watches.push(active);
      const watched = await watches.pull(active);
      lastSyncAt = nowIso();
      lastError = null;
      if (pulled.answers + pulled.changes > 0) deps.onPulled?.(pulled);
      if (watched.changes > 0) deps.onWatchChanges?.(watched.changes);
    } catch (error) {
      lastError = describeHubFailure(error);
      throw error;
    }
  }

  /** Runs a sync, or once more after the one running; resolves when the work asked for is done. */
  function syncOnce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runOnce();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const syncQuietly = () => {
    syncOnce().catch((error: unknown) => deps.log.warn('team sync failed', { why: describeHubFailure(error) }));
  };

  function schedulePull(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = null;
      if (!current() || closed) return;
      syncQuietly();
      schedulePull();
    }, deps.pullEveryMs ?? 30_000);
  }

  /** Pushes soon after anything is written here: the window, the CLI and the queue write without telling sync. */
  function watchLocal(): void {
    if (localTimer !== null) timers.clearTimeout(localTimer);
    localTimer = timers.setTimeout(() => {
      localTimer = null;
      if (!current() || closed) return;
      const head = team.localHead();
      if (head !== seenLocal) {
        seenLocal = head;
        syncQuietly();
      }
      watchLocal();
    }, deps.watchLocalMs ?? 500);
  }

  async function stopListening(): Promise<void> {
    if (timer !== null) timers.clearTimeout(timer);
    if (localTimer !== null) timers.clearTimeout(localTimer);
    timer = null;
    localTimer = null;
    const stop = unlisten;
    unlisten = null;
    await stop?.().catch(() => undefined);
  }

  return {
    name: 'sync',
    conflicts: noteConflictsOf(deps.db),
    onSession(next) {
      generation += 1;
      const mine = generation;
      session = next;
      void stopListening();
      if (!next || closed) return;
      schedulePull();
      seenLocal = team.localHead();
      watchLocal();
      // Listening first, then the first sync: a change committed in between is pulled by that sync.
      listening = next.db
        .listen(TEAM_CHANNEL, syncQuietly, () => {
          // The periodic pull carries on; the runtime starts a new session when the hub is back.
          if (mine === generation) unlisten = null;
        })
        .then((stop) => {
          if (mine === generation && !closed) unlisten = stop;
          else void stop();
        })
        .catch((error: unknown) => deps.log.warn('team sync cannot listen for changes', { why: describeHubFailure(error) }))
        .finally(() => {
          if (mine === generation && !closed) syncQuietly();
        });
    },
    whenListening: () => listening,
    syncOnce,
    status() {
      return {
        sync: {
          lastSyncAt,
          pendingPush: answers.pending() + changes.pending() + custodyPending() + watches.pending(),
          conflicts: team.conflictCount(),
          lastError,
        },
      };
    },
    async close() {
      closed = true;
      session = null;
      await stopListening();
      await running?.catch(() => undefined);
    },
  };
}
