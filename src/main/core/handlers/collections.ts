import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { collectionItems } from '../usecases/collection-items';
import { restoreCollection } from '../usecases/restore-collection';

// Tests of the queue reach the restore flow through here.
export { restoreCollection };

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
    'collections.items': (request) => collectionItems(ctx, request),
    'collections.restore': ({ contents }) => restoreCollection(ctx, contents),
  };
}
