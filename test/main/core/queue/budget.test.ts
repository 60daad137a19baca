import { describe, expect, it } from 'vitest';
import { createBudget, isNewRateLimitEpisode, moveSendTime, sendsOfLastDay } from '../../../../src/main/core/queue/budget';
import { DAY_MS, INITIAL_SHARE, MINUTE_MS } from '../../../../src/main/core/queue/rate';
import { queueStateRepository as queueState } from '../../../../src/main/core/store/queue/queue-state';
import { sendLogRepository as sendLog } from '../../../../src/main/core/store/queue/send-log';
import { addBatch, openLibrary } from '../store/queue/fixture';

describe('moveSendTime', () => {
  it('adds, moves and removes one send, keeping the times ascending', () => {
    const sends = [10, 20, 30];
    moveSendTime(sends, null, 25);
    expect(sends).toEqual([10, 20, 25, 30]);
    moveSendTime(sends, 10, 40);
    expect(sends).toEqual([20, 25, 30, 40]);
    moveSendTime(sends, 25, null);
    expect(sends).toEqual([20, 30, 40]);
    // A time not there is not removed by mistake.
    moveSendTime(sends, 35, null);
    expect(sends).toEqual([20, 30, 40]);
  });
});

describe('sendsOfLastDay', () => {
  it('keeps only the sends inside the last 24 hours', () => {
    expect(sendsOfLastDay([0, 5, DAY_MS + 10], DAY_MS + 5)).toEqual([DAY_MS + 10]);
    expect(sendsOfLastDay([0, 5, 10], DAY_MS)).toEqual([5, 10]);
  });
});

describe('isNewRateLimitEpisode', () => {
  it('counts a 429 of a request sent before the share last dropped as the same episode', () => {
    expect(isNewRateLimitEpisode(INITIAL_SHARE, 0)).toBe(true);
    const lowered = { ...INITIAL_SHARE, share: 0.5, changedAt: 1_000 };
    expect(isNewRateLimitEpisode(lowered, 999)).toBe(false);
    expect(isNewRateLimitEpisode(lowered, 1_000)).toBe(true);
  });
});

describe('createBudget', () => {
  const setup = (perMinute = 2) => {
    const library = openLibrary();
    let now = 10 * MINUTE_MS;
    const clock = { now: () => now };
    const budget = createBudget({ db: library.db, clock, budget: () => ({ limits: { perMinute, perDay: 100 }, dayReset: null }) });
    return { ...library, budget, at: (t: number) => (now = t) };
  };

  it('holds the next request until a minute after the oldest send in the window', () => {
    const { budget, at } = setup();
    const start = 10 * MINUTE_MS;
    budget.sent(start);
    budget.sent(start + 1_000);
    expect(budget.slotFor(start + 2_000)).toBe(start + MINUTE_MS);
    at(start + 2_000);
    expect(budget.gauge(start + 2_000, 3)).toMatchObject({ usedThisMinute: 2, usedToday: 2, nextFreeSlot: start + MINUTE_MS });
  });

  it('counts a send from when its answer came back, and gives back one that never left', () => {
    const { db, write, budget, at } = setup();
    const jobId = addBatch(write, [{}]).jobIds[0]!;
    const start = 10 * MINUTE_MS;
    const send = { id: write((tx) => sendLog.add(tx, start, jobId)), at: start };
    budget.sent(start);
    at(start + 30_000);
    budget.settle(send);
    expect(send.at).toBe(start + 30_000);
    expect(sendLog.timesSince(db, 0)).toEqual([start + 30_000]);
    budget.giveBack(send);
    expect(sendLog.timesSince(db, 0)).toEqual([]);
    expect(budget.gauge(start + 30_000, 0).usedToday).toBe(0);
  });

  it('after a 429 lowers the share, waits as asked (or backs off), and saves both for the next process', () => {
    const { db, budget } = setup(10);
    const start = 10 * MINUTE_MS;
    expect(budget.rateLimited(start, 5_000, () => 0.5)).toBe(5_000);
    expect(budget.share()).toBeLessThan(1);
    expect(queueState.read(db, 'not_before', 0)).toBe(start + 5_000);
    expect(budget.slotFor(start)).toBe(start + 5_000);
    const lowered = budget.share();
    // A request sent before that 429 meets the same full window: the share is not lowered again.
    expect(budget.rateLimited(start - 1, undefined, () => 0.5)).toBeGreaterThan(0);
    expect(budget.share()).toBe(lowered);
    expect(queueState.read<{ share: number }>(db, 'share', INITIAL_SHARE).share).toBe(lowered);
  });

  it('drops a wait saved beyond the bound by an older version, which held the queue back for years on every start', () => {
    const { db, write, budget } = setup(10);
    const start = 10 * MINUTE_MS;
    write((tx) => queueState.write(tx, 'not_before', Date.parse('2029-05-01T00:00:00Z')));
    budget.reload();
    expect(budget.slotFor(start)).toBe(start);
    expect(queueState.read(db, 'not_before', -1)).toBe(0);
  });

  it('reads the windows and the share again from the library on reload', () => {
    const { db, write, budget } = setup(10);
    const jobId = addBatch(write, [{}]).jobIds[0]!;
    const start = 10 * MINUTE_MS;
    write((tx) => sendLog.add(tx, start - 1_000, jobId));
    expect(budget.gauge(start, 0).usedToday).toBe(0);
    write((tx) => queueState.write(tx, 'share', { ...INITIAL_SHARE, share: 0.5, changedAt: start }));
    write((tx) => queueState.write(tx, 'not_before', start + 9_000));
    budget.reload();
    expect(budget.gauge(start, 0)).toMatchObject({ usedToday: 1, share: 0.5, nextFreeSlot: start + 9_000 });
    expect(sendLog.timesSince(db, 0)).toHaveLength(1);
  });
});
