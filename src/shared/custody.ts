/**
 * The custody log (issue 31): an append-only chain of what happened to a library's evidence —
 * every fetch, every change people make, every export — each entry carrying the hash of the one
 * before, so a removed, reordered or edited entry breaks the chain. Pure: the SHA-256 function is
 * passed in (node:crypto in the core), so a bundle verifier can run this code anywhere.
 */

export const CUSTODY_KINDS = ['log-started', 'fetch', 'collection', 'note', 'tag', 'watch', 'export', 'bundle-import'] as const;
export type CustodyKind = (typeof CUSTODY_KINDS)[number];

export type CustodySubjectValue = string | number | boolean | null | string[] | number[];
export type CustodySubject = Record<string, CustodySubjectValue>;

export interface CustodyEntry {
  /** 1, 2, 3 … in this library's chain. */
  seq: number;
  /** ISO UTC. */
  at: string;
  /** The desk id, or "member@desk" with the team library. */
  actor: string;
  kind: CustodyKind;
  /** 'fetched', 'created', 'renamed', 'added', 'set', 'removed', 'exported', 'imported', … */
  action: string;
  /** Canonical fields naming what the entry is about; never a secret. */
  subject: CustodySubject;
  /** The hash of entry seq - 1; GENESIS_HASH for seq 1. */
  prevHash: string;
  /** SHA-256 hex of custodyHashInput(entry). */
  hash: string;
}

/** The chain's links without the entries' content: what a bundle carries to show nothing was left out. */
export interface CustodyLink {
  seq: number;
  prevHash: string;
  hash: string;
}

export type Sha256Hex = (text: string) => string;

/** What entry 1 points back to. */
export const GENESIS_HASH = '0'.repeat(64);

/** The number of hex digits of a hash the window shows (the whole hash is in the log and bundles). */
export const CUSTODY_HASH_PREFIX = 12;

/**
 * JSON with object keys sorted (by UTF-16 code units, as Array.prototype.sort does), no spaces,
 * arrays in order: the same value always gives the same text, whoever wrote it. Undefined members
 * are left out as JSON.stringify does; non-finite numbers are refused (they have no JSON form).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonicalJson: a number that is not finite has no JSON form');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((member) => (member === undefined ? 'null' : canonicalJson(member))).join(',')}]`;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const members = Object.keys(object)
      .filter((key) => object[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`canonicalJson: a ${typeof value} has no JSON form`);
}

/** The text an entry's hash is taken of: every field but the hash itself. */
export function custodyHashInput(entry: Omit<CustodyEntry, 'hash'>): string {
  const { seq, at, actor, kind, action, subject, prevHash } = entry;
  return canonicalJson({ seq, at, actor, kind, action, subject, prevHash });
}

export function custodyEntryHash(entry: Omit<CustodyEntry, 'hash'>, sha256: Sha256Hex): string {
  return sha256(custodyHashInput(entry));
}

/**
 * The first seq at which the chain does not hold, or null when it does: seqs run on by one, each
 * entry points at the hash of the one before, and each hash is that of the entry's content.
 * A chain starts at seq 1 from GENESIS_HASH unless `after` names the link it continues from
 * (incremental checks, and excerpts whose earlier links were checked as a skeleton).
 */
export function verifyChain(entries: readonly CustodyEntry[], sha256: Sha256Hex, after?: CustodyLink | null): number | null {
  const broken = verifyLinks(entries, after);
  const firstBadHash = entries.find((entry) => entry.hash !== custodyEntryHash(entry, sha256));
  if (firstBadHash === undefined) return broken;
  return broken === null ? firstBadHash.seq : Math.min(broken, firstBadHash.seq);
}

/**
 * The same check over links only (no content, so hashes are not recomputed): the first seq that
 * does not follow from the one before, or null. A dropped or reordered entry shows here.
 */
export function verifyLinks(links: readonly CustodyLink[], after?: CustodyLink | null): number | null {
  let expectedSeq = after ? after.seq + 1 : 1;
  let expectedPrev = after ? after.hash : GENESIS_HASH;
  for (const link of links) {
    if (link.seq !== expectedSeq || link.prevHash !== expectedPrev) return Math.min(link.seq, expectedSeq);
    expectedSeq = link.seq + 1;
    expectedPrev = link.hash;
  }
  return null;
}

/** Whether a value is one of the kinds (an entry read from a bundle or the hub is checked before use). */
export function isCustodyKind(value: unknown): value is CustodyKind {
  return typeof value === 'string' && (CUSTODY_KINDS as readonly string[]).includes(value);
}

/** An entry kept from elsewhere, with where it came from ('bundle:<key fingerprint>', 'team:<desk id>'). */
export interface ImportedCustodyEntry extends CustodyEntry {
  origin: string;
  importedAt: string;
}

/** The answer of `custody.list`. */
export interface CustodyList {
  /** Oldest first for an item; newest first for the latest entries. */
  entries: CustodyEntry[];
  /** For an item: entries about it from bundles and colleagues, kept as they came. */
  imported: ImportedCustodyEntry[];
  head: { seq: number; hash: string } | null;
  /** The whole chain verifies (checked fully once per process and on request, then as it grows). */
  intact: boolean;
  /** The first seq that does not hold, when not intact. */
  brokenAt: number | null;
}
