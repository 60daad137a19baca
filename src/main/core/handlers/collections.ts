import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { searchResultIds } from '../library/search';

type CollectionMethods =
  | 'collections.list'
  | 'collections.create'
  | 'collections.rename'
  | 'collections.delete'
  | 'collections.add'
  | 'collections.remove'
  | 'collections.move'
  | 'collections.items'
  | 'collections.restore';

export function createCollectionHandlers(ctx: CoreContext): Pick<Handlers, CollectionMethods> {
  const { collections } = ctx;
  return {
    'collections.list': () => collections.list(),
    'collections.create': ({ name }) => collections.create(name),
    'collections.rename': ({ name, newName }) => {
      collections.rename(name, newName);
      return collections.list();
    },
    'collections.delete': ({ name }) => collections.delete(name),
    'collections.add': ({ name, itemIds }) => collections.add(name, itemIds),
    'collections.remove': ({ name, itemIds }) => collections.remove(name, itemIds),
    'collections.move': ({ name, itemId, delta }) => collections.move(name, itemId, delta),
    'collections.items': ({ name, itemIds, query, offset, limit }) => {
      if (!query?.trim()) return collections.items(name, { itemIds, offset, limit });
      // What a search within the collection finds, shown in the collection's order.
      // A column sort: one statement for the ids, no ranking to throw away.
      const found = searchResultIds(ctx.db, { query, collection: collections.require(name).name, sort: 'fetched' }, 0, -1).ids;
      const wanted = itemIds ? new Set(itemIds) : null;
      return collections.items(name, { itemIds: wanted ? found.filter((id) => wanted.has(id)) : found, offset, limit });
    },
    'collections.restore': ({ contents }) => collections.restore(contents),
  };
}
