/**
 * The team's token refused on a desk: when, and which desk saw it. Nothing of the token (no part,
 * no hash) is ever written: the other desks only need to know that it changed and when.
 */
import type { HubDB } from './hub-db';

/** The channel the desks LISTEN on for token events; the payload is the event's id. */
export const TOKEN_CHANNEL = 'gleaner_token';

export interface TokenEvent {
  id: number;
  at: string;
  deskId: string;
  memberName: string;
}

export function createTokenEventsRepository(db: HubDB) {
  return {
    /** Records the refusal and tells every listening desk, in one transaction (NOTIFY is sent on commit). */
    async record(deskId: string, now: number | null): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx.rows<{ id: string }>(
          'INSERT INTO token_events (member, at) VALUES ($1, coalesce($2::timestamptz, clock_timestamp())) RETURNING id',
          [deskId, now === null ? null : new Date(now)],
        );
        const id = Number(rows[0]!.id);
        await tx.rows('SELECT pg_notify($1, $2)', [TOKEN_CHANNEL, String(id)]);
        return id;
      });
    },

    async byId(id: number): Promise<TokenEvent | null> {
      const rows = await db.rows<{ id: string; at: Date; member: string; name: string | null }>(
        'SELECT e.id, e.at, e.member, m.name FROM token_events e LEFT JOIN members m ON m.desk_id = e.member WHERE e.id = $1',
        [id],
      );
      const row = rows[0];
      return row ? { id: Number(row.id), at: row.at.toISOString(), deskId: row.member, memberName: row.name ?? 'a colleague' } : null;
    },
  };
}
