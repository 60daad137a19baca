/**
 * The custody log's part in a bundle (design #31): the entries that concern the bundle's items
 * and answers, and the chain's (seq, prevHash, hash) skeleton up to the last of them, so a
 * removed or reordered entry shows. Kept behind one function so the bundle code does not
 * depend on how the log is stored.
 */
import type { Database } from 'better-sqlite3';

export interface ChainLink {
  seq: number;
  prevHash: string;
  hash: string;
}

/** An entry as the custody log hashes it (see src/shared/custody.ts). */
export interface BundleCustodyEntry extends ChainLink {
  at: string;
  actor: string;
  kind: string;
  action: string;
  subject: Record<string, unknown>;
}

export interface BundleCustody {
  /** This library's entries concerning the bundle. */
  entries: BundleCustodyEntry[];
  skeleton: ChainLink[];
  /** Entries this library brought in with earlier bundles, by origin (that bundle's key fingerprint). */
  imported: { origin: string; entries: BundleCustodyEntry[] }[];
}

export type CustodyReader = (db: Database, concerning: { itemIds: number[]; sha256s: string[] }) => BundleCustody;

export const EMPTY_CUSTODY: BundleCustody = { entries: [], skeleton: [], imported: [] };
