import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import type { CollectionContents, CollectionSummary } from '../../../shared/library';
import { searchResultIds } from '../library/search';
import { writeTransaction } from '../store/database';

type CollectionMethods =
  | 'collections.list'
  | 'collections.create'
  | 'collections.rename'
  | 'collections.delete'
  | 'collections.add'
  | 'collections.remove'
  | 'collections.putBack'
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
    'collections.putBack': ({ name, places }) => collections.putBack(name, places),
    'collections.move': ({ name, itemId, delta }) => collections.move(name, itemId, delta),
    'collections.items': ({ name, itemIds, query, offset, limit }) => {
      if (!query?.trim()) return collections.items(name, { itemIds, offset, limit });
      // What a search within the collection finds, shown in the collection's order.
      // A column sort: one statement for the ids, no ranking to throw away.
      const found = searchResultIds(ctx.db, { query, collection: collections.require(name).name, sort: 'fetched' }, 0, -1).ids;
      const wanted = itemIds ? new Set(itemIds) : null;
      return collections.items(name, { itemIds: wanted ? found.filter((id) => wanted.has(id)) : found, offset, limit });
    },
    'collections.restore': ({ contents }) => restoreCollection(ctx, contents),
  };
}

/**
 * Undoes a delete in one step: the collection as it was and, in the same step, the waiting
 * jobs that were to fill it. Those that finished after the delete went to the library only,
 * so their items (and their later pages') go in now.
 */
export function restoreCollection(ctx: Pick<CoreContext, 'db' | 'queue' | 'collections'>, contents: CollectionContents): CollectionSummary {
  return writeTransaction(ctx.db, () => {
    const restored = ctx.collections.restore(contents);
    const { itemsOfFinished } = ctx.queue.alsoInto(contents.waitingJobIds, restored.name);
    if (itemsOfFinished.length === 0) return restored;
    ctx.collections.add(restored.name, itemsOfFinished);
    return ctx.collections.summary(restored.id);
  });
}
