import type { Migration } from './types';

/**
 * Whether an answer is demo data — invented by Gleaner's demo service, not taken from any
 * platform — is kept with the answer itself, so every item, citation, export and bundle made from
 * it can say so. Answers stored before this version are recognised by what every answer of the
 * demo service has carried since its first version: a request URL on its loopback address
 * (`http://127.0.0.1:<port>`, or `localhost` where someone pointed the base URL at a demo process)
 * and a request id of its own pattern, `req_` and 24 lower-case hex digits. Both must hold: the
 * address alone would take in a real service reached through a local tunnel, and the id pattern
 * alone is one any service may use (the spec asks only for `req_` and an opaque string). The
 * raw answer, its hash and its request id are left as they are.
 */
const DEMO_REQUEST_ID = `req_${'[0-9a-f]'.repeat(24)}`;

export const migration0027: Migration = {
  version: 27,
  name: 'demo-answers',
  up(db) {
    db.exec(`
      ALTER TABLE responses ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));
      UPDATE responses SET demo = 1
       WHERE (request_url GLOB 'http://127.0.0.1:[0-9]*/*' OR request_url GLOB 'http://localhost:[0-9]*/*')
         AND length(request_id) = 28 AND request_id GLOB '${DEMO_REQUEST_ID}';
      -- Which answers are demo, read without touching their bodies (the flag sits after them in the row).
      CREATE INDEX responses_demo ON responses (id) WHERE demo = 1;
    `);
  },
};
