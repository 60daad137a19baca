/**
 * The failure policy: what a failed request means for its job (back in line, tried again after
 * a backoff, failed) and for the queue (paused for a token, waiting out an outage or a 429),
 * and how a failure of the queue's own machinery (a locked or full library) is contained.
 */
import { GleanerError, isGleanerError, type ErrorCode } from '../../../shared/errors';
import type { PauseReason } from '../../../shared/queue';
import type { Clock } from '../clock';
import type { Logger } from '../log';
import { isDiskFull, storageError, writeTransaction, type ReadableDB } from '../store/database';
import { jobRepository as jobs, type JobRow } from '../store/queue/jobs';
import type { Pause } from '../store/queue/queue-state';
import { sendLogRepository as sendLog } from '../store/queue/send-log';
import type { Budget, Send } from './budget';
import type { Timers } from './timers';
import { BACKOFF, backoffMs } from './rate';
import { waitText } from './retry-after';

export const PAUSE_MESSAGES: Record<PauseReason, string> = {
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

const TRANSIENT: readonly ErrorCode[] = ['TIMEOUT', 'NETWORK', 'UPSTREAM_ERROR', 'MALFORMED_RESPONSE', 'UPSTREAM_UNAVAILABLE'];
/** The first wait before trying an unreachable service again, and the longest (it doubles between). */
export const UNREACHABLE_FIRST_WAIT_MS = 15_000;
const UNREACHABLE_LONGEST_WAIT_MS = 5 * 60_000;
/**
 * Different jobs failing at the service in a row (5xx, time-outs, garbled answers) with no
 * success between: the service is having an outage, not one request bad luck. The queue then
 * waits and probes as for an unreachable service, instead of spending the plan's budget and
 * every job's attempts on it.
 */
export const FAILING_JOBS_FOR_OUTAGE = 5;
/** The pauses that lift by themselves: the queue tries the service again after a growing wait. */
const SELF_LIFTING: readonly PauseReason[] = ['NETWORK', 'UPSTREAM_ERROR'];
export const BUSY_RETRY_MS = 2_000;

/** A failure that says the service is in trouble, not this request: worth asking again later. */
export const isServiceTrouble = (error: GleanerError): boolean =>
  TRANSIENT.includes(error.code) && error.code !== 'NETWORK' && error.details.final !== true;
export const isSelfLifting = (reason: PauseReason | undefined): boolean => reason !== undefined && SELF_LIFTING.includes(reason);
/** HH:MM:SS in UTC. */
export const clockText = (ms: number): string => new Date(ms).toISOString().slice(11, 19);

/** SQLite's error code (better-sqlite3 puts it on the error), or '' for any other error. */
const sqliteCode = (error: unknown): string => {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : '';
};
export const isSqliteError = (error: unknown): boolean => sqliteCode(error) !== '';
/** SQLite's answer when another connection holds the write lock past busy_timeout: worth another try soon. */
export const isBusy = (error: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test(sqliteCode(error));

/** The wait before the `step`th try of a service in an outage: 15 s doubling to 5 min, or longer if the service asked. */
export function outageWaitMs(step: number, askedMs = 0): number {
  return Math.max(Math.min(UNREACHABLE_FIRST_WAIT_MS * 2 ** (step - 1), UNREACHABLE_LONGEST_WAIT_MS), askedMs);
}

/**
 * Any failure as a GleanerError: a refusal of the disk is STORAGE_ERROR; any other that is not one
 * already (a bug while storing) is INTERNAL, naming the operation.
 */
export function asGleanerError(error: unknown, operation: string): GleanerError {
  if (isGleanerError(error)) return error;
  const storage = storageError(error);
  return isGleanerError(storage)
    ? storage
    : new GleanerError(
        'INTERNAL',
        `Gleaner could not store the answer to ${operation}: ${error instanceof Error ? error.message : String(error)}`,
      );
}

/** What a failed request does to its job and the queue. */
export type FailureDecision =
  /** Back in line, the attempt given back; with a pause, the queue waits for the user. */
  | { kind: 'requeue'; pause?: { reason: PauseReason; message?: string } }
  | { kind: 'rate-limited'; waitMs?: number; note?: string }
  | { kind: 'unreachable' }
  | { kind: 'outage' }
  | { kind: 'retry-later'; delayMs: number }
  | { kind: 'fail' };

/**
 * The decision for a failure, given whether the request was stopped (cancelled or the queue
 * stopped), the job's attempts before this one, and the outage tracker (which it updates).
 */
export function decideFailure(
  info: GleanerError,
  context: { stopped: boolean; attempts: number; jobId: number; random: () => number },
  outage: Pick<Outage, 'noteServiceTrouble' | 'noteServiceUp' | 'isOngoing'>,
): FailureDecision {
  if (info.code === 'CANCELLED' || context.stopped) return { kind: 'requeue' };
  switch (info.code) {
    case 'TOKEN_REJECTED':
    case 'TOKEN_MISSING':
    case 'SUBSCRIPTION_INACTIVE':
      return { kind: 'requeue', pause: { reason: info.code } };
    case 'SECRET_STORE_UNAVAILABLE':
      // The keychain is locked or gone: no token to send, as if none were set. Failing the jobs
      // would lose a whole import to a locked keychain.
      return { kind: 'requeue', pause: { reason: 'TOKEN_MISSING', message: info.message } };
    case 'TOKEN_ELSEWHERE':
      // Not sent: the base URL's address is not the one the token was saved for. The sentence
      // names both addresses, so it is the pause's own.
      return { kind: 'requeue', pause: { reason: 'TOKEN_ELSEWHERE', message: info.message || PAUSE_MESSAGES.TOKEN_ELSEWHERE } };
    case 'RATE_LIMITED':
      return {
        kind: 'rate-limited',
        ...(info.details.retryAfterMs === undefined ? {} : { waitMs: info.details.retryAfterMs }),
        ...(info.details.retryAfterNote === undefined ? {} : { note: info.details.retryAfterNote }),
      };
    case 'NETWORK':
      // The service cannot be reached (offline, on a train): that is the queue's state, not
      // this job's fault. The job waits without using up an attempt.
      return { kind: 'unreachable' };
  }
  if (isServiceTrouble(info)) {
    // Other jobs failed at the service just before this one, with no success since: an outage.
    if (outage.noteServiceTrouble(context.jobId)) return { kind: 'outage' };
  } else if (info.details.status !== undefined && info.details.status < 500) {
    // A plain answer (a 404, refused parameters): the service is up.
    outage.noteServiceUp();
  }
  if (isServiceTrouble(info) && context.attempts + 1 < BACKOFF.maxAttempts) {
    return { kind: 'retry-later', delayMs: Math.max(backoffMs(context.attempts + 1, context.random), info.details.retryAfterMs ?? 0) };
  }
  return { kind: 'fail' };
}

/**
 * An outage: steps of the service unreachable (or failing every request) with no success
 * since, and the probe that tries it again after a wait that doubles, one request at a time.
 */
export function createOutage(timers: Timers, onProbe: () => void) {
  let steps = 0;
  /** When the last of those failures came back: requests sent before it are the same episode. */
  let lastAt = Number.NEGATIVE_INFINITY;
  /** Jobs that failed at the service since its last answer: enough of them make an outage. */
  const failingJobs = new Set<number>();
  let probeHandle: unknown = null;

  function scheduleProbe(wait: number): void {
    if (probeHandle !== null) timers.clearTimeout(probeHandle);
    probeHandle = timers.setTimeout(() => {
      probeHandle = null;
      onProbe();
    }, wait);
  }

  return {
    isOngoing: () => steps > 0,
    failingJobCount: () => failingJobs.size,
    /** Counts a job failing at the service; says whether the queue now waits out an outage. */
    noteServiceTrouble(jobId: number): boolean {
      failingJobs.add(jobId);
      return steps > 0 || failingJobs.size >= FAILING_JOBS_FOR_OUTAGE;
    },
    noteServiceUp: () => failingJobs.clear(),
    /** An answer came: the outage is over. */
    recovered(): void {
      steps = 0;
      failingJobs.clear();
    },
    /**
     * One more failure of an outage: requests already on their way when it was last met fail
     * together, one episode and one step of the wait. The probe is scheduled; the wait is
     * returned for the pause's sentence.
     */
    step(sentAt: number, now: number, askedMs: number): number {
      if (sentAt > lastAt) steps += 1;
      lastAt = now;
      const wait = outageWaitMs(steps, askedMs);
      scheduleProbe(wait);
      return wait;
    },
    scheduleProbe,
    cancelProbe(): void {
      if (probeHandle !== null) timers.clearTimeout(probeHandle);
      probeHandle = null;
    },
  };
}

export type Outage = ReturnType<typeof createOutage>;

/**
 * What the queue says while a 429 holds it back: until when, for how long, and how the service's
 * Retry-After was taken (as sent, shortened, not gone by, or none sent).
 */
export function rateLimitMessage(waitMs: number, until: number, asked: { waitMs?: number; note?: string }): string {
  const why =
    asked.note !== undefined
      ? asked.waitMs === undefined
        ? `${asked.note} Without a wait to go by, the queue waits a little longer after each 429 in a row.`
        : asked.note
      : asked.waitMs === undefined
        ? 'The service did not say how long to wait, so the queue waits a little longer after each 429 in a row.'
        : 'That is the wait the service asked for.';
  return `The team’s rate limit was reached (429): no request is sent for ${waitText(waitMs)}, until ${clockText(until)} UTC. ${why} Nothing is lost.`;
}

export interface FailureHandlerDeps {
  db: ReadableDB;
  clock: Clock;
  random: () => number;
  log: Logger;
  budget: Pick<Budget, 'giveBack' | 'rateLimited' | 'share' | 'notBefore' | 'noteWait'>;
  outage: Outage;
  nowIso(): string;
  pausedReason(): PauseReason | undefined;
  pause(reason: PauseReason, message: string): void;
  /** Tells the queue's status (a 429's wait, which pauses nothing). */
  announce(): void;
}

/** Carries out the decision for a failed request: its send's outcome, its job's state, the queue's pause. */
export function createFailureHandler(deps: FailureHandlerDeps) {
  const { db, clock, outage } = deps;

  /** An outage's pause, unless the user paused the queue or it waits for something only they can mend (a token, the disk). */
  function pauseForOutage(reason: PauseReason, message: string): void {
    const current = deps.pausedReason();
    if (current === undefined || isSelfLifting(current)) deps.pause(reason, message);
  }

  return function handleFailure(job: JobRow, send: Send, sentAt: number, error: unknown, stopped: boolean): void {
    const info = asGleanerError(error, job.operation);
    const now = clock.now();
    if (info.details.notSent === true) deps.budget.giveBack(send);
    else writeTransaction(db, (tx) => sendLog.setOutcome(tx, send.id, info.code));
    const requeue = (giveBack: number, notBefore = 0) =>
      writeTransaction(db, (tx) => jobs.requeue(tx, job.id, giveBack, notBefore, deps.nowIso()));
    const decision = decideFailure(info, { stopped, attempts: job.attempts, jobId: job.id, random: deps.random }, outage);
    switch (decision.kind) {
      case 'requeue':
        // Cancelled by the user (the row already says so), stopped, or waiting for the user: back in line, this attempt not counted.
        requeue(1);
        if (decision.pause) deps.pause(decision.pause.reason, decision.pause.message ?? PAUSE_MESSAGES[decision.pause.reason]);
        return;
      case 'rate-limited': {
        deps.budget.rateLimited(sentAt, decision.waitMs, deps.random);
        requeue(1);
        // The wait in force: an earlier 429's may end later than this one's.
        const until = Math.max(deps.budget.notBefore(), now);
        deps.budget.noteWait({ until, message: rateLimitMessage(until - now, until, decision) });
        deps.log.warn('rate limited', {
          job: job.id,
          waitMs: until - now,
          share: deps.budget.share(),
          ...(decision.note ? { retryAfter: decision.note } : {}),
        });
        deps.announce();
        return;
      }
      case 'unreachable': {
        // The queue tries again by itself after a wait that doubles, one request at a time, never a storm.
        requeue(1);
        const wait = outage.step(sentAt, now, 0);
        const said = info.message.replace(/;? ?nothing was stored\.?$/i, '.');
        pauseForOutage('NETWORK', `${said} Nothing is lost: the queue tries again at ${clockText(now + wait)} UTC, or resume it now.`);
        deps.log.warn('service unreachable', { job: job.id, retryInMs: wait });
        return;
      }
      case 'outage': {
        // This job waits with the outage, its attempt given back (see FAILING_JOBS_FOR_OUTAGE).
        requeue(1);
        const wait = outage.step(sentAt, now, info.details.retryAfterMs ?? 0);
        const failing = outage.failingJobCount();
        const note = info.details.retryAfterNote ? ` ${info.details.retryAfterNote}` : '';
        pauseForOutage(
          'UPSTREAM_ERROR',
          `The service failed ${failing === 1 ? 'the request that tried it again' : `${failing} different requests in a row`}; the last: ${info.message}${note} Nothing is lost and no attempt is used up while it waits: the queue tries again at ${clockText(now + wait)} UTC, or resume it now.`,
        );
        deps.log.warn('service failing', { job: job.id, code: info.code, jobs: failing, retryInMs: wait });
        return;
      }
      case 'retry-later':
        requeue(0, now + decision.delayMs);
        return;
      case 'fail':
        writeTransaction(db, (tx) =>
          jobs.markFailed(
            tx,
            job.id,
            {
              code: info.code,
              message: info.message,
              status: info.details.status ?? null,
              requestId: info.details.requestId ?? null,
              serviceWords: info.details.serviceWords ?? null,
            },
            deps.nowIso(),
          ),
        );
    }
  };
}

/** The pause's sentence when the library's disk is full: what to do, and that nothing paid for is asked for again. */
export const diskFullPauseMessage = (libraryPath?: string): string =>
  `The disk holding ${libraryPath && libraryPath !== ':memory:' ? `the library at ${libraryPath}` : 'the library'} is full, so the queue paused: free some space on it, then resume the queue. Answers already received are stored then, without asking the service again.`;

export interface GuardDeps {
  log: Logger;
  /** The library file, named in the pause's sentence. */
  libraryPath?: string;
  /** Another process held the library's write lock too long: try again shortly. */
  onBusy(): void;
  /** Records the pause (kept in memory if even that cannot be written). */
  recordPause(pause: Pause): void;
  /** Tells the queue's status (may itself fail; the pause holds regardless). */
  announce(): void;
}

/**
 * Runs the queue's own machinery (timers, the end of a request) so that a failure there never
 * escapes into the host as an uncaught error, which would end the app: a library locked by
 * another process is tried again shortly; anything else (a full disk, a read-only folder)
 * pauses the queue with a sentence, and the jobs wait.
 */
export function createGuard(deps: GuardDeps) {
  return function guarded(what: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      if (isBusy(error)) {
        deps.log.warn('library busy; trying again shortly', { during: what });
        deps.onBusy();
        return;
      }
      const detail = error instanceof Error ? error.message : String(error);
      deps.log.error('queue stopped sending', { during: what, error: detail });
      const message = isDiskFull(error, deps.libraryPath)
        ? diskFullPauseMessage(deps.libraryPath)
        : `${PAUSE_MESSAGES.STORAGE_ERROR} (${detail})`;
      deps.recordPause({ reason: 'STORAGE_ERROR', message });
      try {
        deps.announce();
      } catch {
        // The status cannot be read either; the pause above holds regardless.
      }
    }
  };
}
