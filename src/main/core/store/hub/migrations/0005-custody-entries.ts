import type { HubMigration } from './types';

/**
 * The custody log (issue 31), shared: each desk's entries as it logged them, one row per
 * (desk, entry seq), so pushing again after a crash adds nothing. Kept apart from the change log:
 * entries are not applied to anything, only kept, and every desk reads them in `seq` order.
 */
export const hubMigration0005: HubMigration = {
  version: 5,
  name: 'custody-entries',
  sql: `
    CREATE TABLE custody_entries (
      seq bigserial PRIMARY KEY,
      member uuid NOT NULL REFERENCES members (desk_id),
      entry_seq bigint NOT NULL,
      entry jsonb NOT NULL,
      added_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member, entry_seq)
    );
  `,
};
