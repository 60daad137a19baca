/**
 * The persistent, rate-aware request queue. Every request is a job row in SQLite; the
 * scheduler keeps a sliding one-minute window and a day (24 hours, or since the daily reset the
 * settings name) of what it sent (persisted in send_log), never exceeds either, and treats a
 * 429 as the last word because colleagues spend the same team budget. A job's response is stored and the job marked done in one
 * transaction, so a crash can never store a response twice or lose a finished job.
 *
 * Time and timers are injected: tests run a simulated day without sleeping.
 */
import type { OperationId } from '../../../shared/catalogue';
import { GleanerError, isGleanerError, markNotSent, type ErrorCode } from '../../../shared/errors';
import { formatDayReset, type DayReset, type PlanLimits } from '../../../shared/plans';
import { JOB_STATES, type BatchProgress, type JobState, type JobSummary, type PauseReason, type QueueStatus } from '../../../shared/queue';
import type { Clock } from '../clock';
import type { EventHub } from '../events';
import type { CollectionRepository } from '../library/collections';
import type { IngestResult, ResponseToStore } from '../library/ingest';
import type { Logger } from '../log';
import type { ServiceClient } from '../service/client';
import type { Database } from '../store/database';
import {
  BACKOFF,
  DAY_MS,
  INITIAL_SHARE,
  MINUTE_MS,
  backoffMs,
  countAfter,
  finishTime,
  limitsForShare,
  nextFreeSlot,
  usedToday,
  shareAfterRateLimit,
  shareAfterSuccess,
  shareAt,
  type ShareState,
} from './rate';
import { JOB_WAITING } from './job-states';
import { clearPause, TOKEN_PAUSES } from './token-pause';
import { writeTransaction } from '../store/database';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A waiting queue must not keep a CLI process alive on its own.
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

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
}

/** Owner ids are `<pid>-<random>`; on this machine a lease whose process is gone is free. */
export function processIsAlive(ownerId: string): boolean {
  const pid = Number(ownerId.split('-')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface JobSpec {
  operation: OperationId;
  params: Record<string, string | number | boolean | null>;
  /** Further pages to follow after the first. */
  pages?: number;
  /** Stop following pages once this many items were stored. */
  maxItems?: number;
}

export interface BatchSpec {
  kind: 'call' | 'import' | 'refresh';
  label: string;
  collection?: string;
  /** The caller's name for a call, kept with its batch (see callOfTicket); one batch per ticket. */
  ticket?: string;
  jobs: readonly JobSpec[];
  /**
   * A job asking exactly what a job already waiting asks is not added again; its twin's id is
   * returned in `joined`. For imports: another process may have queued the same links between
   * this one's plan and its enqueue, and each would otherwise be fetched (and paid for) twice.
   */
  joinWaiting?: boolean;
  /**
   * With `joinWaiting`: a job that did the same and finished at or after this time (ISO UTC, when
   * the caller's plan looked) is joined too, since the plan could not see it; its items are in
   * the library already. Left out for a refresh, which fetches again on purpose.
   */
  joinDoneSince?: string;
}

export type CancelTarget = { jobId: number } | { batchId: number } | 'all';
export type RetryTarget = { jobId: number } | { batchId: number } | 'all';

/** A send in send_log: its row, and the time it counts from (see recentSends). */
interface Send {
  readonly id: number;
  at: number;
}

const TRANSIENT: readonly ErrorCode[] = ['TIMEOUT', 'NETWORK', 'UPSTREAM_ERROR', 'MALFORMED_RESPONSE', 'UPSTREAM_UNAVAILABLE'];
const LEASE_MS = 30_000;

interface JobRow {
  id: number;
  batch_id: number;
  operation: OperationId;
  params: string;
  collection: string | null;
  state: JobState;
  attempts: number;
  pages_left: number;
  max_items: number | null;
  items_so_far: number;
  priority: number;
}

const PAUSE_MESSAGES: Record<PauseReason, string> = {
  user: 'The queue is paused. Resume it to continue.',
  TOKEN_REJECTED: 'The service rejected the API token. Paste a new token in Settings; the queue resumes where it stopped.',
  TOKEN_MISSING: 'No API token is set. Add your token in Settings; the queue resumes where it stopped.',
  TOKEN_ELSEWHERE:
    'Your API token was saved for another address than the base URL now points at, so it was not sent. Allow it there in Settings, or set the base URL back; the queue resumes where it stopped.',
  SUBSCRIPTION_INACTIVE: 'The team’s subscription is not active, so the service refuses requests. Renew it, then resume the queue.',
  NETWORK: 'The service cannot be reached. Nothing is lost: the queue tries again by itself, or resume it now.',
  UPSTREAM_ERROR: 'The service is failing requests. Nothing is lost: the queue tries again by itself, or resume it now.',
  STORAGE_ERROR:
    'Gleaner cannot write to its library, so answers could not be kept. Free some disk space (or make the data folder writable), then resume the queue.',
};

/** The first wait before trying an unreachable service again, and the longest (it doubles between). */
const UNREACHABLE_FIRST_WAIT_MS = 15_000;
const UNREACHABLE_LONGEST_WAIT_MS = 5 * 60_000;
/**
 * Different jobs failing at the service in a row (5xx, time-outs, garbled answers) with no
 * success between: the service is having an outage, not one request bad luck. The queue then
 * waits and probes as for an unreachable service, instead of spending the plan's budget and
 * every job's attempts on it.
 */
const FAILING_JOBS_FOR_OUTAGE = 5;
/** The pauses that lift by themselves: the queue tries the service again after a growing wait. */
const SELF_LIFTING: readonly PauseReason[] = ['NETWORK', 'UPSTREAM_ERROR'];

/** A failure that says the service is in trouble, not this request: worth asking again later. */
const isServiceTrouble = (error: GleanerError): boolean =>
  TRANSIENT.includes(error.code) && error.code !== 'NETWORK' && error.details.final !== true;
const isSelfLifting = (reason: PauseReason | undefined): boolean => reason !== undefined && SELF_LIFTING.includes(reason);
/** HH:MM:SS in UTC. */
const clockText = (ms: number): string => new Date(ms).toISOString().slice(11, 19);

/** SQLite's error code (better-sqlite3 puts it on the error), or '' for any other error. */
const sqliteCode = (error: unknown): string => {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : '';
};
const isSqliteError = (error: unknown): boolean => sqliteCode(error) !== '';
/** SQLite's answer when another connection holds the write lock past busy_timeout: worth another try soon. */
const isBusy = (error: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test(sqliteCode(error));
const BUSY_RETRY_MS = 2_000;

export function createFetchQueue(deps: QueueDeps) {
  const { db, clock, timers } = deps;
  const concurrency = deps.concurrency ?? 3;
  const nowIso = () => new Date(clock.now()).toISOString();

  const getState = db.prepare<[string], { value: string }>('SELECT value FROM queue_state WHERE key = ?');
  const putState = db.prepare('INSERT INTO queue_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const readState = <T>(key: string, fallback: T): T => {
    const row = getState.get(key);
    return row ? (JSON.parse(row.value) as T) : fallback;
  };
  const writeState = (key: string, value: unknown) => putState.run(key, JSON.stringify(value));

  const insertBatch = db.prepare('INSERT INTO batches (kind, label, collection, created_at, ticket) VALUES (?, ?, ?, ?, ?)');
  const callOfTicket = db.prepare<[string], { batchId: number; jobId: number }>(
    'SELECT b.id AS batchId, min(j.id) AS jobId FROM batches b JOIN jobs j ON j.batch_id = b.id WHERE b.ticket = ? GROUP BY b.id',
  );
  const collectionOfJob = db.prepare<[number], { collection: string | null }>('SELECT collection FROM jobs WHERE id = ?');
  // Read when a job's answer is stored: the collections may have been renamed, deleted or added to meanwhile.
  const collectionsOf = db.prepare<[number, number], { collection: string }>(
    `SELECT collection FROM jobs WHERE id = ? AND collection IS NOT NULL
     UNION SELECT collection FROM job_collections WHERE job_id = ?`,
  );
  const copyCollections = db.prepare<[number, number]>(
    'INSERT OR IGNORE INTO job_collections (job_id, collection) SELECT ?, collection FROM job_collections WHERE job_id = ?',
  );
  const isWaiting = db.prepare<[number], { id: number }>(`SELECT id FROM jobs WHERE id = ? AND ${JOB_WAITING}`);
  const waitingJobs = db.prepare<[], { id: number; operation: string; params: string }>(
    `SELECT id, operation, params FROM jobs WHERE ${JOB_WAITING}`,
  );
  // Served by jobs_recent (state, updated_at, id).
  const doneJobsSince = db.prepare<[string], { id: number; operation: string; params: string }>(
    "SELECT id, operation, params FROM jobs WHERE state = 'done' AND updated_at >= ?",
  );
  const itemsOfDoneJob = db.prepare<[number], { itemId: number }>(
    "SELECT s.item_id AS itemId FROM jobs j JOIN item_sources s ON s.response_id = j.response_id WHERE j.id = ? AND j.state = 'done' ORDER BY s.position",
  );
  const laterPagesToo = db
    .prepare<[string], number>(
      `WITH RECURSIVE chain (id) AS (SELECT value FROM json_each(?) UNION SELECT j.id FROM jobs j JOIN chain ON j.previous_job_id = chain.id)
       SELECT id FROM chain ORDER BY id`,
    )
    .pluck();
  const addCollection = db.prepare<{ id: number; collection: string }>(
    `INSERT OR IGNORE INTO job_collections (job_id, collection)
     SELECT id, @collection FROM jobs WHERE id = @id AND (collection IS NULL OR collection <> @collection COLLATE NOCASE)`,
  );
  const insertJob = db.prepare(
    `INSERT INTO jobs (batch_id, operation, params, collection, state, pages_left, max_items, items_so_far, previous_job_id, created_at, updated_at, priority)
     VALUES (@batchId, @operation, @params, @collection, 'queued', @pagesLeft, @maxItems, @itemsSoFar, @previousJobId, @now, @now, @priority)`,
  );
  // Interactive calls (priority 1) before bulk imports, each in the order queued (migration 0008).
  const nextDue = db.prepare<[number], JobRow>(
    "SELECT * FROM jobs INDEXED BY jobs_next WHERE state = 'queued' AND not_before <= ? ORDER BY priority DESC, id LIMIT 1",
  );
  const earliestWaiting = db.prepare<[], { t: number | null }>("SELECT min(not_before) AS t FROM jobs WHERE state = 'queued'");
  const markRunning = db.prepare(
    "UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_at = ? WHERE id = ? AND state = 'queued'",
  );
  const logSend = db.prepare('INSERT INTO send_log (sent_at, job_id) VALUES (?, ?)');
  const setOutcome = db.prepare('UPDATE send_log SET outcome = ? WHERE id = ?');
  // Only this attempt's own: a job cancelled from another process meanwhile stays cancelled, and
  // one another runner took over and sent again (attempts moved on) is that runner's to finish.
  const markDone = db.prepare(
    "UPDATE jobs SET state = 'done', response_id = ?, item_count = ?, error_code = NULL, error_message = NULL, updated_at = ?, finished_at = ? WHERE id = ? AND state = 'running' AND attempts = ?",
  );
  const requeue = db.prepare(
    "UPDATE jobs SET state = 'queued', attempts = max(0, attempts - ?), not_before = ?, updated_at = ? WHERE id = ? AND state = 'running'",
  );
  const markFailed = db.prepare(
    "UPDATE jobs SET state = 'failed', error_code = ?, error_message = ?, updated_at = ?, finished_at = ? WHERE id = ? AND state = 'running'",
  );
  const jobById = db.prepare<[number], JobRow>('SELECT * FROM jobs WHERE id = ?');

  /**
   * A send's time in send_log is when it left, until its answer comes back; then it is moved to
   * that moment. The service counts a request when it arrives, somewhere in between, so a slot is
   * free again a minute after the answer: counting from the departure let a request sent on a
   * fresh connection arrive late and make the one sent 60 s after it arrive inside its minute.
   */
  const recentSends = db.prepare<[number], { sent_at: number }>('SELECT sent_at FROM send_log WHERE sent_at > ? ORDER BY sent_at');
  const moveSendTo = db.prepare<[number, number]>('UPDATE send_log SET sent_at = ? WHERE id = ?');
  const deleteSend = db.prepare<[number]>('DELETE FROM send_log WHERE id = ?');

  // Sends of the last 24 h, ascending; read from send_log, then kept in step with it while this
  // process runs the queue (and read again when it takes the queue over from another).
  let sends: number[] = [];
  let shareState: ShareState = INITIAL_SHARE;
  let globalNotBefore = 0;
  function readBudgetState(): void {
    sends = recentSends.all(clock.now() - DAY_MS).map((r) => r.sent_at);
    const saved = readState<ShareState>('share', INITIAL_SHARE);
    shareState = typeof saved === 'object' && saved !== null ? saved : INITIAL_SHARE;
    globalNotBefore = readState<number>('not_before', 0);
  }
  readBudgetState();
  let consecutive429 = 0;
  /**
   * Steps of an outage (the service unreachable, or failing every request) with no success
   * since, and the timer that tries it again.
   */
  let unreachableCount = 0;
  /** When the last of those failures came back: requests sent before it are the same episode. */
  let lastUnreachableAt = Number.NEGATIVE_INFINITY;
  /** Jobs that failed at the service since its last answer: enough of them make an outage. */
  const failingJobs = new Set<number>();
  let probeHandle: unknown = null;
  /**
   * A pause the library could not record (its disk is full): kept here, so this process stops
   * sending all the same.
   */
  let unrecordedPause: { reason: PauseReason; message: string } | null = null;
  const inFlight = new Map<number, AbortController>();
  /**
   * Answers that came but could not be stored (a full disk), by job: paid for, and evidence. The
   * job stays running in this process, so nothing sends it again; the answer is stored as soon
   * as the queue runs again (resumed here or from another process), before any request and
   * whatever the rate limits, even if its job was cancelled meanwhile. Held in this process
   * only: if it ends first, the next one takes the job over and sends it again.
   */
  const held = new Map<number, { job: JobRow; answer: ResponseToStore; sendId: number }>();
  let wakeHandle: unknown = null;
  let wakeAt = Number.POSITIVE_INFINITY;
  let running = false;
  let holdsLease = false;
  let leaseHandle: unknown = null;
  let watchHandle: unknown = null;
  /** SQLite's count of commits by other connections, as last seen. */
  let othersVersion = -1;
  const batchWaiters = new Map<number, ((progress: BatchProgress) => void)[]>();
  const idleWaiters: (() => void)[] = [];

  /** Moves one send's time in `sends` (kept ascending) from `from` to `to`: null `from` adds one, null `to` removes one. */
  function moveSend(from: number | null, to: number | null): void {
    if (from !== null) {
      const at = sends.length - countAfter(sends, from - 1);
      if (sends[at] === from) sends.splice(at, 1);
    }
    if (to !== null) sends.splice(sends.length - countAfter(sends, to), 0, to);
  }

  function pruneSends(now: number): void {
    const keep = countAfter(sends, now - DAY_MS);
    if (keep < sends.length) sends = sends.slice(sends.length - keep);
  }

  function pausedState(): { reason: PauseReason; message: string } | null {
    return unrecordedPause ?? readState<{ reason: PauseReason; message: string } | null>('paused', null);
  }

  /**
   * Runs the queue's own machinery (timers, the end of a request) so that a failure there never
   * escapes into the host as an uncaught error, which would end the app: a library locked by
   * another process is tried again shortly; anything else (a full disk, a read-only folder)
   * pauses the queue with a sentence, and the jobs wait.
   */
  function guarded(what: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      if (isBusy(error)) {
        deps.log.warn('library busy; trying again shortly', { during: what });
        if (running) scheduleWake(clock.now() + BUSY_RETRY_MS);
        return;
      }
      const detail = error instanceof Error ? error.message : String(error);
      deps.log.error('queue stopped sending', { during: what, error: detail });
      const message = `${PAUSE_MESSAGES.STORAGE_ERROR} (${detail})`;
      try {
        writeState('paused', { reason: 'STORAGE_ERROR', message });
      } catch {
        unrecordedPause = { reason: 'STORAGE_ERROR', message };
      }
      try {
        deps.events.emit('queue.status', status());
      } catch {
        // The status cannot be read either; the pause above holds regardless.
      }
    }
  }

  /** The share in force now, forgetting (and saving so) a lowered one that has grown stale. */
  function currentShare(): number {
    const fresh = shareAt(shareState, clock.now());
    if (fresh !== shareState) {
      shareState = fresh;
      writeState('share', shareState);
    }
    return shareState.share;
  }

  function slotFor(now: number, budget = deps.budget()): number {
    return Math.max(nextFreeSlot(sends, limitsForShare(budget.limits, currentShare()), now, budget.dayReset), globalNotBefore);
  }

  function scheduleWake(at: number): void {
    if (at >= wakeAt) return;
    if (wakeHandle !== null) timers.clearTimeout(wakeHandle);
    wakeAt = at;
    wakeHandle = timers.setTimeout(
      () => {
        wakeHandle = null;
        wakeAt = Number.POSITIVE_INFINITY;
        guarded('wake', pump);
      },
      Math.max(0, at - clock.now()),
    );
  }

  function acquireLease(): boolean {
    return writeTransaction(db, () => {
      const now = clock.now();
      const lease = readState<{ owner: string; expiresAt: number } | null>('runner', null);
      const heldByOther = lease && lease.owner !== deps.ownerId && lease.expiresAt > now && (deps.isOwnerAlive?.(lease.owner) ?? true);
      if (heldByOther) return false;
      writeState('runner', { owner: deps.ownerId, expiresAt: now + LEASE_MS });
      return true;
    });
  }

  function takeOver(): void {
    holdsLease = true;
    // The process that ran the queue until now kept its own count of sends; send_log has them all.
    readBudgetState();
    const recovered = db.prepare("UPDATE jobs SET state = 'queued', updated_at = ? WHERE state = 'running'").run(nowIso()).changes;
    if (recovered) deps.log.info('recovered interrupted jobs', { count: recovered });
    // Left waiting for an unreachable service by a process that has gone: try it again soon.
    if (isSelfLifting(pausedState()?.reason)) scheduleProbe(UNREACHABLE_FIRST_WAIT_MS);
    pump();
  }

  /** Whether the lease in the database is still this process's (another takes over a lapsed one). */
  function leaseIsMine(): boolean {
    return readState<{ owner: string } | null>('runner', null)?.owner === deps.ownerId;
  }

  /** This process was asleep or stopped past its lease and another took the queue over: it follows now. */
  function loseLease(): void {
    holdsLease = false;
    deps.log.warn('another process took the queue over', { inFlight: inFlight.size });
  }

  /** Renews the lease while running it (if it is still this process's); otherwise keeps trying to take over a lapsed one. */
  function tendLease(): void {
    if (!running) return;
    guarded('lease', renewOrTakeOver);
    leaseHandle = timers.setTimeout(tendLease, LEASE_MS / 3);
  }

  function renewOrTakeOver(): void {
    if (holdsLease) {
      const renewed = writeTransaction(db, () => {
        if (!leaseIsMine()) return false;
        writeState('runner', { owner: deps.ownerId, expiresAt: clock.now() + LEASE_MS });
        return true;
      });
      if (!renewed) loseLease();
    } else if (acquireLease()) takeOver();
  }

  /**
   * Jobs queued, cancelled or resumed by another process reach this one through the database
   * only: `PRAGMA data_version` changes when another connection commits, and then the runner
   * looks again. Without it, a command's jobs waited until something else woke this queue.
   */
  function watchOthers(): void {
    watchHandle = null;
    if (!running || deps.watchOthersMs === undefined) return;
    if (holdsLease) {
      guarded('watch', () => {
        const version = db.pragma('data_version', { simple: true }) as number;
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
    if (held.size > 0) {
      guarded('storing held answers', storeHeld);
      // Still not writable: the queue paused again, and nothing is sent.
      if (pausedState()) return;
    }
    // After the service could not be reached, one request tries it before the others follow.
    const lanes = unreachableCount > 0 ? 1 : concurrency;
    while (inFlight.size < lanes) {
      const now = clock.now();
      const slot = slotFor(now);
      if (slot > now) {
        scheduleWake(slot);
        return;
      }
      const job = nextDue.get(now);
      if (!job) {
        const waiting = earliestWaiting.get()?.t;
        if (waiting !== null && waiting !== undefined) scheduleWake(waiting);
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
    const claimed = writeTransaction(db, () => {
      // Checked in the same transaction as the claim: a runner that slept past its lease must not
      // send a job the runner that took over may be sending too.
      if (!leaseIsMine()) {
        lost = true;
        return false;
      }
      if (markRunning.run(nowIso(), job.id).changes === 0) return false;
      // Recorded before the request leaves, so a crash mid-request still counts against the windows.
      sendId = Number(logSend.run(now, job.id).lastInsertRowid);
      return true;
    });
    if (lost) loseLease();
    if (!claimed) return;
    moveSend(null, now);
    pruneSends(now);
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

  /**
   * Stores an answer and ends its job: the items, the job's collections, the next page. The
   * answer is kept whatever became of the job meanwhile: it was paid for, and it is evidence.
   */
  function storeAnswer(job: JobRow, response: ResponseToStore, sendId: number): void {
    const params = JSON.parse(job.params) as Record<string, string>;
    const stored = writeTransaction(db, () => {
      const result = deps.ingest(response);
      const collections = collectionsOf.all(job.id, job.id).map((row) => row.collection);
      if (result.itemIds.length) {
        for (const collection of collections) {
          deps.collections.ensure(collection);
          deps.collections.add(collection, result.itemIds);
        }
      }
      // The answer is kept whatever became of the job meanwhile: it was paid for, and it is evidence.
      const finished = markDone.run(result.responseId, result.itemIds.length, nowIso(), nowIso(), job.id, job.attempts + 1).changes > 0;
      setOutcome.run('ok', sendId);
      const itemsSoFar = job.items_so_far + result.itemIds.length;
      const underCap = job.max_items === null || itemsSoFar < job.max_items;
      // No next page for a job cancelled meanwhile (or finished by another runner).
      if (finished && job.pages_left > 0 && response.nextPage && underCap) {
        const next = insertJob.run({
          batchId: job.batch_id,
          operation: job.operation,
          params: JSON.stringify({ ...params, ...response.nextPage }),
          collection: collectionOfJob.get(job.id)?.collection ?? null,
          pagesLeft: job.pages_left - 1,
          maxItems: job.max_items,
          itemsSoFar,
          previousJobId: job.id,
          now: nowIso(),
          priority: job.priority,
        });
        copyCollections.run(Number(next.lastInsertRowid), job.id);
      }
      return result;
    });
    consecutive429 = 0;
    currentShare();
    const before = shareState;
    shareState = shareAfterSuccess(shareState, clock.now());
    // Saved with every success, not only when the share moves: a CLI process lives for a few
    // requests, and the count toward growing back must outlive it.
    if (shareState.share !== before.share || shareState.successes !== before.successes) writeState('share', shareState);
    deps.log.debug('job done', { job: job.id, operation: job.operation, items: stored.itemIds.length });
    unreachableCount = 0;
    failingJobs.clear();
  }

  /** Stores the answers held through a failure to write (see held); throws, to pause again, if it still cannot. */
  function storeHeld(): void {
    for (const [jobId, { job, answer, sendId }] of held) {
      const row = jobById.get(jobId);
      // Its own attempt, still running here, or cancelled meanwhile (stored as evidence, the job left cancelled).
      const ours = row !== undefined && ((row.state === 'running' && row.attempts === job.attempts + 1) || row.state === 'cancelled');
      if (ours) storeAnswer(job, answer, sendId);
      else
        deps.log.warn('a held answer was not stored: its job is no longer this attempt (taken over, or already stored)', {
          job: jobId,
          operation: job.operation,
        });
      held.delete(jobId);
      if (ours) deps.log.info('stored an answer held while the library could not be written', { job: jobId, operation: job.operation });
      announce(job.batch_id);
    }
  }

  async function run(job: JobRow, send: Send, controller: AbortController): Promise<void> {
    const params = JSON.parse(job.params) as Record<string, string>;
    const sentAt = send.at;
    const sendId = send.id;
    let response: ResponseToStore | undefined;
    try {
      let request: ReturnType<typeof deps.service.prepare>;
      try {
        request = deps.service.prepare(job.operation, params);
      } catch (error) {
        throw markNotSent(error);
      }
      response = await deps.service.send(request, { signal: controller.signal }).finally(() => settleSend(send));
      storeAnswer(job, response, sendId);
    } catch (error) {
      if (isSqliteError(error)) {
        // The library could not be written (a full disk), and the error pauses the queue (see
        // guarded). An answer that came is held, its job still running here (see held); without
        // one, the job waits to be sent again.
        if (response !== undefined) held.set(job.id, { job, answer: response, sendId });
        else requeue.run(1, 0, nowIso(), job.id);
        throw error;
      }
      handleFailure(job, send, sentAt, error, controller);
    }
    announce(job.batch_id);
  }

  /** The answer is back (or the request failed): the send counts from now on, see recentSends. */
  function settleSend(send: Send): void {
    const now = clock.now();
    if (now === send.at) return;
    moveSendTo.run(now, send.id);
    moveSend(send.at, now);
    send.at = now;
  }

  function handleFailure(job: JobRow, send: Send, sentAt: number, error: unknown, controller: AbortController): void {
    const info = isGleanerError(error)
      ? error
      : new GleanerError(
          'INTERNAL',
          `Gleaner could not store the answer to ${job.operation}: ${error instanceof Error ? error.message : String(error)}`,
        );
    const now = clock.now();
    const sendId = send.id;
    if (info.details.notSent === true) {
      // Nothing reached the service: the budget it was counted against is given back.
      deleteSend.run(sendId);
      moveSend(send.at, null);
    } else {
      setOutcome.run(info.code, sendId);
    }
    if (info.code === 'CANCELLED' || controller.signal.aborted) {
      // Cancelled by the user (the row already says so), or stopped: back in line, this attempt not counted.
      requeue.run(1, 0, nowIso(), job.id);
      return;
    }
    switch (info.code) {
      case 'TOKEN_REJECTED':
      case 'TOKEN_MISSING':
      case 'SUBSCRIPTION_INACTIVE':
        requeue.run(1, 0, nowIso(), job.id);
        pause(info.code, `${PAUSE_MESSAGES[info.code]}`);
        return;
      case 'SECRET_STORE_UNAVAILABLE':
        // The keychain is locked or gone: no token to send, as if none were set. Failing the jobs
        // would lose a whole import to a locked keychain.
        requeue.run(1, 0, nowIso(), job.id);
        pause('TOKEN_MISSING', info.message);
        return;
      case 'TOKEN_ELSEWHERE':
        // Not sent: the base URL's address is not the one the token was saved for. The sentence
        // names both addresses, so it is the pause's own.
        requeue.run(1, 0, nowIso(), job.id);
        pause('TOKEN_ELSEWHERE', info.message || PAUSE_MESSAGES.TOKEN_ELSEWHERE);
        return;
      case 'RATE_LIMITED': {
        consecutive429 += 1;
        currentShare();
        // Requests already on their way when the share was last lowered meet the same full
        // window: their 429s are one episode, and lower the share once, not once each.
        if (shareState.changedAt === undefined || sentAt >= shareState.changedAt) {
          shareState = shareAfterRateLimit(shareState, clock.now());
          writeState('share', shareState);
        }
        const wait = info.details.retryAfterMs ?? backoffMs(consecutive429, deps.random);
        globalNotBefore = Math.max(globalNotBefore, now + wait);
        writeState('not_before', globalNotBefore);
        requeue.run(1, 0, nowIso(), job.id);
        deps.log.warn('rate limited', { job: job.id, waitMs: wait, share: shareState.share });
        return;
      }
      case 'NETWORK': {
        // The service cannot be reached (offline, on a train): that is the queue's state, not
        // this job's fault. The job waits without using up an attempt, and the queue tries
        // again by itself after a wait that doubles, one request at a time, never a storm.
        requeue.run(1, 0, nowIso(), job.id);
        const wait = outageStep(sentAt, now, 0);
        pauseForOutage(
          'NETWORK',
          `${info.message.replace(/;? ?nothing was stored\.?$/i, '.')} Nothing is lost: the queue tries again at ${clockText(now + wait)} UTC, or resume it now.`,
        );
        deps.log.warn('service unreachable', { job: job.id, retryInMs: wait });
        return;
      }
      default:
        if (isServiceTrouble(info)) {
          // Other jobs failed at the service just before this one, with no success since: an
          // outage. This job waits with it, its attempt given back (see FAILING_JOBS_FOR_OUTAGE).
          failingJobs.add(job.id);
          if (unreachableCount > 0 || failingJobs.size >= FAILING_JOBS_FOR_OUTAGE) {
            requeue.run(1, 0, nowIso(), job.id);
            const wait = outageStep(sentAt, now, info.details.retryAfterMs ?? 0);
            pauseForOutage(
              'UPSTREAM_ERROR',
              `The service failed ${failingJobs.size === 1 ? 'the request that tried it again' : `${failingJobs.size} different requests in a row`}; the last: ${info.message} Nothing is lost and no attempt is used up while it waits: the queue tries again at ${clockText(now + wait)} UTC, or resume it now.`,
            );
            deps.log.warn('service failing', { job: job.id, code: info.code, jobs: failingJobs.size, retryInMs: wait });
            return;
          }
        } else if (info.details.status !== undefined && info.details.status < 500) {
          // A plain answer (a 404, refused parameters): the service is up.
          failingJobs.clear();
        }
        if (isServiceTrouble(info) && job.attempts + 1 < BACKOFF.maxAttempts) {
          requeue.run(0, now + Math.max(backoffMs(job.attempts + 1, deps.random), info.details.retryAfterMs ?? 0), nowIso(), job.id);
          return;
        }
        markFailed.run(info.code, info.message, nowIso(), nowIso(), job.id);
    }
  }

  /** An outage's pause, unless the user paused the queue or it waits for something only they can mend (a token, the disk). */
  function pauseForOutage(reason: PauseReason, message: string): void {
    const current = pausedState()?.reason;
    if (current === undefined || isSelfLifting(current)) pause(reason, message);
  }

  function pause(reason: PauseReason, message: string = PAUSE_MESSAGES[reason]): void {
    writeState('paused', { reason, message });
    deps.events.emit('queue.status', status());
  }

  /**
   * One more failure of an outage: requests already on their way when it was last met fail
   * together, one episode and one step of the wait (15 s doubling to 5 min, or longer if the
   * service asked). The probe is scheduled; the wait is returned for the pause's sentence.
   */
  function outageStep(sentAt: number, now: number, askedMs: number): number {
    if (sentAt > lastUnreachableAt) unreachableCount += 1;
    lastUnreachableAt = now;
    const wait = Math.max(Math.min(UNREACHABLE_FIRST_WAIT_MS * 2 ** (unreachableCount - 1), UNREACHABLE_LONGEST_WAIT_MS), askedMs);
    scheduleProbe(wait);
    return wait;
  }

  /** Tries the service again after `wait`: the pause lifts, and the next request is the probe. */
  function scheduleProbe(wait: number): void {
    if (probeHandle !== null) timers.clearTimeout(probeHandle);
    probeHandle = timers.setTimeout(() => {
      probeHandle = null;
      guarded('retrying the service', () => {
        if (running && isSelfLifting(pausedState()?.reason)) resume();
      });
    }, wait);
  }

  function resume(): void {
    unrecordedPause = null;
    if (probeHandle !== null) timers.clearTimeout(probeHandle);
    probeHandle = null;
    clearPause(db, nowIso());
    deps.events.emit('queue.status', status());
    pump();
  }

  function batchProgress(batchId: number): BatchProgress {
    const batch = db
      .prepare<[number], { label: string; kind: BatchProgress['kind']; collection: string | null }>(
        'SELECT label, kind, collection FROM batches WHERE id = ?',
      )
      .get(batchId);
    if (!batch) throw new GleanerError('NOT_FOUND', `There is no batch ${batchId}.`);
    const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
    for (const row of db
      .prepare<[number], { state: JobState; n: number }>('SELECT state, count(*) AS n FROM jobs WHERE batch_id = ? GROUP BY state')
      .all(batchId))
      counts[row.state] = row.n;
    const total = JOB_STATES.reduce((sum, s) => sum + counts[s], 0);
    const remaining = counts.queued + counts.running + counts.paused;
    return {
      batchId,
      label: batch.label,
      kind: batch.kind,
      collection: batch.collection,
      total,
      done: counts.done,
      failed: counts.failed,
      cancelled: counts.cancelled,
      remaining,
      finished: remaining === 0,
    };
  }

  /** The batches with jobs still waiting, oldest first: what a reopened window shows as running. */
  function unfinishedBatches(limit = 50): BatchProgress[] {
    const ids = db
      .prepare<[number], number>(`SELECT DISTINCT batch_id FROM jobs WHERE ${JOB_WAITING} ORDER BY batch_id LIMIT ?`)
      .pluck()
      .all(limit);
    return ids.map(batchProgress);
  }

  function announce(batchId: number): void {
    const progress = batchProgress(batchId);
    deps.events.emit('queue.batch', progress);
    if (progress.finished) {
      const waiters = batchWaiters.get(batchId) ?? [];
      batchWaiters.delete(batchId);
      waiters.forEach((resolve) => resolve(progress));
    }
  }

  function status(): QueueStatus {
    const now = clock.now();
    const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
    for (const row of db.prepare<[], { state: JobState; n: number }>('SELECT state, count(*) AS n FROM jobs GROUP BY state').all())
      counts[row.state] = row.n;
    const budget = deps.budget();
    const { limits, dayReset: reset } = budget;
    const effective = limitsForShare(limits, currentShare());
    const recent = countAfter(sends, now - 5 * MINUTE_MS) / 5;
    const waiting = counts.queued + counts.running;
    return {
      paused: pausedState(),
      counts,
      gauge: {
        usedThisMinute: countAfter(sends, now - MINUTE_MS),
        usedToday: usedToday(sends, now, reset),
        dayReset: formatDayReset(reset),
        limits,
        effectiveLimits: effective,
        share: Math.round(shareState.share * 100) / 100,
        nextFreeSlot: new Date(slotFor(now, budget)).toISOString(),
      },
      recentRatePerMinute: Math.round(recent * 10) / 10,
      // At the pace both windows allow: a day's budget spent means waiting for tomorrow.
      etaMinutes:
        waiting === 0 ? 0 : Math.ceil(((finishTime(sends, effective, now, waiting, globalNotBefore, reset) - now) / MINUTE_MS) * 10) / 10,
    };
  }

  return {
    /**
     * Sends the items of jobs still waiting into one more collection as well: an import that names
     * links already queued by another. Returns how many were still waiting, and the items of those
     * that finished in the meantime (for the caller to add at once).
     */
    alsoInto(jobIds: readonly number[], collection: string): { waiting: number; itemsOfFinished: number[] } {
      return writeTransaction(db, () => {
        let waiting = 0;
        const itemsOfFinished: number[] = [];
        // A listing's later pages are jobs of their own, made as each page comes: they count too.
        for (const id of laterPagesToo.all(JSON.stringify(jobIds))) {
          if (isWaiting.get(id)) {
            waiting += 1;
            addCollection.run({ id, collection });
          } else {
            itemsOfFinished.push(...itemsOfDoneJob.all(id).map((row) => row.itemId));
          }
        }
        return { waiting, itemsOfFinished: [...new Set(itemsOfFinished)] };
      });
    },

    /** Adds a batch of jobs; parameters are checked first, so bad input never becomes a job. */
    enqueue(spec: BatchSpec): { batchId: number; jobIds: number[]; joined: number[] } {
      const checked = spec.jobs.map((job) => ({ job, params: JSON.stringify(deps.service.prepare(job.operation, job.params).params) }));
      // The write lock first (writeTransaction), then the look at what waits.
      const insert = writeTransaction(db, () => {
        const now = nowIso();
        // Read inside the write transaction, so no other process can queue a twin after this look.
        const twins = spec.joinWaiting
          ? [...waitingJobs.all(), ...(spec.joinDoneSince === undefined ? [] : doneJobsSince.all(spec.joinDoneSince))]
          : [];
        const waiting = spec.joinWaiting ? new Map(twins.map((row) => [`${row.operation} ${row.params}`, row.id])) : null;
        const joined: number[] = [];
        const fresh = checked.filter(({ job, params }) => {
          const twin = waiting?.get(`${job.operation} ${params}`);
          if (twin !== undefined) joined.push(twin);
          return twin === undefined;
        });
        const batchId = Number(insertBatch.run(spec.kind, spec.label, spec.collection ?? null, now, spec.ticket ?? null).lastInsertRowid);
        const jobIds = fresh.map(({ job, params }) =>
          Number(
            insertJob.run({
              batchId,
              operation: job.operation,
              params,
              collection: spec.collection ?? null,
              pagesLeft: Math.max(0, (job.pages ?? 1) - 1),
              maxItems: job.maxItems ?? null,
              itemsSoFar: 0,
              previousJobId: null,
              now,
              priority: spec.kind === 'call' ? 1 : 0,
            }).lastInsertRowid,
          ),
        );
        return { batchId, jobIds, joined };
      });
      const result = insert;
      announce(result.batchId);
      pump();
      return result;
    },

    /** The batch and first job of the call made with this ticket, by this process or an earlier one; null if none was. */
    callOfTicket(ticket: string): { batchId: number; jobId: number } | null {
      return callOfTicket.get(ticket) ?? null;
    },

    /**
     * Starts dispatching, if no other live process runs this library's queue. Jobs that
     * were running when Gleaner last stopped are put back in line first.
     */
    start(): boolean {
      if (running) return holdsLease;
      running = true;
      guarded('start', () => {
        if (acquireLease()) takeOver();
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
      if (wakeHandle !== null) timers.clearTimeout(wakeHandle);
      if (leaseHandle !== null) timers.clearTimeout(leaseHandle);
      if (watchHandle !== null) timers.clearTimeout(watchHandle);
      watchHandle = null;
      wakeHandle = null;
      wakeAt = Number.POSITIVE_INFINITY;
      if (probeHandle !== null) timers.clearTimeout(probeHandle);
      probeHandle = null;
      if (!options.finishInFlight) for (const controller of inFlight.values()) controller.abort();
      await new Promise<void>((resolve) => (inFlight.size === 0 ? resolve() : idleWaiters.push(resolve)));
      // Held answers get one last try; those that still cannot be stored leave their jobs in line, to be sent again.
      if (held.size > 0) guarded('storing held answers', storeHeld);
      for (const jobId of held.keys()) guarded('putting a job back in line', () => requeue.run(1, 0, nowIso(), jobId));
      held.clear();
      if (holdsLease) db.prepare("DELETE FROM queue_state WHERE key = 'runner'").run();
      holdsLease = false;
    },

    isRunner: () => holdsLease,
    pause: (reason: PauseReason = 'user') => pause(reason),
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
      const where = target === 'all' ? '1 = 1' : 'jobId' in target ? 'id = @id' : 'batch_id = @id';
      const id = target === 'all' ? 0 : 'jobId' in target ? target.jobId : target.batchId;
      const ids = db
        .prepare<{ id: number }, { id: number; batch_id: number }>(`SELECT id, batch_id FROM jobs WHERE ${where} AND ${JOB_WAITING}`)
        .all({ id });
      db.prepare(`UPDATE jobs SET state = 'cancelled', updated_at = @now, finished_at = @now WHERE ${where} AND ${JOB_WAITING}`).run({
        id,
        now: nowIso(),
      });
      for (const row of ids) inFlight.get(row.id)?.abort();
      for (const batchId of new Set(ids.map((r) => r.batch_id))) announce(batchId);
      return ids.length;
    },

    /**
     * Queues failed jobs again. A cancelled job was the user's decision: it is queued again only
     * when named by its id, never by a batch's or the whole queue's retry.
     */
    retry(target: RetryTarget): number {
      const where = target === 'all' ? '1 = 1' : 'jobId' in target ? 'id = @id' : 'batch_id = @id';
      const id = target === 'all' ? 0 : 'jobId' in target ? target.jobId : target.batchId;
      const states = target !== 'all' && 'jobId' in target ? "('failed', 'cancelled')" : "('failed')";
      const changed = db
        .prepare(
          `UPDATE jobs SET state = 'queued', attempts = 0, not_before = 0, error_code = NULL, error_message = NULL, finished_at = NULL, updated_at = @now WHERE ${where} AND state IN ${states}`,
        )
        .run({ id, now: nowIso() }).changes;
      pump();
      return changed;
    },

    status,
    batchProgress,
    unfinishedBatches,

    /** Changed last first, or with `oldestFirst` in the order the queue takes them (calls first, then by id; due times aside). */
    jobs(filter: { state?: JobState; batchId?: number; limit?: number; oldestFirst?: boolean } = {}): JobSummary[] {
      const rows = db
        .prepare<
          Record<string, unknown>,
          JobRow & {
            error_code: ErrorCode | null;
            error_message: string | null;
            item_count: number | null;
            updated_at: string;
            also_into: string;
          }
        >(
          `SELECT *, (SELECT json_group_array(collection) FROM job_collections WHERE job_id = jobs.id) AS also_into
             FROM jobs WHERE ${filter.state === undefined ? '1' : 'state = @state'} AND ${filter.batchId === undefined ? '1' : 'batch_id = @batchId'}
             ORDER BY ${filter.oldestFirst ? 'priority DESC, id ASC' : 'updated_at DESC, id DESC'} LIMIT @limit`,
        )
        .all({ state: filter.state ?? null, batchId: filter.batchId ?? null, limit: filter.limit ?? 200 });
      return rows.map((row) => ({
        id: row.id,
        batchId: row.batch_id,
        operation: row.operation,
        params: JSON.parse(row.params) as Record<string, string>,
        state: row.state,
        attempts: row.attempts,
        errorCode: row.error_code,
        errorMessage: row.error_message,
        itemCount: row.item_count,
        collection: row.collection,
        collections: [...(row.collection === null ? [] : [row.collection]), ...(JSON.parse(row.also_into) as string[])],
        updatedAt: row.updated_at,
      }));
    },

    job: (id: number) => jobById.get(id),

    /** Resolves when every job of the batch has ended (done, failed or cancelled). */
    whenBatchDone(batchId: number): Promise<BatchProgress> {
      const progress = batchProgress(batchId);
      if (progress.finished) return Promise.resolve(progress);
      return new Promise((resolve) => batchWaiters.set(batchId, [...(batchWaiters.get(batchId) ?? []), resolve]));
    },

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
