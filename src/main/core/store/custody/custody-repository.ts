/**
 * The custody log's rows. Appending happens inside the caller's write transaction (the change and
 * its entry commit together or not at all); seq, prevHash and hash are computed there, by SQL over
 * the log's head. Reads return entries as src/shared/custody.ts defines them.
 */
import type { CustodyEntry, CustodyKind, CustodyLink, CustodySubject, ImportedCustodyEntry } from '../../../../shared/custody';
export type { ImportedCustodyEntry };
import { canonicalJson } from '../../../../shared/custody';
import type { ReadableDB, WritableDB } from '../write-transaction';
import { APPEND_CUSTODY_ENTRY } from './custody-sql';

export interface NewCustodyEntry {
  /** Defaults to now by the core's clock. */
  at?: string | null;
  /** Defaults to this desk (member@desk in a team). */
  actor?: string | null;
  kind: CustodyKind;
  action: string;
  subject: CustodySubject;
}

interface EntryRow {
  seq: number;
  at: string;
  actor: string;
  kind: string;
  action: string;
  subject: string;
  prevHash: string;
  hash: string;
}

const COLUMNS = 'seq, at, actor, kind, action, subject, prev_hash AS prevHash, hash';

const toEntry = (row: EntryRow): CustodyEntry => ({
  seq: row.seq,
  at: row.at,
  actor: row.actor,
  kind: row.kind as CustodyKind,
  action: row.action,
  subject: JSON.parse(row.subject) as CustodySubject,
  prevHash: row.prevHash,
  hash: row.hash,
});

/** Statements are prepared once per connection: ingest appends an entry per answer. */
const prepared = new WeakMap<ReadableDB, ReturnType<typeof prepare>>();

function prepare(db: ReadableDB) {
  return {
    append: db.prepare(APPEND_CUSTODY_ENTRY),
    head: db.prepare<[], EntryRow>(`SELECT ${COLUMNS} FROM custody_log ORDER BY seq DESC LIMIT 1`),
    from: db.prepare<[number, number], EntryRow>(`SELECT ${COLUMNS} FROM custody_log WHERE seq > ? ORDER BY seq LIMIT ?`),
    latest: db.prepare<[number, number], EntryRow>(`SELECT ${COLUMNS} FROM custody_log WHERE seq < ? ORDER BY seq DESC LIMIT ?`),
    links: db.prepare<[number], CustodyLink>('SELECT seq, prev_hash AS prevHash, hash FROM custody_log WHERE seq <= ? ORDER BY seq'),
    importOne: db.prepare(
      `INSERT OR IGNORE INTO custody_imported (origin, seq, at, actor, kind, action, subject, prev_hash, hash, imported_at)
       VALUES (@origin, @seq, @at, @actor, @kind, @action, @subject, @prevHash, @hash, @importedAt)`,
    ),
  };
}

function statements(db: ReadableDB) {
  let found = prepared.get(db);
  if (!found) {
    found = prepare(db);
    prepared.set(db, found);
  }
  return found;
}

/** SQLite's limit on parameters is far above this; ids are sent in slices of it. */
const SLICE = 500;

function slices<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += SLICE) out.push(values.slice(i, i + SLICE));
  return out;
}

export interface Concerning {
  itemIds?: readonly number[];
  sha256s?: readonly string[];
}

export const custodyRepository = {
  /** Appends one entry in the caller's transaction; returns its seq. */
  append(tx: WritableDB, entry: NewCustodyEntry): number {
    const result = statements(tx).append.run({
      at: entry.at ?? null,
      actor: entry.actor ?? null,
      kind: entry.kind,
      action: entry.action,
      subject: canonicalJson(entry.subject),
    });
    return Number(result.lastInsertRowid);
  },

  head(db: ReadableDB): CustodyEntry | null {
    const row = statements(db).head.get();
    return row ? toEntry(row) : null;
  },

  /** Every entry in order (bundles of the whole library, full verification). */
  all(db: ReadableDB): CustodyEntry[] {
    return custodyRepository.after(db, 0, Number.MAX_SAFE_INTEGER);
  },

  /** Up to `limit` entries after seq `afterSeq`, in order. */
  after(db: ReadableDB, afterSeq: number, limit: number): CustodyEntry[] {
    return statements(db).from.all(afterSeq, limit).map(toEntry);
  },

  /** The latest `limit` entries before seq `beforeSeq` (newest first), for Activity. */
  latest(db: ReadableDB, limit: number, beforeSeq = Number.MAX_SAFE_INTEGER): CustodyEntry[] {
    return statements(db).latest.all(beforeSeq, limit).map(toEntry);
  },

  /** The chain's links up to and including `seq`: what a bundle carries to show no entry was left out. */
  linksUpTo(db: ReadableDB, seq: number): CustodyLink[] {
    return statements(db).links.all(seq);
  },

  /**
   * The entries about these items (notes, tags, collections) or answers (fetches), in order. An
   * item's answers are looked up by the caller (item_sources), so pass their SHA-256s too.
   */
  entriesConcerning(db: ReadableDB, { itemIds = [], sha256s = [] }: Concerning): CustodyEntry[] {
    const refs = [...itemIds.map((id) => `item:${id}`), ...sha256s.map((sha) => `sha256:${sha}`)];
    const seqs = new Set<number>();
    for (const slice of slices(refs)) {
      const rows = db
        .prepare(`SELECT DISTINCT seq FROM custody_refs WHERE ref IN (${slice.map(() => '?').join(',')})`)
        .pluck()
        .all(...slice) as number[];
      for (const seq of rows) seqs.add(seq);
    }
    const ordered = [...seqs].sort((a, b) => a - b);
    const entries: CustodyEntry[] = [];
    for (const slice of slices(ordered)) {
      const rows = db
        .prepare<number[], EntryRow>(`SELECT ${COLUMNS} FROM custody_log WHERE seq IN (${slice.map(() => '?').join(',')}) ORDER BY seq`)
        .all(...slice);
      entries.push(...rows.map(toEntry));
    }
    return entries;
  },

  itemExists(db: ReadableDB, itemId: number): boolean {
    return db.prepare<[number], number>('SELECT 1 FROM items WHERE id = ?').pluck().get(itemId) !== undefined;
  },

  /** The SHA-256s of the answers an item came from (its fetch entries are found by them). */
  answerSha256sOf(db: ReadableDB, itemId: number): string[] {
    return db
      .prepare<[number], string>(
        `SELECT DISTINCT r.body_sha256 FROM item_sources s JOIN responses r ON r.id = s.response_id WHERE s.item_id = ?`,
      )
      .pluck()
      .all(itemId);
  },

  /** Keeps entries from elsewhere as they were (their hashes unchanged); one already kept is left alone. Returns how many were new. */
  importEntries(tx: WritableDB, origin: string, entries: readonly CustodyEntry[], importedAt: string): number {
    let added = 0;
    for (const entry of entries) {
      added += statements(tx).importOne.run({
        origin,
        seq: entry.seq,
        at: entry.at,
        actor: entry.actor,
        kind: entry.kind,
        action: entry.action,
        subject: canonicalJson(entry.subject),
        prevHash: entry.prevHash,
        hash: entry.hash,
        importedAt,
      }).changes;
    }
    return added;
  },

  /** Imported entries about these items (by platform and native id or URL, as ids differ between libraries) or answers. */
  importedConcerning(db: ReadableDB, { itemIds = [], sha256s = [] }: Concerning): ImportedCustodyEntry[] {
    const keys: string[] = [];
    for (const slice of slices(itemIds)) {
      const rows = db
        .prepare(
          `SELECT CASE WHEN native_id IS NOT NULL THEN 'key:' || platform || '|' || native_id ELSE 'url:' || platform || '|' || url END
             FROM items WHERE coalesce(native_id, url) IS NOT NULL AND id IN (${slice.map(() => '?').join(',')})`,
        )
        .pluck()
        .all(...slice) as string[];
      keys.push(...rows);
    }
    const refs = [...keys, ...sha256s.map((sha) => `sha256:${sha}`)];
    const found = new Map<string, ImportedCustodyEntry>();
    for (const slice of slices(refs)) {
      const rows = db
        .prepare<string[], EntryRow & { origin: string; importedAt: string }>(
          `SELECT i.origin, i.imported_at AS importedAt, i.seq, i.at, i.actor, i.kind, i.action, i.subject, i.prev_hash AS prevHash, i.hash
             FROM custody_imported i
            WHERE EXISTS (SELECT 1 FROM custody_imported_refs r
                           WHERE r.origin = i.origin AND r.seq = i.seq AND r.ref IN (${slice.map(() => '?').join(',')}))`,
        )
        .all(...slice);
      for (const row of rows) found.set(`${row.origin}\n${row.seq}`, { ...toEntry(row), origin: row.origin, importedAt: row.importedAt });
    }
    return [...found.values()].sort((a, b) => (a.origin < b.origin ? -1 : a.origin > b.origin ? 1 : a.seq - b.seq));
  },

  /** Every entry kept from one origin, in order (a colleague's chain, checked as a chain). */
  importedFrom(db: ReadableDB, origin: string): CustodyEntry[] {
    return db
      .prepare<[string], EntryRow>(
        `SELECT seq, at, actor, kind, action, subject, prev_hash AS prevHash, hash FROM custody_imported WHERE origin = ? ORDER BY seq`,
      )
      .all(origin)
      .map(toEntry);
  },
};
