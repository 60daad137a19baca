import type { HubMigration } from './types';

/**
 * Whether a shared answer is demo data (invented by Gleaner's demo service), kept with it so a
 * colleague's demo answer pulled from the hub keeps its mark. Every answer the demo service ever
 * gave has a request URL on its loopback address and a request id of its pattern (`req_` and 24
 * lower-case hex digits), so a row pushed before this version that lacks either cannot have come
 * from it and is real; one that has both is marked, as each desk's own library marks it
 * (migration 0027 there). A row pushed without the flag stays null: pulling desks judge it by the
 * same evidence.
 */
export const hubMigration0009: HubMigration = {
  version: 9,
  name: 'demo-answers',
  sql: `
    ALTER TABLE answers ADD COLUMN demo boolean;
    UPDATE answers SET demo = (request_url ~ '^http://(127\\.0\\.0\\.1|localhost):[0-9]+/' AND request_id ~ '^req_[0-9a-f]{24}$');
  `,
};
