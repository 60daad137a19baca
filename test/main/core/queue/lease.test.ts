import { describe, expect, it } from 'vitest';
import { LEASE_MS, createLease, isHeldByOther, processIsAlive } from '../../../../src/main/core/queue/lease';
import { queueStateRepository as queueState } from '../../../../src/main/core/store/queue/queue-state';
import { openLibrary } from '../store/queue/fixture';

describe('isHeldByOther', () => {
  it('is free when absent, own, lapsed, or held by a process that is gone', () => {
    expect(isHeldByOther(null, 'me', 0)).toBe(false);
    expect(isHeldByOther({ owner: 'me', expiresAt: 100 }, 'me', 0)).toBe(false);
    expect(isHeldByOther({ owner: 'other', expiresAt: 100 }, 'me', 100)).toBe(false);
    expect(isHeldByOther({ owner: 'other', expiresAt: 100 }, 'me', 50, () => false)).toBe(false);
    expect(isHeldByOther({ owner: 'other', expiresAt: 100 }, 'me', 50)).toBe(true);
  });
});

describe('processIsAlive', () => {
  it('knows this process is alive, and treats an id without a pid as alive', () => {
    expect(processIsAlive(`${process.pid}-abc`)).toBe(true);
    expect(processIsAlive('not-a-pid')).toBe(true);
  });
});

describe('createLease', () => {
  it('goes to one process at a time, renews while its own, and is taken over once lapsed', () => {
    const { db } = openLibrary();
    let now = 1_000;
    const clock = { now: () => now };
    const mine = createLease({ db, clock, ownerId: 'a' });
    const theirs = createLease({ db, clock, ownerId: 'b' });
    expect(mine.acquire()).toBe(true);
    expect(theirs.acquire()).toBe(false);
    expect(mine.isMine()).toBe(true);
    now += LEASE_MS - 1;
    expect(mine.renew()).toBe(true);
    expect(queueState.lease(db)).toEqual({ owner: 'a', expiresAt: now + LEASE_MS });
    now += LEASE_MS;
    expect(theirs.acquire()).toBe(true);
    expect(mine.isMine()).toBe(false);
    expect(mine.renew()).toBe(false);
    theirs.release();
    expect(queueState.lease(db)).toBeNull();
  });
});
