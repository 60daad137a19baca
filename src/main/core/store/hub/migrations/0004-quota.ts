import type { HubMigration } from './types';

/**
 * The team's one quota and its one request per question:
 * - quota_grants: every request a desk was allowed to send, timestamped by ONE clock (the hub's),
 *   so the sliding minute and the day are counted the same for every desk, and when it settled;
 * - quota_demands: what each desk has waiting (calls from the window, bulk work), so calls go
 *   ahead and members with backlogs share the minute;
 * - requests: a question (operation + canonical parameters, by SHA-256) claimed by the desk that
 *   asks it first, with a lease renewed while in flight, then the request id that answered it;
 * - token_events: a desk's request refused with the team's token (when, which desk; nothing of
 *   the token itself), announced to the other desks by NOTIFY.
 */
export const hubMigration0004: HubMigration = {
  version: 4,
  name: 'quota',
  sql: `
    CREATE TABLE quota_grants (
      id bigserial PRIMARY KEY,
      member uuid NOT NULL REFERENCES members (desk_id),
      at timestamptz NOT NULL,
      -- When its answer came back (or it failed): the service counted it somewhere in between, so
      -- a grant fills the window from 'at' until a window after this. Null while in flight.
      settled_at timestamptz,
      -- 1: a call from the window; 0: bulk work (imports, next pages, watches).
      priority smallint NOT NULL DEFAULT 0
    );
    CREATE INDEX quota_grants_at ON quota_grants (at);

    CREATE TABLE quota_demands (
      member uuid PRIMARY KEY REFERENCES members (desk_id),
      calls integer NOT NULL DEFAULT 0 CHECK (calls >= 0),
      bulk integer NOT NULL DEFAULT 0 CHECK (bulk >= 0),
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE requests (
      key text PRIMARY KEY CHECK (key ~ '^[0-9a-f]{64}$'),
      operation text NOT NULL CHECK (length(operation) BETWEEN 1 AND 100),
      state text NOT NULL CHECK (state IN ('claimed', 'answered')),
      claimed_by uuid NOT NULL REFERENCES members (desk_id),
      claimed_at timestamptz NOT NULL,
      lease_until timestamptz NOT NULL,
      request_id text,
      answered_at timestamptz
    );
    -- Questions last touched long ago are deleted as decisions go (see quota-repository).
    CREATE INDEX requests_last_touched ON requests ((coalesce(answered_at, lease_until)));

    CREATE TABLE token_events (
      id bigserial PRIMARY KEY,
      member uuid NOT NULL REFERENCES members (desk_id),
      at timestamptz NOT NULL
    );
  `,
};
