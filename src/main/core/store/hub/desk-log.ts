/**
 * A per-desk log on the hub (custody entries, the watch log): each desk pushes its entries by
 * their own seq, once; every desk pulls everyone's in the hub's `seq` order. The tables share
 * their shape (seq, member, entry_seq, entry), made by hub migrations 6 and 7.
 */
import type { HubQueryable } from './hub-db';

export interface PulledDeskEntry {
  seq: number;
  /** The desk that logged it. */
  deskId: string;
  entry: unknown;
}

/** `entryField`: the entry is that field of each pushed object; without it, the whole object. */
export function createDeskLog(db: HubQueryable, table: 'custody_entries' | 'watch_entries', entryField?: 'entry') {
  const entry = entryField ? `e.value -> '${entryField}'` : 'e.value';
  return {
    /** Adds the entries the hub does not have yet (by desk and entry seq); says how many were new. */
    async push(deskId: string, entries: readonly { seq: number }[]): Promise<number> {
      if (entries.length === 0) return 0;
      const rows = await db.rows<{ seq: string }>(
        `INSERT INTO ${table} (member, entry_seq, entry)
         SELECT $1, (e.value ->> 'seq')::bigint, ${entry} FROM jsonb_array_elements($2::jsonb) AS e
          ORDER BY (e.value ->> 'seq')::bigint
         ON CONFLICT (member, entry_seq) DO NOTHING RETURNING seq`,
        [deskId, JSON.stringify(entries)],
      );
      return rows.length;
    },

    /** Entries after `afterSeq`, oldest first, at most `limit`. */
    async since(afterSeq: number, limit: number): Promise<PulledDeskEntry[]> {
      const rows = await db.rows<{ seq: string; member: string; entry: unknown }>(
        `SELECT seq, member, entry FROM ${table} WHERE seq > $1 ORDER BY seq LIMIT $2`,
        [afterSeq, limit],
      );
      return rows.map((row) => ({ seq: Number(row.seq), deskId: row.member, entry: row.entry }));
    },
  };
}
