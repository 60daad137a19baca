import type { HubMigration } from './types';

/**
 * The hub's own id, made once when its schema is created. A desk remembers the id of the hub it
 * syncs with; meeting another (a new URL, or the same address pointing at a rebuilt database)
 * it starts that hub's sync afresh rather than trusting watermarks that belong to the old one.
 */
export const hubMigration0005: HubMigration = {
  version: 5,
  name: 'hub-identity',
  sql: `
    CREATE TABLE hub_identity (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      hub_id uuid NOT NULL DEFAULT gen_random_uuid(),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO hub_identity DEFAULT VALUES;
  `,
};
