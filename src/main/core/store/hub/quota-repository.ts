/**
 * The team's one quota on the hub: whether a desk may send a request now. Each decision is one
 * transaction under one advisory lock, so two desks asking at the same instant are decided one
 * after the other against the same grants, timestamped by the hub's clock alone.
 *
 * The question (one request for the same question) is decided in the same transaction: a fresh
 * answer is handed back, a colleague's live claim makes the desk wait, and a grant claims it.
 * The rules themselves (limits, calls first, fair shares) are the caller's `decide`: pure, and
 * tested without a hub.
 */
import type { HubDB, HubQueryable } from './hub-db';

/** A constant key for pg_advisory_xact_lock: "gleaner hub quota". */
const QUOTA_LOCK = 0x676c7161;
/** Grants older than this count toward nothing (a day is at most 24 h): deleted as decisions go. */
const GRANTS_KEPT_MS = 25 * 60 * 60 * 1000;
/** A question answered (or its claim lapsed) this long ago is forgotten, unless a desk's freshness reaches further. */
const QUESTIONS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export interface GrantInWindow {
  member: string;
  at: number;
  priority: number;
  /**
   * When it leaves the window: a window after it settled. One still in flight is counted as
   * settling now (it may come back any moment; if not, the desk that waited asks again).
   */
  leavesAt: number;
}

export interface MemberDemand {
  member: string;
  calls: number;
  bulk: number;
}

/** What the rules see, all times in the hub's milliseconds. */
export interface GrantFacts {
  now: number;
  deskId: string;
  priority: number;
  /** Grants that fill the window now (granted, and settled less than a window ago or in flight), leaving first first. */
  minute: GrantInWindow[];
  dayCount: number;
  /** When the day's budget next frees a slot if it is spent (the oldest grant that must leave it, plus a day, or the next reset). */
  dayFreesAt: number;
  /** Desks with something waiting, heard from recently (this desk included, as just posted). */
  demands: MemberDemand[];
}

export type GrantVerdict = { grant: true } | { grant: false; notBefore: number };

export interface HubBudgetCounts {
  thisDeskThisMinute: number;
  teamThisMinute: number;
  thisDeskToday: number;
  teamToday: number;
}

export interface AskToSend {
  deskId: string;
  /** SHA-256 of the operation and its canonical parameters. */
  questionKey: string;
  operation: string;
  priority: number;
  waiting: { calls: number; bulk: number };
  windowMs: number;
  perDay: number;
  /** Grants after this moment count toward today (rolling, or since the daily reset). */
  dayWindowAfter(now: number): number;
  /** When a spent day frees (rolling: the given grant's time plus a day; fixed: the next reset). */
  dayFreesAt(now: number, oldestToLeave: number): number;
  /** A claim lapses this long after it was taken or renewed; a grant never settled stops counting this long after it was given. */
  leaseMs: number;
  freshnessMs: number;
  demandFreshMs: number;
  /** How long a desk waiting on a colleague's claim waits before asking again. */
  claimPollMs: number;
  /** Simulations only: the hub's time for this decision; null in production (the hub's own clock). */
  at: number | null;
  decide(facts: GrantFacts): GrantVerdict;
}

export type SendAnswer =
  | { kind: 'granted'; grantId: number; now: number; counts: HubBudgetCounts }
  | { kind: 'later'; now: number; notBefore: number; why: 'budget' | 'claimed'; counts: HubBudgetCounts }
  | { kind: 'answered'; now: number; requestId: string };

interface RequestRow {
  state: 'claimed' | 'answered';
  claimed_by: string;
  lease_until: Date;
  request_id: string | null;
  answered_at: Date | null;
}

/** Settles a grant (see FILLS_UNTIL); a grant settles once. */
export const SETTLE_GRANT =
  'UPDATE quota_grants SET settled_at = coalesce($2::timestamptz, clock_timestamp()) WHERE id = $1 AND settled_at IS NULL';

const ms = (value: Date | string): number => (value instanceof Date ? value.getTime() : Date.parse(value));

/** Locks the quota and reads the hub's time (after the lock: the wait for it must not age the decision). */
async function lockAndNow(tx: HubQueryable, at: number | null): Promise<number> {
  await tx.rows('SELECT pg_advisory_xact_lock($1)', [QUOTA_LOCK]);
  const rows = await tx.rows<{ now: Date }>('SELECT coalesce($1::timestamptz, clock_timestamp()) AS now', [
    at === null ? null : new Date(at),
  ]);
  return ms(rows[0]!.now);
}

/**
 * A grant fills the window from its grant until a window after it settled (in flight, it fills
 * it; one whose desk died never settles, and stops counting a lease after it was given).
 */
const FILLS_UNTIL = "coalesce(settled_at, at + $5 * interval '1 millisecond')";

async function countsIn(
  tx: HubQueryable,
  deskId: string,
  now: number,
  windowStart: number,
  dayStart: number,
  leaseMs: number,
): Promise<HubBudgetCounts> {
  const rows = await tx.rows<{ mine_minute: string; team_minute: string; mine_day: string; team_day: string }>(
    `SELECT count(*) FILTER (WHERE ${FILLS_UNTIL} > $2 AND member = $1) AS mine_minute,
            count(*) FILTER (WHERE ${FILLS_UNTIL} > $2) AS team_minute,
            count(*) FILTER (WHERE member = $1) AS mine_day,
            count(*) AS team_day
       FROM quota_grants WHERE ${FILLS_UNTIL} > $3 AND at <= $4`,
    [deskId, new Date(windowStart), new Date(dayStart), new Date(now), leaseMs],
  );
  const row = rows[0]!;
  return {
    thisDeskThisMinute: Number(row.mine_minute),
    teamThisMinute: Number(row.team_minute),
    thisDeskToday: Number(row.mine_day),
    teamToday: Number(row.team_day),
  };
}

/** A fresh answer to the question, or a colleague's live claim on it; null when this desk may claim it. */
async function questionState(tx: HubQueryable, ask: AskToSend, now: number): Promise<SendAnswer | null> {
  const rows = await tx.rows<RequestRow>('SELECT state, claimed_by, lease_until, request_id, answered_at FROM requests WHERE key = $1', [
    ask.questionKey,
  ]);
  const row = rows[0];
  if (!row) return null;
  if (row.state === 'answered' && row.request_id && row.answered_at && ms(row.answered_at) > now - ask.freshnessMs) {
    // The answer itself must be on the hub (its push may have failed): otherwise the question is open again.
    const present = await tx.rows('SELECT 1 FROM answers WHERE request_id = $1 LIMIT 1', [row.request_id]);
    if (present.length > 0) return { kind: 'answered', now, requestId: row.request_id };
    return null;
  }
  if (row.state === 'claimed' && row.claimed_by !== ask.deskId && ms(row.lease_until) > now) {
    const notBefore = Math.min(ms(row.lease_until), now + ask.claimPollMs);
    return {
      kind: 'later',
      now,
      notBefore,
      why: 'claimed',
      counts: await countsIn(tx, ask.deskId, now, now - ask.windowMs, ask.dayWindowAfter(now), ask.leaseMs),
    };
  }
  return null;
}

export function createQuotaRepository(db: HubDB) {
  return {
    /** The hub's decision on one request: send it (granted and claimed), wait, or take a colleague's answer. */
    async askToSend(ask: AskToSend): Promise<SendAnswer> {
      return db.transaction(async (tx) => {
        const now = await lockAndNow(tx, ask.at);
        await tx.rows('DELETE FROM requests WHERE coalesce(answered_at, lease_until) < $1', [
          new Date(now - Math.max(QUESTIONS_KEPT_MS, ask.freshnessMs)),
        ]);
        await tx.rows('DELETE FROM quota_grants WHERE at < $1 AND (settled_at IS NULL OR settled_at < $1)', [
          new Date(now - GRANTS_KEPT_MS),
        ]);
        await tx.rows(
          `INSERT INTO quota_demands (member, calls, bulk, updated_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (member) DO UPDATE SET calls = EXCLUDED.calls, bulk = EXCLUDED.bulk, updated_at = EXCLUDED.updated_at`,
          [ask.deskId, ask.waiting.calls, ask.waiting.bulk, new Date(now)],
        );
        const question = await questionState(tx, ask, now);
        if (question) return question;

        const windowStart = now - ask.windowMs;
        const dayStart = ask.dayWindowAfter(now);
        const minute = (
          await tx.rows<{ member: string; at: Date; priority: number; settled_at: Date | null }>(
            `SELECT member, at, priority, settled_at FROM quota_grants
              WHERE at <= $2 AND coalesce(settled_at, at + $3 * interval '1 millisecond') > $1`,
            [new Date(windowStart), new Date(now), ask.leaseMs],
          )
        )
          .map((r) => ({
            member: r.member,
            at: ms(r.at),
            priority: r.priority,
            leavesAt: Math.max(r.settled_at ? ms(r.settled_at) : now, ms(r.at)) + ask.windowMs,
          }))
          .sort((a, b) => a.leavesAt - b.leavesAt);
        const counts = await countsIn(tx, ask.deskId, now, windowStart, dayStart, ask.leaseMs);
        let dayFreesAt = now;
        if (counts.teamToday >= ask.perDay) {
          const oldest = await tx.rows<{ at: Date }>(
            `SELECT coalesce(settled_at, at + $4 * interval '1 millisecond') AS at FROM quota_grants
              WHERE coalesce(settled_at, at + $4 * interval '1 millisecond') > $1 AND at <= $2 ORDER BY 1 OFFSET $3 LIMIT 1`,
            [new Date(dayStart), new Date(now), counts.teamToday - ask.perDay, ask.leaseMs],
          );
          dayFreesAt = ask.dayFreesAt(now, oldest[0] ? ms(oldest[0].at) : now);
        }
        const demands = (
          await tx.rows<{ member: string; calls: number; bulk: number }>(
            'SELECT member, calls, bulk FROM quota_demands WHERE updated_at > $1 AND calls + bulk > 0 ORDER BY member',
            [new Date(now - ask.demandFreshMs)],
          )
        ).map((r) => ({ member: r.member, calls: r.calls, bulk: r.bulk }));
        const verdict = ask.decide({
          now,
          deskId: ask.deskId,
          priority: ask.priority,
          minute,
          dayCount: counts.teamToday,
          dayFreesAt,
          demands,
        });
        if (!verdict.grant) return { kind: 'later', now, notBefore: verdict.notBefore, why: 'budget', counts };

        const granted = await tx.rows<{ id: string }>('INSERT INTO quota_grants (member, at, priority) VALUES ($1, $2, $3) RETURNING id', [
          ask.deskId,
          new Date(now),
          ask.priority,
        ]);
        // The job granted waits no more: a desk whose last job this was shows no backlog to the others.
        await tx.rows('UPDATE quota_demands SET calls = greatest(0, calls - $2), bulk = greatest(0, bulk - $3) WHERE member = $1', [
          ask.deskId,
          ask.priority > 0 ? 1 : 0,
          ask.priority > 0 ? 0 : 1,
        ]);
        await tx.rows(
          `INSERT INTO requests (key, operation, state, claimed_by, claimed_at, lease_until) VALUES ($1, $2, 'claimed', $3, $4, $5)
           ON CONFLICT (key) DO UPDATE SET state = 'claimed', claimed_by = EXCLUDED.claimed_by, claimed_at = EXCLUDED.claimed_at,
             lease_until = EXCLUDED.lease_until, request_id = NULL, answered_at = NULL`,
          [ask.questionKey, ask.operation, ask.deskId, new Date(now), new Date(now + ask.leaseMs)],
        );
        const mine = { ...counts, thisDeskThisMinute: counts.thisDeskThisMinute + 1, teamThisMinute: counts.teamThisMinute + 1 };
        return {
          kind: 'granted',
          grantId: Number(granted[0]!.id),
          now,
          counts: { ...mine, thisDeskToday: counts.thisDeskToday + 1, teamToday: counts.teamToday + 1 },
        };
      });
    },

    /** The request's answer came back, or it failed after leaving: it fills the window a window more from now. */
    async settleGrant(grantId: number, at: number | null): Promise<void> {
      await db.rows(SETTLE_GRANT, [grantId, at === null ? null : new Date(at)]);
    },

    /** Nothing left (stopped before sending): the slot is the team's again. */
    async returnGrant(grantId: number): Promise<void> {
      await db.rows('DELETE FROM quota_grants WHERE id = $1', [grantId]);
    },

    /** The team's counts now (for the status), without asking for anything. */
    async counts(
      deskId: string,
      window: { windowMs: number; leaseMs: number; dayWindowAfter(now: number): number },
      at: number | null,
    ): Promise<HubBudgetCounts> {
      const rows = await db.rows<{ now: Date }>('SELECT coalesce($1::timestamptz, clock_timestamp()) AS now', [
        at === null ? null : new Date(at),
      ]);
      const now = ms(rows[0]!.now);
      return countsIn(db, deskId, now, now - window.windowMs, window.dayWindowAfter(now), window.leaseMs);
    },
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
