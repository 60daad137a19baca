/**
 * The team part "quota": the team's one quota (the hub grants each request before it leaves) and
 * one request for the same question (a colleague's claim is waited for, a fresh answer reused),
 * with the fallback share while the hub is away and the team's token notice.
 *
 * The queue asks through `queueHooks`; the team runtime hands sessions in through `onSession` and
 * shows `status()`. Hub decisions and their rules: store/hub/quota-repository and grant-rules.
 */
import { isGleanerError } from '../../../../shared/errors';
import type { DayReset, PlanLimits } from '../../../../shared/plans';
import type { TeamBudgetInfo, TeamTokenNotice } from '../../../../shared/team';
import type { Clock } from '../../clock';
import type { ResponseToStore } from '../../library/ingest';
import type { Logger } from '../../log';
import { dayWindowAfter, DAY_MS, MINUTE_MS } from '../../queue/rate';
import type { SendDecision, TeamQueueHooks } from '../../queue/team-hooks';
import type { Timers } from '../../queue/timers';
import type { JobRow } from '../../store/queue/jobs';
import {
  createAnswersRepository,
  createQuotaRepository,
  createRequestsRepository,
  createTokenEventsRepository,
  describeHubFailure,
  questionKey,
  TOKEN_CHANNEL,
  type HubBudgetCounts,
  type PulledAnswer,
  type SendAnswer,
} from '../../store/hub';
import type { TeamPart } from '../part';
import type { HubSession, SessionSource } from '../session';
import { answerToResponse } from '../answer-response';
import { createFallbackShare } from './fallback';
import { decideGrant } from './grant-rules';
import { createSpentBudget } from './spent-budget';

export interface TeamQuotaSettings {
  /** The part of the plan a desk keeps to while the hub cannot be reached (0–1). */
  fallbackShare: number;
  /** An answer to the same question this recent is reused instead of asked again. */
  freshnessMinutes: number;
}

export interface QuotaTuning {
  /** The sliding window the per-minute limit counts over (shorter only in tests). */
  windowMs: number;
  /** How long a claimed question stays this desk's without renewal (renewed every third of it while in flight). */
  leaseMs: number;
  /** How long a desk waits before asking again about a question a colleague is asking. */
  claimPollMs: number;
  /** A desk's posted backlog counts for fairness this long after it last asked. */
  demandFreshMs: number;
  /** After the hub failed, the desk keeps to its fallback share this long before trying it again. */
  hubRetryMs: number;
  /** How long the hub may fail to answer before the desk spends its fallback share (until then it waits). */
  fallbackAfterMs: number;
  /** The queue's lanes: how many jobs come back together when the budget frees a slot. */
  lanes: number;
}

export interface TeamQuotaDeps {
  /** The session now; when absent, the last one given to `onSession`. */
  session?: SessionSource;
  clock: Clock;
  timers: Timers;
  log: Logger;
  /** The plan's limits and the daily reset, read fresh each time (as the queue's budget reads them). */
  limits(): { limits: PlanLimits; dayReset: DayReset };
  settings(): TeamQuotaSettings;
  /** How a colleague's answer becomes this desk's; by default its body's `data`, as the service client reads it. */
  answersToResponse?: (answer: PulledAnswer, operation: JobRow['operation'], params: Record<string, string>) => ResponseToStore | null;
  /**
   * What this desk's queue has waiting (the runtime: queued jobs as bulk, say), posted to the hub
   * for fairness. Without it, only the jobs that asked and were told to wait count.
   */
  backlog?: () => { calls: number; bulk: number };
  /** A colleague's desk found the team's token refused: the runtime pauses the queue as for a 401. */
  onTokenNotice(notice: TeamTokenNotice): void;
  /**
   * Simulations only (the bench's shared simulated clock): the time the hub stamps grants with.
   * Absent in production, where every grant carries the hub's own clock_timestamp().
   */
  hubClock?: Clock;
  tuning?: Partial<QuotaTuning>;
}

interface Granted {
  session: HubSession;
  key: string;
  grantId: number;
  renewal: unknown;
}

/** A job this desk asked about and was told to wait for: its kind and when it last asked. */
interface Waiting {
  call: boolean;
  askedAt: number;
}

export type TeamQuotaPart = TeamPart & {
  name: 'quota';
  queueHooks: TeamQueueHooks;
  onSession(session: HubSession | null): void;
  status(): { budget: TeamBudgetInfo; token: TeamTokenNotice | null };
  close(): Promise<void>;
  /** Reads the team's counts for the status (after a connect, or when the window asks). */
  refresh(): Promise<void>;
  /** Resolves when every hub write started so far (an answer's push, a release) has ended. */
  settled(): Promise<void>;
};

export function createTeamQuota(deps: TeamQuotaDeps): TeamQuotaPart {
  const windowMs = deps.tuning?.windowMs ?? MINUTE_MS;
  const tuning: QuotaTuning = {
    windowMs,
    leaseMs: 2 * MINUTE_MS,
    claimPollMs: 3_000,
    // A desk told to wait comes back within a window: its backlog must outlive that wait.
    demandFreshMs: windowMs + 15_000,
    hubRetryMs: 10_000,
    fallbackAfterMs: 15_000,
    lanes: 3,
    ...deps.tuning,
  };
  const { clock, timers, log } = deps;
  const fallbackShare = createFallbackShare();
  const granted = new Map<number, Granted>();
  const waiting = new Map<number, Waiting>();
  const spentBudget = createSpentBudget();
  const pendingWrites = new Set<Promise<unknown>>();
  let given: HubSession | null = null;
  let unlisten: Promise<(() => Promise<void>) | null> = Promise.resolve(null);
  let hubCounts: HubBudgetCounts | null = null;
  let fallback = false;
  let hubRetryAt = 0;
  /** When the hub stopped answering (null while it answers). */
  let hubDownSince: number | null = null;
  let tokenNotice: TeamTokenNotice | null = null;
  let lastTokenEventAt = Number.NEGATIVE_INFINITY;
  /** The session whose hub this desk hears token notices from (null while that connection is lost). */
  let listeningOn: HubSession | null = null;

  const session = (): HubSession | null => (deps.session ? deps.session() : given);
  const hubNow = (): number | null => (deps.hubClock ? deps.hubClock.now() : null);
  const dayWindow = (dayReset: DayReset) => (now: number) => dayWindowAfter(now, dayReset);
  const toResponse = deps.answersToResponse ?? answerToResponse;

  function track(write: Promise<unknown>, what: string): void {
    const guarded = write.catch((error: unknown) => log.warn(`team hub: ${what} failed`, { error: describeHubFailure(error) }));
    pendingWrites.add(guarded);
    void guarded.finally(() => pendingWrites.delete(guarded));
  }

  function backlog(now: number): { calls: number; bulk: number } {
    let calls = 0;
    let bulk = 0;
    for (const [jobId, entry] of waiting) {
      if (now - entry.askedAt > tuning.demandFreshMs) waiting.delete(jobId);
      else if (entry.call) calls += 1;
      else bulk += 1;
    }
    const queued = deps.backlog?.();
    return queued ? { calls: Math.max(calls, queued.calls), bulk: Math.max(bulk, queued.bulk) } : { calls, bulk };
  }

  /** The hub answered: the fallback is over, and token notices are listened for again if that connection was lost. */
  function hubAnswered(current: HubSession): void {
    fallback = false;
    hubDownSince = null;
    if (listeningOn === current || given !== current) return;
    listeningOn = current;
    const previous = unlisten;
    unlisten = previous.then(async (stop) => {
      await stop?.().catch(() => undefined);
      return listenFor(current);
    });
  }

  /**
   * A failed exchange with the hub. A blip (a slow connect, a restart) is waited out, asking again
   * every few seconds; only a hub away for `fallbackAfterMs` moves the desk to its fallback share,
   * which spends without the colleagues' count and so must not start at every hiccup.
   */
  function hubFailed(error: unknown): void {
    const now = clock.now();
    hubDownSince ??= now;
    if (now - hubDownSince < tuning.fallbackAfterMs) {
      log.warn('team hub did not answer; asking again shortly', { error: describeHubFailure(error) });
      return;
    }
    if (!fallback) log.warn('team hub unreachable: keeping to this desk’s fallback share', { error: describeHubFailure(error) });
    fallback = true;
    hubRetryAt = now + tuning.hubRetryMs;
  }

  async function askHub(current: HubSession, job: JobRow, key: string, reuseAnswers: boolean): Promise<SendAnswer> {
    const { limits, dayReset } = deps.limits();
    const freshnessMs = reuseAnswers ? Math.max(0, deps.settings().freshnessMinutes) * MINUTE_MS : 0;
    return createQuotaRepository(current.db).askToSend({
      deskId: current.deskId,
      questionKey: key,
      operation: job.operation,
      priority: job.priority > 0 ? 1 : 0,
      waiting: backlog(clock.now()),
      windowMs: tuning.windowMs,
      perDay: limits.perDay,
      dayWindowAfter: dayWindow(dayReset),
      dayFreesAt: (now, oldestToLeave) => (dayReset === null ? oldestToLeave + DAY_MS : dayWindowAfter(now, dayReset) + 1 + DAY_MS),
      leaseMs: tuning.leaseMs,
      freshnessMs,
      demandFreshMs: tuning.demandFreshMs,
      claimPollMs: tuning.claimPollMs,
      at: hubNow(),
      decide: (facts) => decideGrant(facts, limits, tuning.windowMs),
    });
  }

  /** Keeps the claim alive while the request is in flight (a desk that dies lets it lapse). */
  function renewLater(jobId: number): unknown {
    return timers.setTimeout(() => {
      const entry = granted.get(jobId);
      if (!entry) return;
      track(
        createRequestsRepository(entry.session.db).renew(entry.key, entry.session.deskId, tuning.leaseMs, hubNow()),
        'renewing a claim',
      );
      entry.renewal = renewLater(jobId);
    }, tuning.leaseMs / 3);
  }

  function endGrant(jobId: number): Granted | undefined {
    const entry = granted.get(jobId);
    if (!entry) return undefined;
    granted.delete(jobId);
    timers.clearTimeout(entry.renewal);
    return entry;
  }

  async function decideWithHub(
    current: HubSession,
    job: JobRow,
    params: Record<string, string>,
    signal: AbortSignal,
  ): Promise<SendDecision> {
    const key = questionKey(job.operation, job.params);
    let answer = await askHub(current, job, key, true);
    if (answer.kind === 'answered') {
      const pulled = await createAnswersRepository(current.db).byRequestId(answer.requestId);
      const response = pulled ? toResponse(pulled, job.operation, params) : null;
      if (response) {
        waiting.delete(job.id);
        return { kind: 'answered', response };
      }
      // An answer this desk cannot read: it asks the service itself.
      answer = await askHub(current, job, key, false);
    }
    hubAnswered(current);
    const localNow = clock.now();
    if (answer.kind === 'answered') return { kind: 'later', notBefore: localNow + tuning.claimPollMs };
    hubCounts = answer.counts;
    if (answer.kind === 'later') {
      // The hub's times are its own clock's: the wait is carried over to this desk's clock.
      const notBefore = localNow + Math.max(1, answer.notBefore - answer.now);
      if (answer.why === 'budget') spentBudget.spent(job.priority > 0, notBefore);
      return { kind: 'later', notBefore };
    }
    waiting.delete(job.id);
    fallbackShare.sent(localNow);
    granted.set(job.id, { session: current, key, grantId: answer.grantId, renewal: renewLater(job.id) });
    if (signal.aborted) {
      releaseUnsent(job.id);
      throw signal.reason;
    }
    return { kind: 'send' };
  }

  /** The request never left: its grant and its claim go back to the team. */
  function releaseUnsent(jobId: number): void {
    const entry = endGrant(jobId);
    if (!entry) return;
    track(createQuotaRepository(entry.session.db).returnGrant(entry.grantId), 'returning a grant');
    track(createRequestsRepository(entry.session.db).release(entry.key, entry.session.deskId), 'releasing a claim');
  }

  function decideAlone(jobId: number): SendDecision {
    const now = clock.now();
    const { limits, dayReset } = deps.limits();
    const slot = fallbackShare.slotFor(now, limits, deps.settings().fallbackShare, dayReset);
    if (slot > now) {
      spentBudget.spent(true, slot);
      return { kind: 'later', notBefore: slot };
    }
    waiting.delete(jobId);
    fallbackShare.sent(now);
    return { kind: 'send' };
  }

  const queueHooks: TeamQueueHooks = {
    async beforeSend(job, params, signal) {
      const now = clock.now();
      waiting.set(job.id, { call: job.priority > 0, askedAt: now });
      const wait = spentBudget.comeBackAt(
        job.priority > 0,
        now,
        tuning.windowMs / Math.max(1, deps.limits().limits.perMinute),
        tuning.lanes,
      );
      if (wait !== null) return { kind: 'later', notBefore: wait };
      const current = session();
      if (!current) {
        fallback = true;
        return decideAlone(job.id);
      }
      if (now >= hubRetryAt) {
        try {
          return await decideWithHub(current, job, params, signal);
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          hubFailed(error);
          if (!fallback) return { kind: 'later', notBefore: now + tuning.claimPollMs };
        }
      }
      return decideAlone(job.id);
    },

    afterStored(job, response) {
      // This desk's token was accepted: a notice of the team's token changing is behind it now.
      tokenNotice = null;
      const entry = endGrant(job.id);
      if (!entry) return;
      const answer = {
        requestId: response.requestId,
        operation: response.operation,
        params: response.params,
        requestUrl: response.requestUrl,
        status: response.status,
        fetchedAt: response.fetchedAt,
        durationMs: response.durationMs,
        nextPage: response.nextPage,
        body: response.body,
        demo: response.demo === true,
      };
      track(
        createRequestsRepository(entry.session.db).answer({
          key: entry.key,
          deskId: entry.session.deskId,
          answer,
          grantId: entry.grantId,
          now: hubNow(),
        }),
        'sharing an answer',
      );
    },

    afterFailed(job, _params, error) {
      waiting.delete(job.id);
      const notSent = isGleanerError(error) && error.details.notSent === true;
      if (notSent) releaseUnsent(job.id);
      else {
        const entry = endGrant(job.id);
        if (entry) {
          track(createQuotaRepository(entry.session.db).settleGrant(entry.grantId, hubNow()), 'settling a grant');
          track(createRequestsRepository(entry.session.db).release(entry.key, entry.session.deskId), 'releasing a claim');
        }
      }
      if (isGleanerError(error) && error.code === 'TOKEN_REJECTED') tokenRefusedHere();
    },
  };

  /** This desk's request was refused with the team's token: the other desks are told (once per episode). */
  function tokenRefusedHere(): void {
    const current = session();
    const now = clock.now();
    if (!current || now - lastTokenEventAt < MINUTE_MS) return;
    lastTokenEventAt = now;
    track(createTokenEventsRepository(current.db).record(current.deskId, hubNow()), 'announcing the refused token');
  }

  async function heardTokenEvent(current: HubSession, payload: string): Promise<void> {
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return;
    const event = await createTokenEventsRepository(current.db).byId(id);
    if (!event) return;
    const notice = { changedAt: event.at, seenBy: event.memberName };
    tokenNotice = notice;
    // This desk's own refusal has paused its queue already.
    if (event.deskId !== current.deskId) deps.onTokenNotice(notice);
  }

  async function listenFor(current: HubSession): Promise<(() => Promise<void>) | null> {
    try {
      const stop = await current.db.listen(
        TOKEN_CHANNEL,
        (payload) => track(heardTokenEvent(current, payload), 'reading a token notice'),
        () => {
          // The hub went away: listened for again once it answers (see hubAnswered).
          if (listeningOn === current) listeningOn = null;
        },
      );
      listeningOn = current;
      return stop;
    } catch (error) {
      if (listeningOn === current) listeningOn = null;
      log.warn('team hub: cannot listen for token notices', { error: describeHubFailure(error) });
      return null;
    }
  }

  async function refresh(): Promise<void> {
    const current = session();
    if (!current) return;
    try {
      hubCounts = await createQuotaRepository(current.db).counts(
        current.deskId,
        { windowMs: tuning.windowMs, leaseMs: tuning.leaseMs, dayWindowAfter: dayWindow(deps.limits().dayReset) },
        hubNow(),
      );
      hubAnswered(current);
    } catch (error) {
      hubFailed(error);
    }
  }

  async function settled(): Promise<void> {
    await unlisten;
    while (pendingWrites.size > 0) await Promise.all([...pendingWrites]);
  }

  function budget(): TeamBudgetInfo {
    const { limits, dayReset } = deps.limits();
    const share = deps.settings().fallbackShare;
    const alone = fallback || !session();
    if (alone || !hubCounts) {
      const mine = fallbackShare.counts(clock.now(), dayReset);
      const colleagues = hubCounts ? Math.max(0, hubCounts.teamToday - hubCounts.thisDeskToday) : 0;
      return {
        limits,
        thisDeskThisMinute: mine.thisMinute,
        teamThisMinute: mine.thisMinute,
        thisDeskToday: mine.today,
        colleaguesToday: colleagues,
        leftToday: Math.max(0, Math.floor(limits.perDay * (alone ? share : 1)) - mine.today - (alone ? 0 : colleagues)),
        fallback: alone,
        fallbackShare: share,
      };
    }
    return {
      limits,
      thisDeskThisMinute: hubCounts.thisDeskThisMinute,
      teamThisMinute: hubCounts.teamThisMinute,
      thisDeskToday: hubCounts.thisDeskToday,
      colleaguesToday: hubCounts.teamToday - hubCounts.thisDeskToday,
      leftToday: Math.max(0, limits.perDay - hubCounts.teamToday),
      fallback: false,
      fallbackShare: share,
    };
  }

  return {
    name: 'quota',
    queueHooks,
    onSession(next) {
      const previous = unlisten;
      given = next;
      listeningOn = next;
      hubRetryAt = 0;
      unlisten = previous.then(async (stop) => {
        await stop?.().catch(() => undefined);
        return next ? listenFor(next) : null;
      });
      if (next) track(refresh(), 'reading the team’s budget');
    },
    status: () => ({ budget: budget(), token: tokenNotice }),
    refresh,
    settled,
    async close() {
      for (const jobId of [...granted.keys()]) endGrant(jobId);
      await settled();
      const stop = await unlisten;
      unlisten = Promise.resolve(null);
      await stop?.().catch(() => undefined);
    },
  };
}
