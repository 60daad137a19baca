import type { HubMigration } from './types';

/**
 * The team's answers as received: each body once, addressed by its SHA-256, and each answer (a
 * request id with its body) once. Every desk derives items, transcripts and search from these
 * with its own normalisers. `seq` is the order desks pull in; it only grows.
 */
export const hubMigration0002: HubMigration = {
  version: 2,
  name: 'answers',
  sql: `
    CREATE TABLE answer_bodies (
      sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      body text NOT NULL
    );

    CREATE TABLE answers (
      seq bigserial UNIQUE,
      request_id text NOT NULL CHECK (length(request_id) BETWEEN 1 AND 200),
      body_sha256 text NOT NULL REFERENCES answer_bodies (sha256),
      operation text NOT NULL CHECK (length(operation) BETWEEN 1 AND 100),
      params jsonb NOT NULL,
      request_url text NOT NULL,
      status integer NOT NULL,
      fetched_at timestamptz NOT NULL,
      duration_ms integer,
      next_page jsonb,
      member uuid NOT NULL REFERENCES members (desk_id),
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (request_id, body_sha256)
    );
  `,
};
