import type { Migration } from './types';

/**
 * The request queue: every request is a job that survives quitting and crashing; batches
 * group the jobs of one piece of work (a call with its pages, an import); the send log
 * keeps the sliding one-minute and 24-hour windows across restarts.
 */
export const migration0003: Migration = {
  version: 3,
  name: 'queue',
  up(db) {
    db.exec(`
      CREATE TABLE batches (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('call', 'import', 'refresh')),
        label TEXT NOT NULL,
        collection TEXT,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE jobs (
        id INTEGER PRIMARY KEY,
        batch_id INTEGER NOT NULL REFERENCES batches (id),
        operation TEXT NOT NULL,
        params TEXT NOT NULL CHECK (json_valid(params)),
        collection TEXT,
        state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled', 'paused')),
        attempts INTEGER NOT NULL DEFAULT 0,
        not_before INTEGER NOT NULL DEFAULT 0,
        -- Pagination: further pages this job may enqueue, and the item cap of the listing.
        pages_left INTEGER NOT NULL DEFAULT 0,
        max_items INTEGER,
        items_so_far INTEGER NOT NULL DEFAULT 0,
        previous_job_id INTEGER REFERENCES jobs (id),
        error_code TEXT,
        error_message TEXT,
        response_id INTEGER REFERENCES responses (id),
        item_count INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        finished_at TEXT
      ) STRICT;
      CREATE INDEX jobs_due ON jobs (state, not_before, id);
      CREATE INDEX jobs_batch ON jobs (batch_id, state);

      -- One row per request sent (or about to be), in ms since the epoch, for the rate windows.
      CREATE TABLE send_log (
        id INTEGER PRIMARY KEY,
        sent_at INTEGER NOT NULL,
        job_id INTEGER,
        outcome TEXT
      ) STRICT;
      CREATE INDEX send_log_sent_at ON send_log (sent_at);

      -- Queue-wide state: pause and its reason, the rate share, the runner's lease.
      CREATE TABLE queue_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL CHECK (json_valid(value))
      ) STRICT;
    `);
  },
};
