import { createDispatcher, type Dispatch, type Handlers } from './bridge/dispatcher';
import type { CoreContext, CoreDeps } from './context';
import { databasePath } from './data-dir';
import { createEventHub, type EventHub } from './events';
import { createAppHandlers } from './handlers/app';
import { openDatabase } from './store/database';

export interface Core {
  dispatch: Dispatch;
  events: EventHub;
  context: CoreContext;
  close(): void;
}

/**
 * The composition root of the Electron-free core. Every host (Electron shell, CLI,
 * browser mode, tests) builds one of these from its own dependencies.
 */
export function createCore(deps: CoreDeps): Core {
  const db = openDatabase({
    path: deps.databasePath ?? databasePath(deps.dataDir),
    ...(deps.sqliteNativeBinding ? { nativeBinding: deps.sqliteNativeBinding } : {}),
  });
  const events = createEventHub((error) => deps.log.warn('event listener failed', { error: String(error) }));
  const context: CoreContext = { ...deps, db, events };
  const handlers: Handlers = {
    ...createAppHandlers(context),
  };
  return {
    dispatch: createDispatcher(handlers, deps.log),
    events,
    context,
    close: () => db.close(),
  };
}
