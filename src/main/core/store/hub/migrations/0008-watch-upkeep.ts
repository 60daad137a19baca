import type { HubMigration } from './types';

/**
 * What the upkeep of shared watches looks up: claims by the end of their lease (old ones are
 * deleted with each claim), and a watch's entries by its global id (a set-aside entry taken up
 * later must not undo a newer one about the same watch).
 */
export const hubMigration0008: HubMigration = {
  version: 8,
  name: 'watch-upkeep',
  sql: `
    CREATE INDEX watch_claims_claimed_until ON watch_claims (claimed_until);
    CREATE INDEX watch_entries_gid ON watch_entries ((entry ->> 'gid'), seq);
  `,
};
