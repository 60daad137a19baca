import type { Migration } from './types';

/**
 * Watches (issue 30): what is fetched again on a schedule, each run's batch, which items a
 * listing held, each item's versions and availability, and the changes noticed. Nothing here is
 * ever deleted by a watch: versions and changes are evidence (a removed watch leaves its changes,
 * their watch_id emptied).
 *
 * The batches table's kind keeps its three values (widening its CHECK needs a rebuild that the
 * jobs' foreign key forbids inside a migration): a watch's batch is a 'refresh' whose jobs carry
 * priority -1, and watch_runs says which watch it belongs to.
 */
export const migration0023: Migration = {
  version: 23,
  name: 'watches',
  up(db) {
    db.exec(`
      CREATE TABLE watches (
        id INTEGER PRIMARY KEY,
        label TEXT NOT NULL,
        target_kind TEXT NOT NULL CHECK (target_kind IN ('item', 'operation')),
        item_id INTEGER REFERENCES items (id) ON DELETE CASCADE,
        -- What the target names (an operation's own parameters), and the request a run sends.
        target_operation TEXT,
        target_params TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(target_params)),
        operation TEXT NOT NULL,
        params TEXT NOT NULL CHECK (json_valid(params)),
        pages INTEGER NOT NULL DEFAULT 1 CHECK (pages >= 1),
        interval TEXT NOT NULL CHECK (interval IN ('1h', '6h', '1d', '7d')),
        paused INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        last_run_at TEXT,
        next_due_at TEXT NOT NULL,
        last_error TEXT,
        member TEXT
      ) STRICT;
      -- A pass over what is due reads only what is due: active watches in due order.
      CREATE INDEX watches_due ON watches (next_due_at) WHERE paused = 0;
      CREATE INDEX watches_item ON watches (item_id) WHERE item_id IS NOT NULL;

      CREATE TABLE watch_runs (
        id INTEGER PRIMARY KEY,
        watch_id INTEGER REFERENCES watches (id) ON DELETE SET NULL,
        batch_id INTEGER NOT NULL REFERENCES batches (id),
        started_at TEXT NOT NULL,
        examined_at TEXT
      ) STRICT;
      CREATE INDEX watch_runs_open ON watch_runs (id) WHERE examined_at IS NULL;
      CREATE INDEX watch_runs_watch ON watch_runs (watch_id, id);
      CREATE UNIQUE INDEX watch_runs_batch ON watch_runs (batch_id);
      -- What watches sent in the last day, so a pass never queues past the cap.
      CREATE INDEX watch_runs_started ON watch_runs (started_at);

      -- The items a watched listing holds (listed = 1) or held once (0, "no longer listed").
      CREATE TABLE watch_members (
        watch_id INTEGER NOT NULL REFERENCES watches (id) ON DELETE CASCADE,
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        listed INTEGER NOT NULL DEFAULT 1,
        -- Where the last answer that held it listed it (0 first): what "should still hold it" reads.
        position INTEGER NOT NULL DEFAULT 0,
        first_seen_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        PRIMARY KEY (watch_id, item_id)
      ) STRICT, WITHOUT ROWID;

      -- One row per answer that changed an item's title, text or author's name (the first included).
      CREATE TABLE item_versions (
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        response_id INTEGER NOT NULL REFERENCES responses (id),
        operation TEXT NOT NULL,
        title TEXT,
        text TEXT,
        author_name TEXT,
        changed_fields TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(changed_fields)),
        PRIMARY KEY (item_id, response_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE item_availability (
        item_id INTEGER PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
        state TEXT NOT NULL CHECK (state IN ('available', 'unavailable')),
        since TEXT NOT NULL,
        words TEXT,
        request_id TEXT
      ) STRICT;

      CREATE TABLE watch_changes (
        id INTEGER PRIMARY KEY,
        watch_id INTEGER REFERENCES watches (id) ON DELETE SET NULL,
        item_id INTEGER REFERENCES items (id) ON DELETE CASCADE,
        change TEXT NOT NULL CHECK (change IN ('new', 'edited', 'no-longer-listed', 'unavailable', 'available-again', 'counts')),
        field TEXT,
        before ANY,
        after ANY,
        response_id INTEGER REFERENCES responses (id),
        request_id TEXT,
        sha256 TEXT,
        at TEXT NOT NULL,
        words TEXT,
        read INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX watch_changes_at ON watch_changes (at, id);
      CREATE INDEX watch_changes_watch ON watch_changes (watch_id, id);
      CREATE INDEX watch_changes_item ON watch_changes (item_id, id);
      CREATE INDEX watch_changes_unread ON watch_changes (watch_id) WHERE read = 0;
    `);
  },
};
