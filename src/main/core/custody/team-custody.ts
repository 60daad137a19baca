/**
 * The custody log across desks. Push: this desk's entries after a local watermark, to the hub's
 * custody_entries (pushing again after a crash adds nothing). Pull: colleagues' entries after
 * another watermark, each checked (its hash is that of its content) and kept in custody_imported
 * under origin 'team:<desk id>', hashes as they were, so a colleague's chain verifies here as a
 * chain. The watermark moves in the same local transaction as what it covers.
 */
import { z } from '../../../shared/zod';
import { custodyEntryHash, CUSTODY_KINDS, type CustodyEntry, type CustodySubject } from '../../../shared/custody';
import { custodyRepository } from '../store/custody/custody-repository';
import { sha256Hex } from '../store/custody/custody-functions';
import { writeTransaction, type ReadableDB, type WritableDB } from '../store/write-transaction';
import { appendInOrder, createCustodyEntriesRepository } from '../store/hub';
import type { TeamSyncRepository } from '../store/team/team-sync-repository';
import type { Logger } from '../log';
import type { HubSession } from '../team/session';

export const CUSTODY_PUSHED = 'custody.pushed-through-seq';
export const CUSTODY_PULLED = 'custody.pulled-through-seq';
export const teamCustodyOrigin = (deskId: string): string => `team:${deskId}`;

const subjectValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string()), z.array(z.number())]);
const entrySchema = z.object({
  seq: z.number().int().positive(),
  at: z.string().min(1).max(40),
  actor: z.string().min(1).max(400),
  kind: z.enum(CUSTODY_KINDS),
  action: z.string().min(1).max(40),
  subject: z.record(z.string().max(100), subjectValue),
  prevHash: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});

export interface PulledCustody {
  deskId: string;
  payload: unknown;
}

/** Keeps a colleague's entry; returns why not when it cannot be (the pull sets it aside with that). */
export function keepPulledCustody(tx: WritableDB, pulled: PulledCustody, importedAt: string): string | null {
  const parsed = entrySchema.safeParse(pulled.payload);
  if (!parsed.success) return 'a custody entry this version does not read';
  const entry: CustodyEntry = { ...parsed.data, subject: parsed.data.subject as CustodySubject };
  if (custodyEntryHash(entry, sha256Hex) !== entry.hash) return `custody entry ${entry.seq} does not match its hash`;
  custodyRepository.importEntries(tx, teamCustodyOrigin(pulled.deskId), [entry], importedAt);
  return null;
}

export interface CustodySyncDeps {
  db: ReadableDB;
  team: TeamSyncRepository;
  log: Logger;
  nowIso: () => string;
  batchSize: number;
}

export function createCustodySync(deps: CustodySyncDeps) {
  const { db, team } = deps;
  return {
    async push(session: HubSession): Promise<number> {
      let pushed = 0;
      for (;;) {
        const entries = custodyRepository.after(db, team.watermark(CUSTODY_PUSHED), deps.batchSize);
        if (entries.length === 0) return pushed;
        pushed += await appendInOrder(session.db, (tx) => createCustodyEntriesRepository(tx).push(session.deskId, entries));
        writeTransaction(db, (tx) => team.setWatermark(tx, CUSTODY_PUSHED, entries[entries.length - 1]!.seq));
      }
    },

    async pull(session: HubSession): Promise<number> {
      const hub = createCustodyEntriesRepository(session.db);
      let kept = 0;
      for (;;) {
        const pulled = await hub.since(team.watermark(CUSTODY_PULLED), deps.batchSize);
        if (pulled.length === 0) return kept;
        writeTransaction(db, (tx) => {
          for (const row of pulled) {
            if (row.deskId === session.deskId) continue;
            const refused = keepPulledCustody(tx, { deskId: row.deskId, payload: row.entry }, deps.nowIso());
            if (refused === null) kept += 1;
            else {
              team.setAside(tx, 'custody', row.seq, `A colleague's custody entry was skipped: ${refused}.`, deps.nowIso());
              deps.log.warn('team sync: a pulled custody entry was kept aside', { seq: row.seq, why: refused });
            }
          }
          team.setWatermark(tx, CUSTODY_PULLED, pulled[pulled.length - 1]!.seq);
        });
      }
    },
  };
}
