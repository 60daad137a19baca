/**
 * The persistent, rate-aware request queue. Every request is a job row in SQLite; the
 * scheduler keeps a sliding one-minute window and a day (24 hours, or since the daily reset the
 * settings name) of what it sent (persisted in send_log), never exceeds either, and treats a
 * 429 as the last word because colleagues spend the same team budget. A job's response is stored
 * and the job marked done in one transaction, so a crash can never store a response twice or
 * lose a finished job.
 *
 * This file composes the parts: budget (windows, share), lease (one runner per library),
 * failures (retry, outage, pause), batches (progress, waiters), held answers, the scheduler's
 * wake timer. Time and timers are injected: tests run a simulated day without sleeping.
 */
import { getOperation, isOperationId } from '../../../shared/catalogue';
import { GleanerError, isGleanerError, markNotSent } from '../../../shared/errors';
import { formatDayReset, type DayReset, type PlanLimits } from '../../../shared/plans';
import type { JobState, JobSummary, PauseReason, QueueStatus } from '../../../shared/queue';
import type { Clock } from '../clock';
import type { EventHub } from '../events';
import type { CollectionRepository } from '../library/collections';
import type { IngestResult, ResponseToStore } from '../library/ingest';
import type { Logger } from '../log';
import type { ServiceClient } from '../service/client';
import { pageValuesOf, unsendablePage } from '../service/pagination';
import { writeTransaction, type Database, type ReadableDB } from '../store/database';
import { batchRepository } from '../store/queue/batches';
import { jobRepository as jobs, type JobRow, type JobTarget } from '../store/queue/jobs';
import { queueStateRepository as queueState, type Pause } from '../store/queue/queue-state';
import { sendLogRepository as sendLog } from '../store/queue/send-log';
import { storeAnswerIn } from './answers';
import { countStates, createBatchTracker, toJobSummary } from './batches';
import { createBudget, type Send } from './budget';
import { alsoIntoIn, enqueueIn, type BatchSpec } from './enqueue';
import {
  BUSY_RETRY_MS,
  PAUSE_MESSAGES,
  UNREACHABLE_FIRST_WAIT_MS,
  createFailureHandler,
  createGuard,
  createOutage,
  isSelfLifting,
  isSqliteError,
} from './failures';
import type { HeldAnswerStore } from './held-answer-files';
import { createHeldAnswers } from './held-answers';
import { LEASE_MS, createLease } from './lease';
import { DAY_MS } from './rate';
import { createWakeTimer, lanesFor } from './scheduler';
import { clearPause, TOKEN_PAUSES } from './token-pause';
import type { SendDecision, TeamQueueHooks } from './team-hooks';
import type { Timers } from './timers';

export { systemTimers, type Timers } from './timers';
export { processIsAlive } from './lease';
export type { BatchSpec, JobSpec } from './enqueue';
export type { SendDecision, TeamQueueHooks } from './team-hooks';

export interface QueueDeps {
  db: Database;
  clock: Clock;
  timers: Timers;
  random: () => number;
  service: Pick<ServiceClient, 'prepare' | 'send'>;
  ingest(response: ResponseToStore): IngestResult;
  collections: Pick<CollectionRepository, 'ensure' | 'add'>;
  events: EventHub;
  log: Logger;
  /** The plan's limits and when its day starts afresh, read fresh each time (settings may change while running). */
  budget(): { limits: PlanLimits; dayReset: DayReset };
  /** Requests in flight at once, so a slow operation does not idle the budget. */
  concurrency?: number;
  /** Identifies this process for the runner lease. */
  ownerId: string;
  /** Says whether the process that holds a lease still exists (a crashed one frees it at once). */
  isOwnerAlive?: (ownerId: string) => boolean;
  /**
   * How often the runner looks for work other processes wrote into the library (a CLI command
   * queuing jobs while the app runs the queue, `gleaner queue resume`); undefined: never.
   */
  watchOthersMs?: number;
  /** Where answers that could not be stored wait for the next run (beside the library); absent, in memory only. */
  heldAnswerFiles?: HeldAnswerStore;
  /** A team hub's say before each request leaves (its shared quota, a colleague's answer); absent, the desk is alone. */
  team?: () => TeamQueueHooks | null;
}

export type CancelTarget = JobTarget;
export type RetryTarget = JobTarget;

const SEND: SendDecision = { kind: 'send' };
/** The longest a job is put off: a team's quota can hold it back until the day frees, a day away at most. */
const LONGEST_JOB_WAIT_MS = 2 * DAY_MS;

/**
 * A later page that cannot be sent because of the page values the answer before it gave (a value
 * too long, control characters): the service's doing, not bad input, and asking again would bring
 * the same. Null for any other job, or when the page values are not the trouble.
 */
function pageValueError(job: JobRow, params: Record<string, string>): GleanerError | null {
  if (job.previous_job_id === null || !isOperationId(job.operation)) return null;
  const operation = getOperation(job.operation);
  const page = pageValuesOf(operation, params);
  const rest = Object.fromEntries(Object.entries(params).filter(([name]) => !(name in page)));
  const reason = unsendablePage(operation, rest, page);
  return reason === null ? null : new GleanerError('MALFORMED_RESPONSE', reason, { details: { final: true } });
}

export function createFetchQueue(deps: QueueDeps) {
  const { clock, timers } = deps;
  const db = deps.db as ReadableDB;
  const concurrency = deps.concurrency ?? 3;
  const nowIso = () => new Date(clock.now()).toISOString();
  // Under a name of its own: outside store/, the lint rule against SQL forbids calling any method named prepare.
  const { prepare: prepareServiceRequest } = deps.service;
  const write = <R>(fn: Parameters<typeof writeTransaction<R>>[1]): R => writeTransaction(db, fn);

  const budget = createBudget({ db, clock, budget: deps.budget });
  const lease = createLease({ db, clock, ownerId: deps.ownerId, ...(deps.isOwnerAlive ? { isOwnerAlive: deps.isOwnerAlive } : {}) });
  const batches = createBatchTracker({ db, events: deps.events });
  const wake = createWakeTimer(clock, timers, () => guarded('wake', pump));
  const outage = createOutage(timers, () =>
    guarded('retrying the service', () => {
      if (running && isSelfLifting(pausedState()?.reason)) resume();
    }),
  );
  /** A request succeeded: the budget's share may grow back, and any outage is over. */
  const succeeded = (job: JobRow, result: IngestResult) => {
    budget.succeeded();
    deps.log.debug('job done', { job: job.id, operation: job.operation, items: result.itemIds.length });
    outage.recovered();
  };
  const handleFailure = createFailureHandler({
    db,
    clock,
    random: deps.random,
    log: deps.log,
    budget,
    outage,
    nowIso,
    pausedReason: () => pausedState()?.reason,
    pause: (reason, message) => pause(reason, message),
    announce: () => deps.events.emit('queue.status', status()),
  });
  const held = createHeldAnswers({
    ...deps,
    db,
    nowIso,
    onStored: succeeded,
    announce: batches.announce,
    ...(deps.heldAnswerFiles ? { files: deps.heldAnswerFiles } : {}),
  });

  /**
   * A pause the library could not record (its disk is full): kept here, so this process stops
   * sending all the same.
   */
  let unrecordedPause: Pause | null = null;
  const inFlight = new Map<number, AbortController>();
  let running = false;
  let holdsLease = false;
  let leaseHandle: unknown = null;
  let watchHandle: unknown = null;
  /** SQLite's count of commits by other connections, as last seen. */
  let othersVersion = -1;
  const idleWaiters: (() => void)[] = [];

  const pausedState = (): Pause | null => unrecordedPause ?? queueState.pause(db);

  const guarded = createGuard({
    log: deps.log,
    libraryPath: db.name,
    onBusy: () => {
      if (running) wake.at(clock.now() + BUSY_RETRY_MS);
    },
    recordPause: (storagePause) => {
      try {
        write((tx) => queueState.setPause(tx, storagePause));
      } catch {
        unrecordedPause = storagePause;
      }
    },
    announce: () => deps.events.emit('queue.status', status()),
  });

  function takeOver(): void {
    holdsLease = true;
    // The process that ran the queue until now kept its own count of sends; send_log has them all.
    budget.reload();
    // Jobs whose answers came but wait on disk to be stored stay running: pump stores them first.
    const answered = held.loadSaved();
    const recovered = write((tx) => jobs.requeueRunning(tx, nowIso(), answered));
    if (recovered) deps.log.info('recovered interrupted jobs', { count: recovered });
    // No part of the queue puts a job off for longer than a team's day of quota; one further off
    // was put off by an older version that took a service's Retry-After as sent (years, once).
    const broughtForward = write((tx) => jobs.dueBy(tx, clock.now() + LONGEST_JOB_WAIT_MS));
    if (broughtForward) deps.log.info('jobs put off for years are due again', { count: broughtForward });
    // Left waiting for an unreachable service by a process that has gone: try it again soon.
    if (isSelfLifting(pausedState()?.reason)) outage.scheduleProbe(UNREACHABLE_FIRST_WAIT_MS);
    pump();
    // The library takes writes again: set space aside for answers a full disk may make us hold.
    if (held.size() === 0) held.topUpReserve();
  }

  /** This process was asleep or stopped past its lease and another took the queue over: it follows now. */
  function loseLease(): void {
    holdsLease = false;
    deps.log.warn('another process took the queue over', { inFlight: inFlight.size });
  }

  /** Renews the lease while running it (if it is still this process's); otherwise keeps trying to take over a lapsed one. */
  function tendLease(): void {
    if (!running) return;
    guarded('lease', () => {
      if (holdsLease) {
        if (!lease.renew()) loseLease();
      } else if (lease.acquire()) takeOver();
    });
    leaseHandle = timers.setTimeout(tendLease, LEASE_MS / 3);
  }

  /**
   * Jobs queued, cancelled or resumed by another process reach this one through the database
   * only: its commit count changes when another connection commits, and then the runner looks
   * again. Without it, a command's jobs waited until something else woke this queue.
   */
  function watchOthers(): void {
    watchHandle = null;
    if (!running || deps.watchOthersMs === undefined) return;
    if (holdsLease) {
      guarded('watch', () => {
        const version = queueState.othersCommitCount(db);
        if (version !== othersVersion) {
          othersVersion = version;
          pump();
        }
      });
    }
    watchHandle = timers.setTimeout(watchOthers, deps.watchOthersMs);
  }

  function pump(): void {
    if (!running || !holdsLease) return;
    if (pausedState()) return;
    if (held.size() > 0) {
      guarded('storing held answers', held.drain);
      // Still not writable: the queue paused again, and nothing is sent.
      if (pausedState()) return;
    }
    const lanes = lanesFor(concurrency, outage.isOngoing());
    while (inFlight.size < lanes) {
      const now = clock.now();
      const slot = budget.slotFor(now);
      if (slot > now) {
        wake.at(slot);
        return;
      }
      const job = jobs.nextDue(db, now);
      if (!job) {
        const waiting = jobs.earliestDue(db);
        if (waiting !== null) wake.at(waiting);
        break;
      }
      dispatch(job, now);
    }
  }

  function dispatch(job: JobRow, now: number): void {
    let sendId = 0;
    let lost = false;
    // IMMEDIATE: it reads the lease before writing, and a deferred transaction whose snapshot
    // another process's commit made stale cannot then write (SQLITE_BUSY, not waited out).
    const claimed = write((tx) => {
      // Checked in the same transaction as the claim: a runner that slept past its lease must not
      // send a job the runner that took over may be sending too.
      if (!lease.isMine()) {
        lost = true;
        return false;
      }
      if (!jobs.markRunning(tx, job.id, nowIso())) return false;
      // Recorded before the request leaves, so a crash mid-request still counts against the windows.
      sendId = sendLog.add(tx, now, job.id);
      return true;
    });
    if (lost) loseLease();
    if (!claimed) return;
    budget.sent(now);
    const controller = new AbortController();
    inFlight.set(job.id, controller);
    void run(job, { id: sendId, at: now }, controller)
      .catch((error: unknown) =>
        guarded('storing an answer', () => {
          throw error;
        }),
      )
      .finally(() => {
        inFlight.delete(job.id);
        guarded('next request', pump);
        if (inFlight.size === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
      });
  }

  async function run(job: JobRow, send: Send, controller: AbortController): Promise<void> {
    const params = JSON.parse(job.params) as Record<string, string>;
    const sentAt = send.at;
    let response: ResponseToStore | undefined;
    try {
      let request: ReturnType<typeof prepareServiceRequest>;
      try {
        request = prepareServiceRequest(job.operation, params);
      } catch (error) {
        throw markNotSent(pageValueError(job, params) ?? error);
      }
      const team = deps.team?.() ?? null;
      const decision = team
        ? await team.beforeSend(job, params, controller.signal).catch((error: unknown) => {
            // Whatever stopped it, the request never left: its slot is given back.
            throw markNotSent(
              isGleanerError(error) ? error : new GleanerError('CANCELLED', 'Stopped before the request was sent.', { cause: error }),
            );
          })
        : SEND;
      if (decision.kind === 'later') {
        // Nothing left: the slot counted for it is given back, and the job waits its turn again.
        budget.giveBack(send);
        write((tx) => jobs.requeue(tx, job.id, 1, decision.notBefore, nowIso()));
        batches.announce(job.batch_id);
        return;
      }
      if (decision.kind === 'answered') {
        budget.giveBack(send);
        const shared = { job, response: decision.response, sendId: send.id };
        succeeded(
          job,
          write((tx) => storeAnswerIn(tx, deps, shared, nowIso())),
        );
        batches.announce(job.batch_id);
        return;
      }
      response = await deps.service.send(request, { signal: controller.signal }).finally(() => budget.settle(send));
      const answer = { job, response, sendId: send.id };
      succeeded(
        job,
        write((tx) => storeAnswerIn(tx, deps, answer, nowIso())),
      );
      team?.afterStored?.(job, response);
    } catch (error) {
      if (response === undefined) deps.team?.()?.afterFailed?.(job, params, error);
      if (isSqliteError(error)) {
        // The library could not be written (a full disk, or locked by another process), and the
        // error pauses the queue or retries shortly (see guarded). An answer that came is held,
        // its job still running here (see held-answers); without one, the job waits to be sent again.
        if (response !== undefined) held.hold({ job, response, sendId: send.id });
        else write((tx) => jobs.requeue(tx, job.id, 1, 0, nowIso()));
        throw error;
      }
      handleFailure(job, send, sentAt, error, controller.signal.aborted);
    }
    batches.announce(job.batch_id);
  }

  function pause(reason: PauseReason, message: string = PAUSE_MESSAGES[reason]): void {
    write((tx) => queueState.setPause(tx, { reason, message }));
    deps.events.emit('queue.status', status());
  }

  function resume(): void {
    unrecordedPause = null;
    outage.cancelProbe();
    clearPause(db, nowIso());
    deps.events.emit('queue.status', status());
    pump();
  }

  function status(): QueueStatus {
    const now = clock.now();
    const counts = countStates(jobs.countsByState(db));
    const { recentRatePerMinute, etaMinutes, nextFreeSlot, dayReset, ...gauge } = budget.gauge(now, counts.queued + counts.running);
    const wait = budget.serviceWait(now);
    return {
      paused: pausedState(),
      serviceWait: wait && { until: new Date(wait.until).toISOString(), message: wait.message },
      counts,
      gauge: { ...gauge, dayReset: formatDayReset(dayReset), nextFreeSlot: new Date(nextFreeSlot).toISOString() },
      recentRatePerMinute,
      etaMinutes,
    };
  }

  return {
    /**
     * Sends the items of jobs still waiting into one more collection as well: an import that names
     * links already queued by another. Returns how many were still waiting, and the items of those
     * that finished in the meantime (for the caller to add at once).
     */
    alsoInto: (jobIds: readonly number[], collection: string) => write((tx) => alsoIntoIn(tx, jobIds, collection)),

    /** Adds a batch of jobs; parameters are checked first, so bad input never becomes a job. */
    enqueue(spec: BatchSpec): { batchId: number; jobIds: number[]; joined: number[] } {
      const checked = spec.jobs.map((job) => ({ job, params: JSON.stringify(prepareServiceRequest(job.operation, job.params).params) }));
      // The write lock first, then the look at what waits.
      const result = write((tx) => enqueueIn(tx, spec, checked, nowIso()));
      batches.announce(result.batchId);
      pump();
      return result;
    },

    /** The batch and first job of the call made with this ticket, by this process or an earlier one; null if none was. */
    callOfTicket: (ticket: string): { batchId: number; jobId: number } | null => batchRepository.callOfTicket(db, ticket) ?? null,

    /**
     * Starts dispatching, if no other live process runs this library's queue. Jobs that
     * were running when Gleaner last stopped are put back in line first.
     */
    start(): boolean {
      if (running) return holdsLease;
      running = true;
      guarded('start', () => {
        if (lease.acquire()) takeOver();
      });
      leaseHandle = timers.setTimeout(tendLease, LEASE_MS / 3);
      watchOthers();
      return holdsLease;
    },

    /**
     * Stops dispatching. Requests in flight are abandoned and their jobs go back in line, or,
     * with `finishInFlight`, answered and stored first: a command whose own work is done must
     * not throw away answers already paid for (the queue sent other batches' jobs beside its own).
     */
    async stop(options: { finishInFlight?: boolean } = {}): Promise<void> {
      running = false;
      wake.cancel();
      if (leaseHandle !== null) timers.clearTimeout(leaseHandle);
      if (watchHandle !== null) timers.clearTimeout(watchHandle);
      watchHandle = null;
      outage.cancelProbe();
      if (!options.finishInFlight) for (const controller of inFlight.values()) controller.abort();
      await new Promise<void>((resolve) => (inFlight.size === 0 ? resolve() : idleWaiters.push(resolve)));
      // Held answers get one last try. Those still not stored wait on disk, their jobs running, for
      // the next run to store; only one that could not be written there goes back in line, to be sent again.
      if (held.size() > 0) guarded('storing held answers', held.drain);
      for (const jobId of held.jobIds()) {
        if (!held.isSaved(jobId)) guarded('putting a job back in line', () => write((tx) => jobs.requeue(tx, jobId, 1, 0, nowIso())));
      }
      held.clear();
      // On a full disk even this may fail: the next process sees this one gone and takes over.
      if (holdsLease) guarded('releasing the queue', lease.release);
      holdsLease = false;
    },

    isRunner: () => holdsLease,
    pause: (reason: PauseReason = 'user', message?: string) => pause(reason, message),
    /** Jobs queued or running: what a team hub weighs this desk's backlog by. */
    waitingCount: (): number => {
      const counts = countStates(jobs.countsByState(db));
      return counts.queued + counts.running;
    },
    resume,

    /** A new token was saved: a queue paused for the old one resumes where it stopped. */
    onTokenChanged(): void {
      const paused = pausedState();
      if (paused && TOKEN_PAUSES.includes(paused.reason)) resume();
    },

    /** The base URL changed: a queue that held its token back from the old one tries the new one. */
    onServiceChanged(): void {
      if (pausedState()?.reason === 'TOKEN_ELSEWHERE') resume();
    },

    cancel(target: CancelTarget): number {
      const ids = jobs.waitingOf(db, target);
      write((tx) => jobs.cancelWaiting(tx, target, nowIso()));
      for (const row of ids) inFlight.get(row.id)?.abort();
      for (const batchId of new Set(ids.map((r) => r.batch_id))) batches.announce(batchId);
      return ids.length;
    },

    /**
     * Queues failed jobs again. A cancelled job was the user's decision: it is queued again only
     * when named by its id, never by a batch's or the whole queue's retry.
     */
    retry(target: RetryTarget): number {
      const changed = write((tx) => jobs.retry(tx, target, target !== 'all' && 'jobId' in target, nowIso()));
      pump();
      return changed;
    },

    status,
    batchProgress: batches.progress,
    unfinishedBatches: batches.unfinished,

    /** Changed last first, or with `oldestFirst` in the order the queue takes them (calls first, then by id; due times aside). */
    jobs: (filter: { state?: JobState; batchId?: number; limit?: number; oldestFirst?: boolean } = {}): JobSummary[] =>
      jobs.list(db, filter).map(toJobSummary),

    job: (id: number) => jobs.byId(db, id),

    /** Resolves when every job of the batch has ended (done, failed or cancelled). */
    whenBatchDone: batches.whenDone,

    /** Resolves when no request is in flight (for simulations and orderly shutdown). */
    whenIdle(): Promise<void> {
      return inFlight.size === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },

    inFlightCount: () => inFlight.size,
    /** Kicks the scheduler (after settings change, or when another process changed the queue). */
    poke: () => pump(),
  };
}

export type FetchQueue = ReturnType<typeof createFetchQueue>;
