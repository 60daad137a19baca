/**
 * The custody part of `bundle verify`: every entry's hash is recomputed from its content, the
 * chain skeleton runs 1, 2, 3 … with each link naming the hash before it, and each entry sits
 * in the skeleton where its seq says. So an entry altered, removed or moved is named. Entries
 * brought in from earlier bundles are checked per origin the same way, as far as a bundle
 * carries them: a chain forked or reordered there is named too.
 */
import { createHash } from 'node:crypto';
import { custodyEntryHash, GENESIS_HASH, type CustodyEntry } from '../../../shared/custody';
import { z } from '../../../shared/zod';
import { JsonTextError, parseJson } from './json-text';

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

/** The custody file parsed, or why not; `maxDepth` bounds its nesting before it is parsed. */
export function readCustodyFile(data: Buffer, maxDepth: number): { custody: CustodyFile } | { problem: string } {
  let raw: unknown;
  try {
    raw = parseJson(data, maxDepth);
  } catch (error) {
    if (error instanceof JsonTextError) return { problem: `custody.json cannot be read: ${error.message}` };
    throw error;
  }
  const parsed = custodySchema.safeParse(raw);
  return parsed.success ? { custody: parsed.data } : { problem: 'custody.json is not a custody record (entries and skeleton)' };
}

/** "entries 4 and 5": the entries a problem is about, a few named. */
const entriesNamed = (seqs: readonly number[]): string =>
  seqs.length === 1 ? `entry ${seqs[0]}` : `entries ${seqs.slice(0, -1).join(', ')} and ${seqs[seqs.length - 1]}`;

/**
 * One origin's entries as a bundle carries them: only those about its items, so seqs may skip,
 * but they run upwards, no two share a seq or a predecessor, each names the hash of the entry
 * before it when that one is there too, and none names as its predecessor an entry that is not
 * the one before it. A chain forked or reordered anywhere is named.
 */
function checkOrigin(origin: string, entries: readonly CustodyFile['entries'][number][], problems: string[]): void {
  const from = `from ${origin}`;
  const bySeq = new Map<number, number[]>();
  const byPrev = new Map<string, number[]>();
  const seqOfHash = new Map<string, number>();
  let previous: { seq: number; hash: string } | null = null;
  for (const item of entries) {
    if (entryHash(item) !== item.hash) problems.push(`custody entry ${item.seq} ${from}: its hash does not match its content`);
    if (previous && item.seq < previous.seq)
      problems.push(`custody entry ${item.seq} ${from} is out of order (after entry ${previous.seq})`);
    if (previous && item.seq === previous.seq + 1 && item.prevHash !== previous.hash)
      problems.push(`the custody chain ${from} breaks at entry ${item.seq}`);
    bySeq.set(item.seq, [...(bySeq.get(item.seq) ?? []), item.seq]);
    byPrev.set(item.prevHash, [...(byPrev.get(item.prevHash) ?? []), item.seq]);
    if (!seqOfHash.has(item.hash)) seqOfHash.set(item.hash, item.seq);
    previous = item;
  }
  for (const [seq, same] of bySeq)
    if (same.length > 1) problems.push(`the custody chain ${from} forks: ${same.length} entries claim seq ${seq}`);
  for (const [, seqs] of byPrev)
    if (seqs.length > 1) problems.push(`the custody chain ${from} forks: ${entriesNamed(seqs)} claim the same entry before them`);
  for (const item of entries) {
    const before = seqOfHash.get(item.prevHash);
    if (before !== undefined && before !== item.seq - 1)
      problems.push(`custody entry ${item.seq} ${from} names entry ${before} as the one before it`);
  }
}

export function checkCustody(custody: CustodyFile): { problems: string[]; entries: number } {
  const parsed = custody;
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
  // Groups of one origin are one chain, however the file splits them.
  const byOrigin = new Map<string, CustodyFile['entries']>();
  for (const group of parsed.imported) byOrigin.set(group.origin, [...(byOrigin.get(group.origin) ?? []), ...group.entries]);
  for (const [origin, entries] of byOrigin) checkOrigin(origin, entries, problems);
  return { problems, entries: parsed.entries.length + parsed.imported.reduce((sum, origin) => sum + origin.entries.length, 0) };
}
