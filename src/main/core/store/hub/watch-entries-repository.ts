/** The hub's copy of every desk's watch log and the claims on watches' due slots (hub migrations 0007 and 0008). */
import { createDeskLog, type PulledDeskEntry } from './desk-log';
import type { HubQueryable } from './hub-db';
import { WATCH_INTERVAL_MS } from '../../../../shared/watch';

/** How long a claim is kept after its lease: the longest watch interval. */
const CLAIMS_KEPT_SECONDS = Math.max(...Object.values(WATCH_INTERVAL_MS)) / 1000;

export type PulledWatchEntry = PulledDeskEntry;

/** An entry pulled before, asked for again, with the seq of the last entry about the same watch up to the pull's watermark. */
export interface RevisitedWatchEntry extends PulledDeskEntry {
  latestForWatch: number | null;
}

/** A watch's due slot: its global id and the due time desks agree on. */
export interface DueSlot {
  gid: string;
  dueAt: string;
}

/** What a desk may do with a due slot: run it (its claim), leave it to the desk running it, or skip it (already run). */
export type SlotVerdict = 'mine' | 'taken' | 'done';

export function createWatchEntriesRepository(db: HubQueryable) {
  /**
   * The hub's upkeep of claims, done with each claim: a slot is asked about by desks due at it,
   * at the latest one interval after it was due (a desk later than that runs once now whatever
   * the claim says), so a claim whose lease ended longer ago than the longest interval is deleted.
   */
  const forgetOldClaims = async (): Promise<void> => {
    await db.rows('DELETE FROM watch_claims WHERE claimed_until < now() - make_interval(secs => $1)', [CLAIMS_KEPT_SECONDS]);
  };
  return {
    ...createDeskLog(db, 'watch_entries', 'entry'),

    /** These entries again (a pull set them aside); a change carries no watch id, so its latest is null. */
    async revisit(seqs: readonly number[], throughSeq: number): Promise<RevisitedWatchEntry[]> {
      if (seqs.length === 0) return [];
      const rows = await db.rows<{ seq: string; member: string; entry: unknown; latest: string | null }>(
        `SELECT w.seq, w.member, w.entry,
                (SELECT max(l.seq) FROM watch_entries l WHERE l.entry ->> 'gid' = w.entry ->> 'gid' AND l.seq <= $2) AS latest
           FROM watch_entries w WHERE w.seq = ANY($1::bigint[]) ORDER BY w.seq`,
        [seqs, throughSeq],
      );
      return rows.map((row) => ({
        seq: Number(row.seq),
        deskId: row.member,
        entry: row.entry,
        latestForWatch: row.latest === null ? null : Number(row.latest),
      }));
    },

    /**
     * Claims each slot for this desk for `leaseSeconds`, atomically: a slot nobody holds, or whose
     * claim lapsed unfinished, becomes this desk's; one done or held by a live claim does not.
     */
    async claim(deskId: string, slots: readonly DueSlot[], leaseSeconds: number): Promise<Map<string, SlotVerdict>> {
      const verdicts = new Map<string, SlotVerdict>();
      if (slots.length === 0) return verdicts;
      await forgetOldClaims();
      const won = await db.rows<{ watch_gid: string }>(
        `INSERT INTO watch_claims (watch_gid, due_at, member, claimed_until)
         SELECT s.value ->> 'gid', s.value ->> 'dueAt', $1, now() + make_interval(secs => $3)
           FROM jsonb_array_elements($2::jsonb) AS s
         ON CONFLICT (watch_gid, due_at) DO UPDATE SET member = excluded.member, claimed_until = excluded.claimed_until
          WHERE NOT watch_claims.done AND (watch_claims.claimed_until < now() OR watch_claims.member = excluded.member)
         RETURNING watch_gid`,
        [deskId, JSON.stringify(slots), leaseSeconds],
      );
      const mine = new Set(won.map((row) => row.watch_gid));
      const done = await db.rows<{ watch_gid: string }>(
        `SELECT c.watch_gid FROM watch_claims c JOIN jsonb_array_elements($1::jsonb) AS s
             ON c.watch_gid = s.value ->> 'gid' AND c.due_at = s.value ->> 'dueAt'
          WHERE c.done`,
        [JSON.stringify(slots)],
      );
      const finished = new Set(done.map((row) => row.watch_gid));
      for (const slot of slots) verdicts.set(slot.gid, mine.has(slot.gid) ? 'mine' : finished.has(slot.gid) ? 'done' : 'taken');
      return verdicts;
    },

    /** The slots this desk queued: done, so other desks skip them. */
    async markDone(deskId: string, slots: readonly DueSlot[]): Promise<void> {
      if (slots.length === 0) return;
      await db.rows(
        `UPDATE watch_claims c SET done = true FROM jsonb_array_elements($2::jsonb) AS s
          WHERE c.watch_gid = s.value ->> 'gid' AND c.due_at = s.value ->> 'dueAt' AND c.member = $1`,
        [deskId, JSON.stringify(slots)],
      );
    },
  };
}
