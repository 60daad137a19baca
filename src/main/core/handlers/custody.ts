import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { listCustody } from '../custody/custody-list';

export function createCustodyHandlers(ctx: CoreContext): Pick<Handlers, 'custody.list'> {
  return {
    'custody.list': (request) => listCustody(ctx.db, request),
  };
}
