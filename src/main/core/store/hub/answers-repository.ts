/**
 * The hub's answers: pushed by the desk that received them, pulled by every other desk in `seq`
 * order. A body is stored once however many answers share it; pushing an answer twice changes
 * nothing (a desk killed mid-push pushes again).
 */
import { createHash } from 'node:crypto';
import type { HubQueryable } from './hub-db';

export interface HubAnswer {
  requestId: string;
  operation: string;
  params: Record<string, string>;
  requestUrl: string;
  status: number;
  fetchedAt: string;
  durationMs: number | null;
  nextPage: Record<string, string> | null;
  body: string;
  /** Demo data, invented by Gleaner's demo service. */
  demo: boolean;
}

export interface PulledAnswer extends Omit<HubAnswer, 'demo'> {
  /** Null for a row pushed without the flag (migration 0009 says how it is judged). */
  demo: boolean | null;
  seq: number;
  bodySha256: string;
  /** The desk that received it. */
  member: string;
}

interface AnswerRow {
  seq: string;
  request_id: string;
  body_sha256: string;
  operation: string;
  params: Record<string, string>;
  request_url: string;
  status: number;
  fetched_at: Date;
  duration_ms: number | null;
  next_page: Record<string, string> | null;
  member: string;
  body: string;
  demo: boolean | null;
}

const SELECT_ANSWERS = `SELECT a.seq, a.request_id, a.body_sha256, a.operation, a.params, a.request_url, a.status, a.fetched_at,
         a.duration_ms, a.next_page, a.member, b.body, a.demo
    FROM answers a JOIN answer_bodies b ON b.sha256 = a.body_sha256`;

const toPulled = (row: AnswerRow): PulledAnswer => ({
  seq: Number(row.seq),
  requestId: row.request_id,
  bodySha256: row.body_sha256,
  operation: row.operation,
  params: row.params,
  requestUrl: row.request_url,
  status: row.status,
  fetchedAt: row.fetched_at.toISOString(),
  durationMs: row.duration_ms,
  nextPage: row.next_page,
  member: row.member,
  body: row.body,
  demo: row.demo,
});

export const sha256Hex = (body: string): string => createHash('sha256').update(body, 'utf8').digest('hex');

export function createAnswersRepository(db: HubQueryable) {
  return {
    /** Stores the answer unless the hub has it; returns its seq either way. */
    async push(deskId: string, answer: HubAnswer): Promise<{ seq: number; bodySha256: string; added: boolean }> {
      const bodySha256 = sha256Hex(answer.body);
      await db.rows('INSERT INTO answer_bodies (sha256, body) VALUES ($1, $2) ON CONFLICT (sha256) DO NOTHING', [bodySha256, answer.body]);
      const inserted = await db.rows<{ seq: string }>(
        `INSERT INTO answers (request_id, body_sha256, operation, params, request_url, status, fetched_at, duration_ms, next_page, member, demo)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (request_id, body_sha256) DO NOTHING RETURNING seq`,
        [
          answer.requestId,
          bodySha256,
          answer.operation,
          JSON.stringify(answer.params),
          answer.requestUrl,
          answer.status,
          answer.fetchedAt,
          answer.durationMs,
          answer.nextPage === null ? null : JSON.stringify(answer.nextPage),
          deskId,
          answer.demo,
        ],
      );
      if (inserted[0]) return { seq: Number(inserted[0].seq), bodySha256, added: true };
      const existing = await db.rows<{ seq: string }>('SELECT seq FROM answers WHERE request_id = $1 AND body_sha256 = $2', [
        answer.requestId,
        bodySha256,
      ]);
      return { seq: Number(existing[0]?.seq ?? 0), bodySha256, added: false };
    },

    /** Answers after `afterSeq`, oldest first, at most `limit`. */
    async since(afterSeq: number, limit: number): Promise<PulledAnswer[]> {
      const rows = await db.rows<AnswerRow>(`${SELECT_ANSWERS} WHERE a.seq > $1 ORDER BY a.seq LIMIT $2`, [afterSeq, limit]);
      return rows.map(toPulled);
    },

    /** One answer by request id (the newest body if a request id was reused), or null. */
    async byRequestId(requestId: string): Promise<PulledAnswer | null> {
      const rows = await db.rows<AnswerRow>(`${SELECT_ANSWERS} WHERE a.request_id = $1 ORDER BY a.seq DESC LIMIT 1`, [requestId]);
      return rows[0] ? toPulled(rows[0]) : null;
    },

    async count(): Promise<number> {
      const rows = await db.rows<{ n: string }>('SELECT count(*) AS n FROM answers');
      return Number(rows[0]?.n ?? 0);
    },
  };
}
