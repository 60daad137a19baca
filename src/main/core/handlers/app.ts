import { databasePath } from '../data-dir';
import { schemaVersion, sqliteVersion } from '../store/database';
import type { CoreContext } from '../context';
import type { Handlers } from '../bridge/dispatcher';

export function createAppHandlers(ctx: CoreContext): Pick<Handlers, 'app.info'> {
  return {
    'app.info': () => ({
      name: 'Gleaner',
      version: ctx.appVersion,
      dataDir: ctx.dataDir,
      databasePath: databasePath(ctx.dataDir),
      sqliteVersion: sqliteVersion(ctx.db),
      schemaVersion: schemaVersion(ctx.db),
      host: ctx.host,
      nodeVersion: process.versions.node,
    }),
  };
}
