/**
 * The runner lease: one process at a time sends the library's queue (the app, a CLI command,
 * browser mode). The holder renews it; a lease that lapsed, or whose process is gone, is free.
 */
import type { Clock } from '../clock';
import { writeTransaction, type ReadableDB } from '../store/database';
import { queueStateRepository as queueState, type Lease } from '../store/queue/queue-state';

export const LEASE_MS = 30_000;

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

/** Whether `lease` keeps `ownerId` from running the queue at `now`. */
export function isHeldByOther(lease: Lease | null, ownerId: string, now: number, isOwnerAlive?: (owner: string) => boolean): boolean {
  return lease !== null && lease.owner !== ownerId && lease.expiresAt > now && (isOwnerAlive?.(lease.owner) ?? true);
}

export interface LeaseDeps {
  db: ReadableDB;
  clock: Clock;
  ownerId: string;
  isOwnerAlive?: (ownerId: string) => boolean;
}

export function createLease(deps: LeaseDeps) {
  const { db, clock, ownerId } = deps;
  const isMine = () => queueState.lease(db)?.owner === ownerId;
  return {
    /** Takes the lease if it is free (or already this process's). */
    acquire(): boolean {
      return writeTransaction(db, (tx) => {
        const now = clock.now();
        if (isHeldByOther(queueState.lease(tx), ownerId, now, deps.isOwnerAlive)) return false;
        queueState.setLease(tx, { owner: ownerId, expiresAt: now + LEASE_MS });
        return true;
      });
    },
    /** Extends the lease if it is still this process's; false if another took it over. */
    renew(): boolean {
      return writeTransaction(db, (tx) => {
        if (!isMine()) return false;
        queueState.setLease(tx, { owner: ownerId, expiresAt: clock.now() + LEASE_MS });
        return true;
      });
    },
    /** Whether the lease in the database is still this process's (another takes over a lapsed one). */
    isMine,
    release: () => writeTransaction(db, (tx) => queueState.releaseLease(tx)),
  };
}

export type RunnerLease = ReturnType<typeof createLease>;
