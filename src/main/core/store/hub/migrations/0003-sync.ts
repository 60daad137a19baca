import type { HubMigration } from './types';

/**
 * What people write (collections, their items and order, notes, tags) as one change log every
 * desk reads in `seq` order. A desk's change is unique by (member, local_id), so pushing it again
 * after a crash adds nothing. Appends take an advisory lock (store/hub/sync-log.ts), so `seq`
 * order is commit order and a desk reading "after seq N" never skips a late commit.
 * A statement-level trigger tells listening desks that something new is there.
 */
export const hubMigration0003: HubMigration = {
  version: 3,
  name: 'sync',
  sql: `
    CREATE TABLE changes (
      seq bigserial PRIMARY KEY,
      member uuid NOT NULL REFERENCES members (desk_id),
      local_id bigint NOT NULL,
      at timestamptz NOT NULL,
      entity text NOT NULL CHECK (entity IN ('collection', 'member', 'note', 'tag')),
      op text NOT NULL CHECK (length(op) BETWEEN 1 AND 20),
      key jsonb NOT NULL,
      payload jsonb NOT NULL,
      added_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member, local_id)
    );

    CREATE FUNCTION gleaner_team_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('gleaner_team', TG_TABLE_NAME);
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER changes_notify AFTER INSERT ON changes FOR EACH STATEMENT EXECUTE FUNCTION gleaner_team_notify();
    CREATE TRIGGER answers_notify AFTER INSERT ON answers FOR EACH STATEMENT EXECUTE FUNCTION gleaner_team_notify();
  `,
};
