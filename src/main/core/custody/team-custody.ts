/**
 * Colleagues' custody entries, pulled from the team hub's change log: each is checked (its hash is
 * that of its content) and kept in custody_imported under origin 'team:<desk id>', hashes as they
 * were, so a colleague's chain can be verified here as a chain. This desk's own come back too and
 * are skipped: they are in its log already.
 */
import { z } from '../../../shared/zod';
import { custodyEntryHash, CUSTODY_KINDS, type CustodyEntry, type CustodySubject } from '../../../shared/custody';
import { custodyRepository } from '../store/custody/custody-repository';
import { sha256Hex } from '../store/custody/custody-functions';
import type { WritableDB } from '../store/write-transaction';

export const TEAM_CUSTODY_ENTITY = 'custody';
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
