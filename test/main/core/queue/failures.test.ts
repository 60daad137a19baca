import { describe, expect, it } from 'vitest';
import { GleanerError, type ErrorDetails } from '../../../../src/shared/errors';
import {
  FAILING_JOBS_FOR_OUTAGE,
  UNREACHABLE_FIRST_WAIT_MS,
  asGleanerError,
  createGuard,
  createOutage,
  decideFailure,
  isBusy,
  isSelfLifting,
  isServiceTrouble,
  isSqliteError,
  outageWaitMs,
} from '../../../../src/main/core/queue/failures';
import { createLogger } from '../../../../src/main/core/log';
import { createSimTime } from '../../../helpers/sim-time';

const sqliteError = (code: string) => Object.assign(new Error('sqlite says no'), { code });
const failure = (code: ConstructorParameters<typeof GleanerError>[0], details: ErrorDetails = {}) =>
  new GleanerError(code, `It failed with ${code}.`, { details });

function decide(error: GleanerError, options: { stopped?: boolean; attempts?: number; jobId?: number } = {}, outage = idleOutage()) {
  return decideFailure(error, { stopped: false, attempts: 0, jobId: 1, random: () => 0.5, ...options }, outage);
}

function idleOutage() {
  const sim = createSimTime(0);
  return createOutage(sim.timers, () => undefined);
}

describe('failure classification', () => {
  it('tells service trouble, self-lifting pauses and SQLite errors apart', () => {
    expect(isServiceTrouble(failure('UPSTREAM_ERROR'))).toBe(true);
    expect(isServiceTrouble(failure('UPSTREAM_ERROR', { final: true }))).toBe(false);
    expect(isServiceTrouble(failure('NETWORK'))).toBe(false);
    expect(isServiceTrouble(failure('NOT_FOUND'))).toBe(false);
    expect(isSelfLifting('NETWORK')).toBe(true);
    expect(isSelfLifting('TOKEN_REJECTED')).toBe(false);
    expect(isSelfLifting(undefined)).toBe(false);
    expect(isSqliteError(sqliteError('SQLITE_FULL'))).toBe(true);
    expect(isSqliteError(new Error('plain'))).toBe(false);
    expect(isBusy(sqliteError('SQLITE_BUSY_SNAPSHOT'))).toBe(true);
    expect(isBusy(sqliteError('SQLITE_FULL'))).toBe(false);
  });

  it('names a failure that is not a GleanerError as INTERNAL, with its operation', () => {
    const wrapped = asGleanerError(new Error('boom'), 'videosite/video');
    expect(wrapped.code).toBe('INTERNAL');
    expect(wrapped.message).toContain('videosite/video: boom');
    const own = failure('NOT_FOUND');
    expect(asGleanerError(own, 'x')).toBe(own);
  });

  it('waits 15 s, doubling to 5 min, or longer when the service asks', () => {
    expect(outageWaitMs(1)).toBe(UNREACHABLE_FIRST_WAIT_MS);
    expect(outageWaitMs(2)).toBe(2 * UNREACHABLE_FIRST_WAIT_MS);
    expect(outageWaitMs(20)).toBe(5 * 60_000);
    expect(outageWaitMs(1, 60_000)).toBe(60_000);
  });
});

describe('decideFailure', () => {
  it('puts a stopped or cancelled request back in line', () => {
    expect(decide(failure('UPSTREAM_ERROR'), { stopped: true })).toEqual({ kind: 'requeue' });
    expect(decide(failure('CANCELLED'))).toEqual({ kind: 'requeue' });
  });

  it('pauses for what only the user can mend, the job back in line', () => {
    expect(decide(failure('TOKEN_REJECTED'))).toEqual({ kind: 'requeue', pause: { reason: 'TOKEN_REJECTED' } });
    expect(decide(failure('SUBSCRIPTION_INACTIVE'))).toEqual({ kind: 'requeue', pause: { reason: 'SUBSCRIPTION_INACTIVE' } });
    expect(decide(failure('SECRET_STORE_UNAVAILABLE'))).toEqual({
      kind: 'requeue',
      pause: { reason: 'TOKEN_MISSING', message: 'It failed with SECRET_STORE_UNAVAILABLE.' },
    });
    expect(decide(failure('TOKEN_ELSEWHERE'))).toMatchObject({ kind: 'requeue', pause: { reason: 'TOKEN_ELSEWHERE' } });
  });

  it('waits out a 429 as asked, and an unreachable service as an outage', () => {
    expect(decide(failure('RATE_LIMITED', { retryAfterMs: 3_000 }))).toEqual({ kind: 'rate-limited', waitMs: 3_000 });
    expect(decide(failure('RATE_LIMITED'))).toEqual({ kind: 'rate-limited' });
    expect(decide(failure('NETWORK'))).toEqual({ kind: 'unreachable' });
  });

  it('retries service trouble after a backoff until the attempts run out, then fails the job', () => {
    expect(decide(failure('UPSTREAM_ERROR'), { attempts: 0 })).toMatchObject({ kind: 'retry-later' });
    expect(decide(failure('UPSTREAM_ERROR', { retryAfterMs: 99_000 }), { attempts: 0 })).toEqual({ kind: 'retry-later', delayMs: 99_000 });
    expect(decide(failure('UPSTREAM_ERROR'), { attempts: 4 })).toEqual({ kind: 'fail' });
    expect(decide(failure('NOT_FOUND', { status: 404 }))).toEqual({ kind: 'fail' });
  });

  it('takes different jobs failing at the service in a row for an outage; a plain answer in between resets the count', () => {
    const outage = idleOutage();
    for (let job = 1; job < FAILING_JOBS_FOR_OUTAGE; job += 1) {
      expect(decide(failure('UPSTREAM_ERROR'), { jobId: job }, outage).kind).toBe('retry-later');
    }
    decide(failure('NOT_FOUND', { status: 404 }), { jobId: 99 }, outage);
    expect(decide(failure('UPSTREAM_ERROR'), { jobId: 100 }, outage).kind).toBe('retry-later');
    for (let job = 101; job < 100 + FAILING_JOBS_FOR_OUTAGE - 1; job += 1) decide(failure('UPSTREAM_ERROR'), { jobId: job }, outage);
    expect(decide(failure('UPSTREAM_ERROR'), { jobId: 200 }, outage)).toEqual({ kind: 'outage' });
  });
});

describe('createOutage', () => {
  it('counts requests of one episode as one step, probes after the wait, and ends on recovery', async () => {
    const sim = createSimTime(0);
    let probes = 0;
    const outage = createOutage(sim.timers, () => (probes += 1));
    expect(outage.isOngoing()).toBe(false);
    expect(outage.step(0, 1_000, 0)).toBe(UNREACHABLE_FIRST_WAIT_MS);
    // Sent before the failure above came back: the same episode, the same step.
    expect(outage.step(500, 1_200, 0)).toBe(UNREACHABLE_FIRST_WAIT_MS);
    expect(outage.step(2_000, 3_000, 0)).toBe(2 * UNREACHABLE_FIRST_WAIT_MS);
    expect(outage.isOngoing()).toBe(true);
    await sim.runUntil(() => probes > 0);
    expect(probes).toBe(1);
    expect(sim.now()).toBe(2 * UNREACHABLE_FIRST_WAIT_MS);
    // While it lasts, any job failing at the service waits with it.
    expect(outage.noteServiceTrouble(7)).toBe(true);
    outage.recovered();
    expect(outage.isOngoing()).toBe(false);
    expect(outage.failingJobCount()).toBe(0);
  });

  it('does not probe once cancelled', async () => {
    const sim = createSimTime(0);
    let probes = 0;
    const outage = createOutage(sim.timers, () => (probes += 1));
    outage.scheduleProbe(1_000);
    outage.cancelProbe();
    sim.timers.setTimeout(() => undefined, 5_000);
    await sim.runUntil(() => false, { until: 2_000 });
    expect(probes).toBe(0);
  });
});

describe('createGuard', () => {
  const setup = () => {
    const seen = { busy: 0, pauses: [] as string[], announced: 0 };
    const guarded = createGuard({
      log: createLogger(() => undefined),
      onBusy: () => (seen.busy += 1),
      recordPause: (pause) => seen.pauses.push(`${pause.reason}: ${pause.message}`),
      announce: () => {
        seen.announced += 1;
        throw new Error('the status cannot be read either');
      },
    });
    return { guarded, seen };
  };

  it('tries a locked library again, and pauses on any other failure with its detail, never throwing', () => {
    const { guarded, seen } = setup();
    guarded('wake', () => {
      throw sqliteError('SQLITE_BUSY');
    });
    expect(seen).toEqual({ busy: 1, pauses: [], announced: 0 });
    expect(() =>
      guarded('storing an answer', () => {
        throw sqliteError('SQLITE_FULL');
      }),
    ).not.toThrow();
    expect(() =>
      guarded('storing an answer', () => {
        throw sqliteError('SQLITE_READONLY');
      }),
    ).not.toThrow();
    expect(seen.pauses).toHaveLength(2);
    // A full disk says so, and what to do; another refusal keeps the general sentence and its detail.
    expect(seen.pauses[0]).toMatch(
      /^STORAGE_ERROR: The disk holding the library is full, so the queue paused: free some space on it, then resume the queue\./,
    );
    expect(seen.pauses[1]).toMatch(/^STORAGE_ERROR: Gleaner cannot write to its library.*\(sqlite says no\)$/);
    expect(seen.announced).toBe(2);
  });

  it('does nothing when the work succeeds', () => {
    const { guarded, seen } = setup();
    let ran = false;
    guarded('pump', () => (ran = true));
    expect(ran).toBe(true);
    expect(seen).toEqual({ busy: 0, pauses: [], announced: 0 });
  });
});
