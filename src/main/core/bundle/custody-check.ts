/**
 * The custody part of `bundle verify`: every entry's hash is recomputed from its content, the
 * chain skeleton runs 1, 2, 3 … with each link naming the hash before it, and each entry sits
 * in the skeleton where its seq says. So an entry altered, removed or moved is named.
 */
import { createHash } from 'node:crypto';
import { custodyEntryHash, GENESIS_HASH, type CustodyEntry } from '../../../shared/custody';
import { z } from '../../../shared/zod';

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const entryHash = (entry: {
  seq: number;
  at: string;
  actor: string;
  kind: string;
  action: string;
  subject: unknown;
  prevHash: string;
}): string => custodyEntryHash(entry as Omit<CustodyEntry, 'hash'>, sha256Hex);

const hash = z.string().regex(/^[0-9a-f]{64}$/);
const link = z.object({ seq: z.number().int().positive(), prevHash: hash, hash });
const entry = link.extend({
  at: z.string(),
  actor: z.string(),
  kind: z.string(),
  action: z.string(),
  subject: z.record(z.string(), z.unknown()),
});
export const custodySchema = z.object({
  entries: z.array(entry),
  skeleton: z.array(link),
  imported: z.array(z.object({ origin: z.string(), entries: z.array(entry) })).default([]),
});
export type CustodyFile = z.infer<typeof custodySchema>;

export function checkCustody(text: string | null): { problems: string[]; entries: number } {
  if (text === null) return { problems: ['custody.json is missing'], entries: 0 };
  let parsed: CustodyFile;
  try {
    parsed = custodySchema.parse(JSON.parse(text));
  } catch {
    return { problems: ['custody.json is not a custody record (entries and skeleton)'], entries: 0 };
  }
  const problems: string[] = [];
  parsed.skeleton.forEach((linkAt, index) => {
    if (linkAt.seq !== index + 1)
      problems.push(`the custody chain skeleton skips or reorders entries at position ${index + 1} (it holds seq ${linkAt.seq})`);
    const before = index === 0 ? GENESIS_HASH : parsed.skeleton[index - 1]!.hash;
    if (linkAt.prevHash !== before)
      problems.push(`the custody chain breaks at entry ${linkAt.seq}: its prevHash is not the hash of the entry before`);
  });
  let lastSeq = 0;
  for (const item of parsed.entries) {
    if (entryHash(item) !== item.hash) problems.push(`custody entry ${item.seq}: its hash does not match its content`);
    if (item.seq <= lastSeq) problems.push(`custody entry ${item.seq} is out of order (after entry ${lastSeq})`);
    lastSeq = Math.max(lastSeq, item.seq);
    const inSkeleton = parsed.skeleton[item.seq - 1];
    if (!inSkeleton || inSkeleton.seq !== item.seq || inSkeleton.hash !== item.hash || inSkeleton.prevHash !== item.prevHash) {
      problems.push(`custody entry ${item.seq} is not where the chain skeleton puts it`);
    }
  }
  for (const origin of parsed.imported) {
    let previous: { seq: number; hash: string } | null = null;
    for (const item of origin.entries) {
      if (entryHash(item) !== item.hash)
        problems.push(`custody entry ${item.seq} from ${origin.origin}: its hash does not match its content`);
      if (previous && item.seq === previous.seq + 1 && item.prevHash !== previous.hash) {
        problems.push(`the custody chain from ${origin.origin} breaks at entry ${item.seq}`);
      }
      previous = item;
    }
  }
  return { problems, entries: parsed.entries.length + parsed.imported.reduce((sum, origin) => sum + origin.entries.length, 0) };
}
