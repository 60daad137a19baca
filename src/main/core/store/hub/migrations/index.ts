import { hubMigration0001 } from './0001-members';
import { hubMigration0002 } from './0002-answers';
import { hubMigration0003 } from './0003-sync';
import { hubMigration0004 } from './0004-quota';
import { hubMigration0005 } from './0005-hub-identity';
import { hubMigration0006 } from './0006-custody-entries';
import { hubMigration0007 } from './0007-watches';
import { hubMigration0008 } from './0008-watch-upkeep';
import { hubMigration0009 } from './0009-demo-answers';
import type { HubMigration } from './types';

export type { HubMigration } from './types';

/** Every hub migration in order; a new one is appended with the next version. */
export const HUB_MIGRATIONS: readonly HubMigration[] = [
  hubMigration0001,
  hubMigration0002,
  hubMigration0003,
  hubMigration0004,
  hubMigration0005,
  hubMigration0006,
  hubMigration0007,
  hubMigration0008,
  hubMigration0009,
];
