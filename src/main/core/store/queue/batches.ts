/** batches: what was asked together (a call, an import, a refresh), the unit progress is reported in. */
import type { BatchProgress } from '../../../../shared/queue';
import type { ReadableDB, WritableDB } from '../database';
import { JOB_WAITING, statement } from './statements';

export interface NewBatch {
  kind: BatchProgress['kind'];
  label: string;
  collection: string | null;
  createdAt: string;
  ticket: string | null;
}

export interface BatchRow {
  label: string;
  kind: BatchProgress['kind'];
  collection: string | null;
}

export interface BatchRepository {
  insert(tx: WritableDB, batch: NewBatch): number;
  get(db: ReadableDB, batchId: number): BatchRow | undefined;
  /** The batch and first job of the call made with this ticket. */
  callOfTicket(db: ReadableDB, ticket: string): { batchId: number; jobId: number } | undefined;
  /** Batches with jobs still waiting, oldest first. */
  unfinishedIds(db: ReadableDB, limit: number): number[];
}

export const batchRepository: BatchRepository = {
  insert: (tx, b) =>
    Number(
      statement(tx, 'INSERT INTO batches (kind, label, collection, created_at, ticket) VALUES (?, ?, ?, ?, ?)').run(
        b.kind,
        b.label,
        b.collection,
        b.createdAt,
        b.ticket,
      ).lastInsertRowid,
    ),
  get: (db, batchId) => statement<[number], BatchRow>(db, 'SELECT label, kind, collection FROM batches WHERE id = ?').get(batchId),
  callOfTicket: (db, ticket) =>
    statement<[string], { batchId: number; jobId: number }>(
      db,
      'SELECT b.id AS batchId, min(j.id) AS jobId FROM batches b JOIN jobs j ON j.batch_id = b.id WHERE b.ticket = ? GROUP BY b.id',
    ).get(ticket),
  unfinishedIds: (db, limit) =>
    statement<[number], number>(db, `SELECT DISTINCT batch_id FROM jobs WHERE ${JOB_WAITING} ORDER BY batch_id LIMIT ?`).pluck().all(limit),
};
