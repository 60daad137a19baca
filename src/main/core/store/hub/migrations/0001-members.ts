import type { HubMigration } from './types';

/** The desks connected to the hub: one row per desk, named by its member. */
export const hubMigration0001: HubMigration = {
  version: 1,
  name: 'members',
  sql: `
    CREATE TABLE members (
      -- Chosen by the desk (a random UUID kept in its settings), so it survives renames.
      desk_id uuid PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      app_version text NOT NULL DEFAULT '',
      connected_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      -- Set by team disconnect; a later connect clears it.
      disconnected_at timestamptz
    );
  `,
};
