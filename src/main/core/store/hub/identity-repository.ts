/** Which hub this is: the id its first migration gave it (see hub migration 5). */
import { GleanerError } from '../../../../shared/errors';
import type { HubQueryable } from './hub-db';

export async function readHubId(db: HubQueryable): Promise<string> {
  const [row] = await db.rows<{ hub_id: string }>('SELECT hub_id FROM hub_identity');
  if (!row)
    throw new GleanerError(
      'HUB_REFUSED',
      'The team hub has lost its identity row (table hub_identity); restore it from a backup, nothing was synced.',
    );
  return row.hub_id;
}
