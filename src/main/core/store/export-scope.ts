/**
 * An export's scope becomes a temporary table of item ids in export order, on a read-only
 * connection of its own. The connection matters: an open better-sqlite3 iterator keeps its
 * connection busy, and an export iterates for as long as the disk takes, while the fetch queue
 * must keep writing. A separate reader in WAL mode also gives the export one consistent snapshot.
 */
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { GleanerError } from '../../../shared/errors';
import type { ExportScope } from '../../../shared/export';
import { buildSearchSql, orderedIdsStatement } from './search/query-builder';
import { rankedSearchIds } from './search/search-engine';
import { installedSqliteAddon } from './sqlite-addon';

export interface ExportReader {
  db: Database;
  /** One snapshot for the whole export: counts, items and segments agree even while the queue writes. */
  beginSnapshot(): void;
  endSnapshot(): void;
  /** Ends the snapshot (if one began) and closes the connection of its own. */
  close(): void;
}

/** A read-only connection to the library; the library's own connection for an in-memory database (tests). */
export function openExportReader(library: Database, nativeBinding?: string): ExportReader {
  if (library.memory || library.name === '' || library.name === ':memory:') {
    // The library's own connection sees only its own writes in order: no snapshot to hold.
    return { db: library, beginSnapshot: () => undefined, endSnapshot: () => undefined, close: () => undefined };
  }
  const addon = nativeBinding ?? installedSqliteAddon();
  const db = new BetterSqlite3(library.name, { readonly: true, fileMustExist: true, ...(addon ? { nativeBinding: addon } : {}) });
  db.pragma('busy_timeout = 5000');
  // A read transaction on a read-only connection: it writes nothing, so writeTransaction has no part in it.
  const endSnapshot = () => {
    if (db.inTransaction) db.exec('COMMIT');
  };
  return {
    db,
    beginSnapshot: () => db.exec('BEGIN'),
    endSnapshot,
    close: () => {
      endSnapshot();
      db.close();
    },
  };
}

let scopeCounter = 0;

export interface ScopeTable {
  name: string;
  /** A short description for document headings: `collection "Harbour"`, `search "flood"`. */
  label: string;
  drop(): void;
}

export function createScopeTable(db: Database, scope: ExportScope): ScopeTable {
  scopeCounter += 1;
  const name = `temp.export_scope_${process.pid}_${scopeCounter}`;
  db.exec(`CREATE TABLE ${name} (ord INTEGER PRIMARY KEY, item_id INTEGER NOT NULL)`);
  const drop = () => db.exec(`DROP TABLE IF EXISTS ${name}`);
  try {
    const label = fillScope(db, name, scope);
    return { name, label, drop };
  } catch (error) {
    drop();
    throw error;
  }
}

function fillScope(db: Database, table: string, scope: ExportScope): string {
  const insertSelect = (sql: string, params: Record<string, unknown> | unknown[] = {}) =>
    db.prepare(`INSERT INTO ${table} (item_id) ${sql}`).run(params as Record<string, unknown>);
  switch (scope.kind) {
    case 'item': {
      const found = db.prepare('SELECT id FROM items WHERE id = ?').get(scope.id);
      if (!found) throw new GleanerError('NOT_FOUND', `No item with id ${scope.id} is in the library.`);
      insertSelect('SELECT ?', [scope.id]);
      return `item ${scope.id}`;
    }
    case 'items': {
      // The selection's order, each item once (a script may name one twice); ids no longer in the library are left out.
      const ids = [...new Set(scope.ids)];
      insertSelect('SELECT j.value FROM json_each(?) j JOIN items i ON i.id = j.value ORDER BY j.key', [JSON.stringify(ids)]);
      return `selection of ${ids.length} item${ids.length === 1 ? '' : 's'}`;
    }
    case 'collection': {
      const found = db.prepare('SELECT id, name FROM collections WHERE name = ?').get(scope.name.trim()) as
        { id: number; name: string } | undefined;
      if (!found) throw new GleanerError('NOT_FOUND', `There is no collection named ${JSON.stringify(scope.name.trim())}.`);
      insertSelect('SELECT item_id FROM collection_items WHERE collection_id = ? ORDER BY position, item_id', [found.id]);
      return `collection “${found.name}”`;
    }
    case 'all':
      insertSelect('SELECT id FROM items ORDER BY id');
      return 'whole library';
    case 'search':
      fillFromSearch(db, table, scope.search);
      return scope.search.query?.trim() ? `search “${scope.search.query.trim()}”` : 'filtered library';
  }
}

/**
 * A search result in the order the Library shows it. Listing and column sorts are one SQL
 * statement run without its page limit; relevance ranking merges three indexes in code, in one pass.
 */
function fillFromSearch(db: Database, table: string, search: Extract<ExportScope, { kind: 'search' }>['search']): void {
  const sql = buildSearchSql({ ...search, limit: 1, offset: 0 });
  const unpaged = orderedIdsStatement(sql);
  if (unpaged !== null) {
    // LIMIT -1 is SQLite's "no limit".
    db.prepare(`INSERT INTO ${table} (item_id) SELECT id FROM (${unpaged})`).run({ ...sql.params, limit: -1, offset: 0 });
    return;
  }
  const ids = rankedSearchIds(db, search);
  db.prepare(`INSERT INTO ${table} (item_id) SELECT value FROM json_each(?) ORDER BY key`).run(JSON.stringify(ids));
}
