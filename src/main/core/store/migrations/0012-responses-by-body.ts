import type { Migration } from './types';
import { writeTransaction } from '../write-transaction';

/** The columns of `responses`, in their order (unchanged since migration 2). */
const COLUMNS =
  'id, operation, params, request_url, request_id, status, fetched_at, duration_ms, body_sha256, body, next_page, item_count, parse_warnings';

/**
 * A response was keyed by its request id alone (UNIQUE), so a second, different answer under a
 * request id seen before — a service or caching proxy reusing ids — was dropped as if it were a
 * replay. The key is now the request id and the body's SHA-256: replaying the same answer still
 * changes nothing, and a different one is kept.
 *
 * SQLite cannot drop a UNIQUE constraint, so the table is rebuilt with every row and id as it
 * was. Foreign keys cannot be switched off inside the migrations' transaction, so their checks
 * are deferred to its commit instead: dropping the old table counts every row that refers to
 * it as broken, and writing the rows back under the same ids counts each one mended. The
 * child tables get an index on the referring column meanwhile, so that counting is a lookup
 * per row rather than a scan of every item.
 */
export const migration0012: Migration = {
  version: 12,
  name: 'responses-by-body',
  up(db) {
    // A savepoint inside the migrations' transaction; its own transaction when run alone (a test).
    writeTransaction(db, () => {
      // A reference broken before (written with foreign keys off) is not this migration's to mend.
      const brokenBefore = (db.pragma('foreign_key_check') as unknown[]).length;
      db.pragma('defer_foreign_keys = ON');
      db.exec(`
        CREATE INDEX migration_items_response ON items (last_response_id);
        CREATE INDEX migration_transcripts_response ON transcripts (response_id);
        CREATE INDEX migration_jobs_response ON jobs (response_id);

        CREATE TABLE responses_before AS SELECT ${COLUMNS} FROM responses;
        DROP TABLE responses;
        -- Each successful response exactly as received. The request id and the body's hash are
        -- unique together: the same response stored twice (a replay, a crash between send and
        -- commit) changes nothing; a different body under a known request id is another response.
        CREATE TABLE responses (
          id INTEGER PRIMARY KEY,
          operation TEXT NOT NULL,
          params TEXT NOT NULL CHECK (json_valid(params)),
          request_url TEXT NOT NULL,
          request_id TEXT NOT NULL,
          status INTEGER NOT NULL,
          fetched_at TEXT NOT NULL,
          duration_ms INTEGER,
          body_sha256 TEXT NOT NULL,
          body TEXT NOT NULL,
          next_page TEXT CHECK (next_page IS NULL OR json_valid(next_page)),
          item_count INTEGER NOT NULL DEFAULT 0,
          parse_warnings TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(parse_warnings))
        ) STRICT;
        INSERT INTO responses (${COLUMNS}) SELECT ${COLUMNS} FROM responses_before ORDER BY id;
        DROP TABLE responses_before;
        CREATE INDEX responses_fetched_at ON responses (fetched_at);
        CREATE UNIQUE INDEX responses_request ON responses (request_id, body_sha256);

        DROP INDEX migration_items_response;
        DROP INDEX migration_transcripts_response;
        DROP INDEX migration_jobs_response;
      `);
      // Checked here, so a reference the rebuild broke says so rather than failing the commit unexplained.
      const brokenAfter = (db.pragma('foreign_key_check') as unknown[]).length;
      if (brokenAfter > brokenBefore)
        throw new Error(`Rebuilding the responses table broke ${brokenAfter - brokenBefore} reference(s) to it; nothing was changed.`);
    });
  },
};
