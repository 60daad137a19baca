/**
 * The hub's change log: what people write, one row per change, read by every desk in `seq` order.
 * Keys and payloads are JSON the sync part defines (team/sync/change.ts); the hub keeps them as
 * they came. Appends (changes and answers alike) go through `appendInOrder`, so that the order
 * desks read in is the order appends committed.
 */
import type { HubDB, HubQueryable } from './hub-db';

/** A constant key for pg_advisory_xact_lock: "gleaner hub append". */
const APPEND_LOCK = 0x676c6170;

export interface ChangeToPush {
  /** The desk's own id for it (its outbox row): with the desk id, what makes a push idempotent. */
  localId: number;
  at: string;
  entity: string;
  op: string;
  key: unknown;
  payload: unknown;
}

/** A change as the hub hands it out: as it was pushed, with its place in the log and who made it. */
export interface PulledChange extends ChangeToPush {
  seq: number;
  deskId: string;
  memberName: string;
}

interface ChangeRow {
  seq: string;
  member: string;
  name: string;
  local_id: string;
  at: Date;
  entity: string;
  op: string;
  key: unknown;
  payload: unknown;
}

/**
 * Runs `fn` in one hub transaction holding the append lock. A bigserial is drawn when a row is
 * inserted, not when it commits: without the lock a desk could read seq 11 before seq 10
 * committed, and never see 10.
 */
export async function appendInOrder<R>(db: HubDB, fn: (tx: HubQueryable) => Promise<R>): Promise<R> {
  return db.transaction(async (tx) => {
    await tx.rows('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK]);
    return fn(tx);
  });
}

export function createChangesRepository(db: HubQueryable) {
  return {
    /** Adds the changes the hub does not have yet (by desk and local id); says how many were new. */
    async push(deskId: string, changes: readonly ChangeToPush[]): Promise<number> {
      if (changes.length === 0) return 0;
      const rows = await db.rows<{ seq: string }>(
        `INSERT INTO changes (member, local_id, at, entity, op, key, payload)
         SELECT $1, c.local_id, c.at, c.entity, c.op, c.key, c.payload
           FROM jsonb_to_recordset($2::jsonb) AS c(local_id bigint, at timestamptz, entity text, op text, key jsonb, payload jsonb)
          ORDER BY c.local_id
         ON CONFLICT (member, local_id) DO NOTHING RETURNING seq`,
        [
          deskId,
          JSON.stringify(
            changes.map((c) => ({ local_id: c.localId, at: c.at, entity: c.entity, op: c.op, key: c.key, payload: c.payload })),
          ),
        ],
      );
      return rows.length;
    },

    /** Changes after `afterSeq`, oldest first, at most `limit`, each with its member's name. */
    async since(afterSeq: number, limit: number): Promise<PulledChange[]> {
      const rows = await db.rows<ChangeRow>(
        `SELECT c.seq, c.member, m.name, c.local_id, c.at, c.entity, c.op, c.key, c.payload
           FROM changes c JOIN members m ON m.desk_id = c.member
          WHERE c.seq > $1 ORDER BY c.seq LIMIT $2`,
        [afterSeq, limit],
      );
      return rows.map((row) => ({
        seq: Number(row.seq),
        deskId: row.member,
        memberName: row.name,
        localId: Number(row.local_id),
        at: row.at.toISOString(),
        entity: row.entity,
        op: row.op,
        key: row.key,
        payload: row.payload,
      }));
    },

    async lastSeq(): Promise<number> {
      const rows = await db.rows<{ seq: string | null }>('SELECT max(seq) AS seq FROM changes');
      return Number(rows[0]?.seq ?? 0);
    },
  };
}
