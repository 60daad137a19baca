import type { Migration } from './types';

/**
 * The id of the hub this library syncs with (hub migration 5). Its watermarks, the hub's last
 * word per thing and which answers came from colleagues all belong to that hub: meeting another,
 * the desk starts afresh and shares everything it holds with the new one.
 */
export const migration0021: Migration = {
  version: 21,
  name: 'team-hub-identity',
  up(db) {
    db.exec(`CREATE TABLE team_hub (one INTEGER PRIMARY KEY CHECK (one = 1), hub_id TEXT NOT NULL) STRICT;`);
  },
};
