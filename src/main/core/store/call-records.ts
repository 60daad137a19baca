/**
 * What a call came to, read back for `service.*` results: its job, the response it stored, the
 * items that response brought, whether its request left. Read-only; the queue writes these rows.
 */
import type { CallItem, CallResult } from '../../../shared/contract';
import type { ReadableDB } from './database';
import { statement } from './queue/statements';

export interface CallJobRow {
  operation: CallResult['operation'];
  params: string;
  state: string;
  error_code: string | null;
  error_message: string | null;
  response_id: number | null;
}

export interface CallResponseRow {
  request_id: string;
  status: number;
  fetched_at: string;
  duration_ms: number | null;
  next_page: string | null;
  parse_warnings: string;
}

export interface CallItemRow {
  id: number;
  platform: string;
  kind: CallItem['kind'];
  native_id: string | null;
  url: string | null;
  title: string | null;
  /** The start of the item's text, for its label. */
  text: string | null;
  authorHandle: string | null;
  authorName: string | null;
}

export interface CallRecords {
  job(db: ReadableDB, jobId: number): CallJobRow | undefined;
  jobState(db: ReadableDB, jobId: number): string | undefined;
  response(db: ReadableDB, responseId: number): CallResponseRow | undefined;
  /** The items of a response, each once, in the order the response listed them. */
  itemIdsOfResponse(db: ReadableDB, responseId: number): number[];
  /** Whether the job's request left (it is in the send log). */
  wasSent(db: ReadableDB, jobId: number): boolean;
  item(db: ReadableDB, itemId: number): CallItemRow | undefined;
}

export const callRecords: CallRecords = {
  job: (db, jobId) =>
    statement<[number], CallJobRow>(
      db,
      'SELECT operation, params, state, error_code, error_message, response_id FROM jobs WHERE id = ?',
    ).get(jobId),
  jobState: (db, jobId) => statement<[number], { state: string }>(db, 'SELECT state FROM jobs WHERE id = ?').get(jobId)?.state,
  response: (db, responseId) =>
    statement<[number], CallResponseRow>(
      db,
      'SELECT request_id, status, fetched_at, duration_ms, next_page, parse_warnings FROM responses WHERE id = ?',
    ).get(responseId),
  itemIdsOfResponse: (db, responseId) =>
    statement<[number], { item_id: number }>(
      db,
      'SELECT item_id FROM item_sources WHERE response_id = ? GROUP BY item_id ORDER BY min(position)',
    )
      .all(responseId)
      .map((row) => row.item_id),
  wasSent: (db, jobId) =>
    statement<[number], { one: number }>(db, 'SELECT 1 AS one FROM send_log WHERE job_id = ? LIMIT 1').get(jobId) !== undefined,
  item: (db, itemId) =>
    statement<[number], CallItemRow>(
      db,
      'SELECT id, platform, kind, native_id, url, title, substr(text, 1, 200) AS text, author_handle AS authorHandle, author_name AS authorName FROM items WHERE id = ?',
    ).get(itemId),
};
