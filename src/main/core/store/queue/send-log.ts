/**
 * send_log: one row per request that left, at the time it counts from (see moveTo), with its
 * outcome. The budget's windows are read from it, so they outlive the process that sent.
 */
import type { ReadableDB, WritableDB } from '../database';
import { statement } from './statements';

export interface SendLogRepository {
  /** Records a send before the request leaves; returns its id. */
  add(tx: WritableDB, sentAt: number, jobId: number): number;
  setOutcome(tx: WritableDB, sendId: number, outcome: string): void;
  /** Moves a send to the moment its answer came back (see budget.ts). */
  moveTo(tx: WritableDB, sendId: number, at: number): void;
  remove(tx: WritableDB, sendId: number): void;
  /** Send times after `since`, ascending. */
  timesSince(db: ReadableDB, since: number): number[];
}

export const sendLogRepository: SendLogRepository = {
  add: (tx, sentAt, jobId) =>
    Number(statement(tx, 'INSERT INTO send_log (sent_at, job_id) VALUES (?, ?)').run(sentAt, jobId).lastInsertRowid),
  setOutcome: (tx, sendId, outcome) => void statement(tx, 'UPDATE send_log SET outcome = ? WHERE id = ?').run(outcome, sendId),
  moveTo: (tx, sendId, at) => void statement<[number, number]>(tx, 'UPDATE send_log SET sent_at = ? WHERE id = ?').run(at, sendId),
  remove: (tx, sendId) => void statement<[number]>(tx, 'DELETE FROM send_log WHERE id = ?').run(sendId),
  timesSince: (db, since) =>
    statement<[number], { sent_at: number }>(db, 'SELECT sent_at FROM send_log WHERE sent_at > ? ORDER BY sent_at')
      .all(since)
      .map((row) => row.sent_at),
};
