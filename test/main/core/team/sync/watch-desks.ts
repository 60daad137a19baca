/** Watch services on the sync tests' desks: claims through the desk's own hub session, the watch cap out of the way. */
import { createLogger } from '../../../../../src/main/core/log';
import { prepareRequest } from '../../../../../src/main/core/service/request';
import { createSettingsRepository } from '../../../../../src/main/core/store/settings-repository';
import { createWatchClaims } from '../../../../../src/main/core/watch/team-watches';
import { createWatchService, type WatchService } from '../../../../../src/main/core/watch/watch-service';
import { WATCH_SETTING_KEYS } from '../../../../../src/shared/watch';
import type { Desk } from './desks';

export function watchesOf(d: Desk, online = () => true): WatchService {
  const settings = createSettingsRepository(d.db, () => new Date());
  settings.set(WATCH_SETTING_KEYS.capShare, 1);
  return createWatchService({
    db: d.db,
    settings,
    service: { prepare: (operation, params) => prepareRequest(operation, params, { paramNames: {}, paths: {} }) },
    queue: { poke: () => undefined },
    clock: { now: () => Date.now() },
    claims: createWatchClaims(
      () => (online() ? { db: d.hub, deskId: d.deskId, memberName: d.name, hubId: '' } : null),
      createLogger(() => undefined),
    ),
  });
}

/** The watches as every desk must hold them alike (local ids aside). */
export const watched = (d: Desk) =>
  d.db.prepare('SELECT global_id, label, operation, params, interval, paused, next_due_at FROM watches ORDER BY global_id').all();
