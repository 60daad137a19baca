/**
 * The SQL functions the custody log is written with. An entry is appended by one INSERT … SELECT
 * (from the repository, or from the triggers that record what people change, whichever path wrote
 * it), and its hash is computed in that same statement by `custody_hash`, so seq, prevHash and hash
 * are taken under the write lock of the transaction that made the change. Registered on every
 * connection that may write (openDatabase, and the migration that creates the log).
 */
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { custodyEntryHash, isCustodyKind, type CustodySubject } from '../../../../shared/custody';

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface CustodyFunctionOptions {
  /** The core's clock, so entries written by triggers carry the time the rest of the library does. */
  now?: () => number;
}

/** Stores what `custody_hash` hashes: the subject as written, parsed back (SQLite's JSON and ours agree on values, not on text). */
function hashOf(seq: number, at: string, actor: string, kind: string, action: string, subjectJson: string, prevHash: string): string {
  if (!isCustodyKind(kind)) throw new Error(`custody_hash: unknown kind ${kind}`);
  const subject = JSON.parse(subjectJson) as CustodySubject;
  return custodyEntryHash({ seq, at, actor, kind, action, subject, prevHash }, sha256Hex);
}

export function installCustodyFunctions(db: Database, { now = Date.now }: CustodyFunctionOptions = {}): void {
  db.function('custody_hash', { deterministic: true, varargs: false }, (seq, at, actor, kind, action, subject, prevHash) =>
    hashOf(Number(seq), String(at), String(actor), String(kind), String(action), String(subject), String(prevHash)),
  );
  db.function('custody_sha256', { deterministic: true }, (text) => (text === null ? null : sha256Hex(String(text))));
  db.function('custody_now', { deterministic: false }, () => new Date(now()).toISOString());
}
