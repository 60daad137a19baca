import type { CollectionPage } from '../../../shared/library';
import type { CoreContext } from '../context';
import { searchResultIds } from '../store/search/search-engine';

export interface CollectionItemsRequest {
  name: string;
  itemIds?: readonly number[] | undefined;
  query?: string | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

/**
 * A collection's rows; with a query, what a search within the collection finds, shown in the
 * collection's order (a column sort: one statement for the ids, no ranking to throw away).
 */
export function collectionItems(ctx: Pick<CoreContext, 'db' | 'collections'>, request: CollectionItemsRequest): CollectionPage {
  const { name, itemIds, query, offset, limit } = request;
  const { collections } = ctx;
  if (!query?.trim()) return collections.items(name, { itemIds, offset, limit });
  const found = searchResultIds(ctx.db, { query, collection: collections.require(name).name, sort: 'fetched' }, 0, -1).ids;
  const wanted = itemIds ? new Set(itemIds) : null;
  return collections.items(name, { itemIds: wanted ? found.filter((id) => wanted.has(id)) : found, offset, limit });
}
