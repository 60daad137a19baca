import type { HubMigration } from './types';

/**
 * The custody log (issue 31) is shared through the change log: each desk's entries travel as
 * changes of entity 'custody', and every other desk keeps them, hashes unchanged, as that desk's chain.
 */
export const hubMigration0006: HubMigration = {
  version: 6,
  name: 'custody-changes',
  sql: `
    ALTER TABLE changes DROP CONSTRAINT changes_entity_check;
    ALTER TABLE changes ADD CONSTRAINT changes_entity_check CHECK (entity IN ('collection', 'member', 'note', 'tag', 'custody'));
  `,
};
