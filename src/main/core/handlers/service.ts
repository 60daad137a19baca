import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';

export function createServiceHandlers(ctx: CoreContext): Pick<Handlers, 'service.call'> {
  return {
    'service.call': async ({ operation, params, collection }) => {
      // The collection name is checked before the request is spent.
      if (collection !== undefined) ctx.collections.ensure(collection);
      const response = await ctx.service.call(operation, params);
      const stored = ctx.ingest(response);
      if (collection !== undefined && stored.itemIds.length) ctx.collections.add(collection, stored.itemIds);
      return {
        operation: response.operation,
        params: response.params,
        requestId: response.requestId,
        status: response.status,
        fetchedAt: response.fetchedAt,
        durationMs: response.durationMs,
        nextPage: response.nextPage,
        itemIds: stored.itemIds,
        warnings: stored.warnings,
        data: response.data,
      };
    },
  };
}
