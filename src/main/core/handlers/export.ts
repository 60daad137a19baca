import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';

export function createExportHandlers(context: CoreContext): Pick<Handlers, 'export.start' | 'export.cancel'> {
  return {
    'export.start': (input) => context.exports.start(input),
    'export.cancel': ({ exportId }) => context.exports.cancel(exportId),
  };
}
