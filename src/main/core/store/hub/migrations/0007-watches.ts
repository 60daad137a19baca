import type { HubMigration } from './types';

/**
 * Watches shared (issue 30.6). watch_entries: each desk's watch log as it logged it, one row per
 * (desk, entry seq), pulled by the others in `seq` order (the custody entries' model). watch_claims:
 * which desk runs a watch's due slot; a claim not yet done lapses at claimed_until, so a slot
 * whose desk died is taken by another.
 */
export const hubMigration0007: HubMigration = {
  version: 7,
  name: 'watches',
  sql: `
    CREATE TABLE watch_entries (
      seq bigserial PRIMARY KEY,
      member uuid NOT NULL REFERENCES members (desk_id),
      entry_seq bigint NOT NULL,
      entry jsonb NOT NULL,
      added_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member, entry_seq)
    );
    CREATE TABLE watch_claims (
      watch_gid text NOT NULL,
      due_at text NOT NULL,
      member uuid NOT NULL REFERENCES members (desk_id),
      claimed_until timestamptz NOT NULL,
      done boolean NOT NULL DEFAULT false,
      PRIMARY KEY (watch_gid, due_at)
    );
  `,
};
