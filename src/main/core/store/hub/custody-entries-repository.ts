/** The hub's copy of every desk's custody entries (hub migration 0005), pushed by each desk, pulled by the others in `seq` order. */
import type { HubQueryable } from './hub-db';

export interface PulledCustodyEntry {
  seq: number;
  /** The desk that logged it. */
  deskId: string;
  entry: unknown;
}

export function createCustodyEntriesRepository(db: HubQueryable) {
  return {
    /** Adds the entries the hub does not have yet (by desk and entry seq); says how many were new. */
    async push(deskId: string, entries: readonly { seq: number }[]): Promise<number> {
      if (entries.length === 0) return 0;
      const rows = await db.rows<{ seq: string }>(
        `INSERT INTO custody_entries (member, entry_seq, entry)
         SELECT $1, (e.value ->> 'seq')::bigint, e.value FROM jsonb_array_elements($2::jsonb) AS e
          ORDER BY (e.value ->> 'seq')::bigint
         ON CONFLICT (member, entry_seq) DO NOTHING RETURNING seq`,
        [deskId, JSON.stringify(entries)],
      );
      return rows.length;
    },

    /** Entries after `afterSeq`, oldest first, at most `limit`. */
    async since(afterSeq: number, limit: number): Promise<PulledCustodyEntry[]> {
      const rows = await db.rows<{ seq: string; member: string; entry: unknown }>(
        'SELECT seq, member, entry FROM custody_entries WHERE seq > $1 ORDER BY seq LIMIT $2',
        [afterSeq, limit],
      );
      return rows.map((row) => ({ seq: Number(row.seq), deskId: row.member, entry: row.entry }));
    },
  };
}
