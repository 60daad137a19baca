/**
 * The queue's spending: sends of the last 24 hours (read from send_log, then kept in step with
 * it while this process runs the queue), the share of the plan assumed to be Gleaner's own
 * after a 429, and the time the service asked everyone to wait until.
 */
import type { DayReset, PlanLimits } from '../../../shared/plans';
import type { Clock } from '../clock';
import { writeTransaction, type ReadableDB } from '../store/database';
import { queueStateRepository as queueState } from '../store/queue/queue-state';
import { sendLogRepository as sendLog } from '../store/queue/send-log';
import {
  DAY_MS,
  backoffMs,
  INITIAL_SHARE,
  MINUTE_MS,
  countAfter,
  finishTime,
  limitsForShare,
  nextFreeSlot,
  shareAfterRateLimit,
  shareAfterSuccess,
  shareAt,
  usedToday,
  type ShareState,
} from './rate';
import { RETRY_AFTER_MAX_MS } from './retry-after';

/** The wait a 429 imposed, until when, and the sentence that says so to the user. */
export interface ServiceWait {
  until: number;
  message: string;
}

/** A send in send_log: its row, and the time it counts from (see settle). */
export interface Send {
  readonly id: number;
  at: number;
}

export interface BudgetDeps {
  db: ReadableDB;
  clock: Clock;
  /** The plan's limits and when its day starts afresh, read fresh each time. */
  budget(): { limits: PlanLimits; dayReset: DayReset };
}

/** Moves one send's time in ascending `sends` from `from` to `to`: null `from` adds one, null `to` removes one. */
export function moveSendTime(sends: number[], from: number | null, to: number | null): void {
  if (from !== null) {
    const at = sends.length - countAfter(sends, from - 1);
    if (sends[at] === from) sends.splice(at, 1);
  }
  if (to !== null) sends.splice(sends.length - countAfter(sends, to), 0, to);
}

/** The sends that still count toward a day at `now`. */
export function sendsOfLastDay(sends: readonly number[], now: number): number[] {
  const keep = countAfter(sends, now - DAY_MS);
  return keep < sends.length ? sends.slice(sends.length - keep) : [...sends];
}

/** Whether a 429 of a request sent at `sentAt` lowers the share again, or belongs to the episode that last lowered it. */
export function isNewRateLimitEpisode(share: ShareState, sentAt: number): boolean {
  return share.changedAt === undefined || sentAt >= share.changedAt;
}

export function createBudget(deps: BudgetDeps) {
  const { db, clock } = deps;
  let sends: number[] = [];
  let share: ShareState = INITIAL_SHARE;
  let notBefore = 0;
  let serviceWait: ServiceWait | null = null;
  let rateLimitedInARow = 0;

  const saveShare = () => writeTransaction(db, (tx) => queueState.write(tx, 'share', share));

  /** Reads the budget's state afresh (on taking the queue over, another process kept its own). */
  function reload(): void {
    sends = sendLog.timesSince(db, clock.now() - DAY_MS);
    const saved = queueState.read<ShareState>(db, 'share', INITIAL_SHARE);
    share = typeof saved === 'object' && saved !== null ? saved : INITIAL_SHARE;
    notBefore = queueState.read<number>(db, 'not_before', 0);
    serviceWait = queueState.read<ServiceWait | null>(db, 'service_wait', null);
    // No wait the service asks for outlasts RETRY_AFTER_MAX_MS from when it was asked: one further
    // ahead was saved by an older version that took any Retry-After as sent (years, once), and
    // would hold the queue back on every start.
    const latest = clock.now() + RETRY_AFTER_MAX_MS;
    if (notBefore > latest || (serviceWait !== null && !(serviceWait.until <= latest))) {
      notBefore = notBefore > latest ? 0 : notBefore;
      serviceWait = null;
      try {
        writeTransaction(db, (tx) => {
          queueState.write(tx, 'not_before', notBefore);
          queueState.remove(tx, 'service_wait');
        });
      } catch {
        // Corrected here all the same; a library that cannot be written now is corrected by the next start.
      }
    }
  }

  /** The share in force now, forgetting (and saving so) a lowered one that has grown stale. */
  function currentShare(): number {
    const fresh = shareAt(share, clock.now());
    if (fresh !== share) {
      share = fresh;
      saveShare();
    }
    return share.share;
  }

  function slotFor(now: number, budget = deps.budget()): number {
    return Math.max(nextFreeSlot(sends, limitsForShare(budget.limits, currentShare()), now, budget.dayReset), notBefore);
  }

  reload();
  return {
    reload,
    currentShare,
    slotFor,
    /** A request left at `at` (its send_log row written by the caller). */
    sent(at: number): void {
      moveSendTime(sends, null, at);
      sends = sendsOfLastDay(sends, at);
    },
    /**
     * The answer is back (or the request failed): the send counts from now on. The service
     * counts a request when it arrives, somewhere in between, so a slot is free again a minute
     * after the answer: counting from the departure let a request sent on a fresh connection
     * arrive late and make the one sent 60 s after it arrive inside its minute.
     */
    settle(send: Send): void {
      const now = clock.now();
      if (now === send.at) return;
      writeTransaction(db, (tx) => sendLog.moveTo(tx, send.id, now));
      moveSendTime(sends, send.at, now);
      send.at = now;
    },
    /** Nothing reached the service: the budget it was counted against is given back. */
    giveBack(send: Send): void {
      writeTransaction(db, (tx) => sendLog.remove(tx, send.id));
      moveSendTime(sends, send.at, null);
    },
    succeeded(): void {
      rateLimitedInARow = 0;
      // The service answers again: the word about its wait is over, whatever was left of it.
      if (serviceWait !== null) {
        serviceWait = null;
        writeTransaction(db, (tx) => queueState.remove(tx, 'service_wait'));
      }
      currentShare();
      const before = share;
      share = shareAfterSuccess(share, clock.now());
      // Saved with every success, not only when the share moves: a CLI process lives for a few
      // requests, and the count toward growing back must outlive it.
      if (share.share !== before.share || share.successes !== before.successes) saveShare();
    },
    /**
     * A 429: the share is lowered (once per episode) and no request leaves before the wait the
     * service asked for (or a backoff that grows with each 429 in a row) is over. Returns the wait.
     */
    rateLimited(sentAt: number, askedMs: number | undefined, random: () => number): number {
      rateLimitedInARow += 1;
      currentShare();
      // Requests already on their way when the share was last lowered meet the same full
      // window: their 429s are one episode, and lower the share once, not once each.
      if (isNewRateLimitEpisode(share, sentAt)) {
        share = shareAfterRateLimit(share, clock.now());
        saveShare();
      }
      // Bounded however it was asked (retry-after.ts), so no 429 holds the queue back for longer.
      const waitMs = Math.min(askedMs ?? backoffMs(rateLimitedInARow, random), RETRY_AFTER_MAX_MS);
      notBefore = Math.max(notBefore, clock.now() + waitMs);
      writeTransaction(db, (tx) => queueState.write(tx, 'not_before', notBefore));
      return waitMs;
    },
    /** No request leaves before this (ms since the epoch; in the past when nothing holds them back). */
    notBefore: () => notBefore,
    /** Keeps the sentence about the wait in force, for the status (and other processes) to show. */
    noteWait(wait: ServiceWait): void {
      serviceWait = wait;
      writeTransaction(db, (tx) => queueState.write(tx, 'service_wait', wait));
    },
    /** The service's wait still in force at `now`, or null. */
    serviceWait: (now: number): ServiceWait | null => (serviceWait !== null && serviceWait.until > now ? serviceWait : null),
    share: () => share.share,
    /** The gauge the status shows, and the minutes until `waiting` requests are sent. */
    gauge(now: number, waiting: number) {
      const budget = deps.budget();
      const { limits, dayReset } = budget;
      const effective = limitsForShare(limits, currentShare());
      return {
        usedThisMinute: countAfter(sends, now - MINUTE_MS),
        usedToday: usedToday(sends, now, dayReset),
        limits,
        dayReset,
        effectiveLimits: effective,
        share: Math.round(share.share * 100) / 100,
        nextFreeSlot: slotFor(now, budget),
        recentRatePerMinute: Math.round((countAfter(sends, now - 5 * MINUTE_MS) / 5) * 10) / 10,
        // At the pace both windows allow: a day's budget spent means waiting for tomorrow.
        etaMinutes:
          waiting === 0 ? 0 : Math.ceil(((finishTime(sends, effective, now, waiting, notBefore, dayReset) - now) / MINUTE_MS) * 10) / 10,
      };
    },
  };
}

export type Budget = ReturnType<typeof createBudget>;
