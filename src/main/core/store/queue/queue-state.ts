/**
 * The queue's own small state (queue_state, a key → JSON table): the pause, the runner lease,
 * the share of the budget after a 429 and the time no request may leave before.
 */
import type { PauseReason } from '../../../../shared/queue';
import type { ReadableDB, WritableDB } from '../database';
import { statement } from './statements';

export interface Pause {
  reason: PauseReason;
  message: string;
}

export interface Lease {
  owner: string;
  expiresAt: number;
}

export interface QueueStateRepository {
  read<T>(db: ReadableDB, key: string, fallback: T): T;
  write(tx: WritableDB, key: string, value: unknown): void;
  remove(tx: WritableDB, key: string): void;
  pause(db: ReadableDB): Pause | null;
  setPause(tx: WritableDB, pause: Pause): void;
  clearPause(tx: WritableDB): void;
  lease(db: ReadableDB): Lease | null;
  setLease(tx: WritableDB, lease: Lease): void;
  releaseLease(tx: WritableDB): void;
  /** SQLite's count of commits by other connections: it changes when another process wrote. */
  othersCommitCount(db: ReadableDB): number;
}

function read<T>(db: ReadableDB, key: string, fallback: T): T {
  const row = statement<[string], { value: string }>(db, 'SELECT value FROM queue_state WHERE key = ?').get(key);
  return row ? (JSON.parse(row.value) as T) : fallback;
}

function write(tx: WritableDB, key: string, value: unknown): void {
  statement(tx, 'INSERT INTO queue_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    JSON.stringify(value),
  );
}

function remove(tx: WritableDB, key: string): void {
  statement<[string]>(tx, 'DELETE FROM queue_state WHERE key = ?').run(key);
}

export const queueStateRepository: QueueStateRepository = {
  read,
  write,
  remove,
  pause: (db) => read<Pause | null>(db, 'paused', null),
  setPause: (tx, pause) => write(tx, 'paused', pause),
  clearPause: (tx) => remove(tx, 'paused'),
  lease: (db) => read<Lease | null>(db, 'runner', null),
  setLease: (tx, lease) => write(tx, 'runner', lease),
  releaseLease: (tx) => remove(tx, 'runner'),
  othersCommitCount: (db) => db.pragma('data_version', { simple: true }) as number,
};
