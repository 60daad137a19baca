/**
 * The questions claimed on the hub (see quota-repository for how a claim is taken with its
 * grant): a claim's lease renewed while its request is in flight, released when it fails, and
 * answered together with the answer's push, so a colleague never finds a question answered by
 * an answer the hub does not have.
 */
import { createHash } from 'node:crypto';
import { createAnswersRepository, type HubAnswer } from './answers-repository';
import type { HubDB } from './hub-db';
import { SETTLE_GRANT } from './quota-repository';

/** The question's key: the operation and its canonical parameters (the job's params string), hashed. */
export const questionKey = (operation: string, canonicalParams: string): string =>
  createHash('sha256').update(`${operation}\n${canonicalParams}`, 'utf8').digest('hex');

const at = (value: number | null): Date | null => (value === null ? null : new Date(value));

export function createRequestsRepository(db: HubDB) {
  return {
    /** Keeps this desk's claim alive; false when it is no longer this desk's (expired and taken). */
    async renew(key: string, deskId: string, leaseMs: number, now: number | null): Promise<boolean> {
      const rows = await db.rows(
        `UPDATE requests SET lease_until = coalesce($4::timestamptz, clock_timestamp()) + ($3 * interval '1 millisecond')
          WHERE key = $1 AND claimed_by = $2 AND state = 'claimed' RETURNING key`,
        [key, deskId, leaseMs, at(now)],
      );
      return rows.length > 0;
    },

    /** The request failed: the question is open again for whoever asks next. */
    async release(key: string, deskId: string): Promise<void> {
      await db.rows("DELETE FROM requests WHERE key = $1 AND claimed_by = $2 AND state = 'claimed'", [key, deskId]);
    },

    /**
     * In one transaction: the answer pushed (idempotent), the question marked answered by it,
     * and its grant settled (see quota-repository).
     */
    async answer(input: { key: string; deskId: string; answer: HubAnswer; grantId: number | null; now: number | null }): Promise<void> {
      await db.transaction(async (tx) => {
        await createAnswersRepository(tx).push(input.deskId, input.answer);
        await tx.rows(
          `INSERT INTO requests (key, operation, state, claimed_by, claimed_at, lease_until, request_id, answered_at)
           VALUES ($1, $2, 'answered', $3, coalesce($5::timestamptz, clock_timestamp()), coalesce($5::timestamptz, clock_timestamp()), $4,
                   coalesce($5::timestamptz, clock_timestamp()))
           ON CONFLICT (key) DO UPDATE SET state = 'answered', claimed_by = EXCLUDED.claimed_by, request_id = EXCLUDED.request_id,
             answered_at = EXCLUDED.answered_at`,
          [input.key, input.answer.operation, input.deskId, input.answer.requestId, at(input.now)],
        );
        if (input.grantId !== null) {
          await tx.rows(SETTLE_GRANT, [input.grantId, at(input.now)]);
        }
      });
    },
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
