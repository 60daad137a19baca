import { createHash } from 'node:crypto';
import { installCustodyFunctions } from '../custody/custody-functions';
import { APPEND_CUSTODY_ENTRY, custodyTriggers } from '../custody/custody-sql';
import type { Migration } from './types';

const refuse = (table: string) => `
  CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table} BEGIN
    SELECT RAISE(ABORT, '${table} is append-only: an entry cannot be changed');
  END;
  CREATE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table} BEGIN
    SELECT RAISE(ABORT, '${table} is append-only: an entry cannot be removed');
  END;`;

/**
 * The custody log (issue 31): an append-only hash chain of every fetch, every change people make
 * and every export, refused UPDATE and DELETE by triggers. custody_refs indexes entries by the
 * item or answer they concern (for item detail and bundles); custody_imported keeps entries from
 * elsewhere (a bundle, a colleague through the hub) with their origin and their own hashes.
 *
 * History is not invented for what a library held before: its first entry is one `log-started`
 * naming how many answers it held and a digest of them (the SHA-256 of their bodies' SHA-256s,
 * sorted, one per line with a newline each — what `sort | sha256sum` gives).
 */
export const migration0021: Migration = {
  version: 21,
  name: 'custody-log',
  up(db) {
    installCustodyFunctions(db);
    db.exec(`
      CREATE TABLE custody_log (
        seq INTEGER PRIMARY KEY CHECK (seq > 0),
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        kind TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT NOT NULL CHECK (json_valid(subject)),
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE
      ) STRICT;
      ${refuse('custody_log')}

      CREATE TABLE custody_refs (
        ref TEXT NOT NULL,
        seq INTEGER NOT NULL REFERENCES custody_log (seq),
        PRIMARY KEY (ref, seq)
      ) STRICT, WITHOUT ROWID;
      ${refuse('custody_refs')}

      -- Which desk this library is when it is not in a team (a team desk is member@team.desk-id).
      CREATE TABLE custody_desk (one INTEGER PRIMARY KEY CHECK (one = 1), desk_id TEXT NOT NULL) STRICT;
      INSERT INTO custody_desk (one, desk_id) VALUES (1, lower(hex(randomblob(16))));

      CREATE TABLE custody_imported (
        origin TEXT NOT NULL,
        seq INTEGER NOT NULL,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        kind TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT NOT NULL CHECK (json_valid(subject)),
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        imported_at TEXT NOT NULL,
        PRIMARY KEY (origin, seq)
      ) STRICT;
      ${refuse('custody_imported')}

      CREATE TABLE custody_imported_refs (
        ref TEXT NOT NULL,
        origin TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (ref, origin, seq)
      ) STRICT, WITHOUT ROWID;
      ${refuse('custody_imported_refs')}

      ${custodyTriggers()}
    `);
    // Streamed in SQLite's own order (BINARY, as LC_ALL=C sort): a library of a million answers is not held in memory.
    const digest = createHash('sha256');
    let answers = 0;
    for (const sha of db.prepare('SELECT body_sha256 FROM responses ORDER BY body_sha256').pluck().iterate() as Iterable<string>) {
      digest.update(`${sha}\n`, 'utf8');
      answers += 1;
    }
    db.prepare(APPEND_CUSTODY_ENTRY).run({
      at: null,
      actor: null,
      kind: 'log-started',
      action: 'started',
      subject: JSON.stringify({ answers, answersDigest: digest.digest('hex') }),
    });
  },
};
