/**
 * Answers pushed and pulled in bulk by the sync part: a first sync of a large library sends
 * thousands, and one round trip per answer would dominate. Same tables and the same idempotence
 * as answers-repository (each body once by SHA-256, each answer once); run inside
 * `appendInOrder` so desks pulling by `seq` never skip one.
 */
import { sha256Hex, type HubAnswer } from './answers-repository';
import type { HubQueryable } from './hub-db';

export function createSyncAnswersRepository(db: HubQueryable) {
  return {
    /** Adds the answers the hub does not have; says how many were new. */
    async pushMany(deskId: string, answers: readonly HubAnswer[]): Promise<number> {
      if (answers.length === 0) return 0;
      const rows = answers.map((a) => ({
        sha256: sha256Hex(a.body),
        body: a.body,
        request_id: a.requestId,
        operation: a.operation,
        params: a.params,
        request_url: a.requestUrl,
        status: a.status,
        fetched_at: a.fetchedAt,
        duration_ms: a.durationMs,
        next_page: a.nextPage,
        demo: a.demo,
      }));
      const json = JSON.stringify(rows);
      await db.rows(
        `INSERT INTO answer_bodies (sha256, body)
         SELECT r.sha256, r.body FROM jsonb_to_recordset($1::jsonb) AS r(sha256 text, body text)
         ON CONFLICT (sha256) DO NOTHING`,
        [json],
      );
      const added = await db.rows<{ seq: string }>(
        `INSERT INTO answers (request_id, body_sha256, operation, params, request_url, status, fetched_at, duration_ms, next_page, member, demo)
         SELECT r.request_id, r.sha256, r.operation, r.params, r.request_url, r.status, r.fetched_at, r.duration_ms, r.next_page, $2, r.demo
           FROM jsonb_to_recordset($1::jsonb) AS r(sha256 text, request_id text, operation text, params jsonb, request_url text,
                status integer, fetched_at timestamptz, duration_ms integer, next_page jsonb, demo boolean)
         ON CONFLICT (request_id, body_sha256) DO NOTHING RETURNING seq`,
        [json, deskId],
      );
      return added.length;
    },
  };
}
