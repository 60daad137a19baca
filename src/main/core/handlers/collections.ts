import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';

type CollectionMethods =
  | 'collections.list'
  | 'collections.create'
  | 'collections.rename'
  | 'collections.delete'
  | 'collections.add'
  | 'collections.remove'
  | 'collections.reorder'
  | 'collections.items';

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
    'collections.reorder': ({ name, itemIds }) => {
      collections.reorder(name, itemIds);
      return { items: collections.items(name).items };
    },
    'collections.items': ({ name, itemIds }) => collections.items(name, itemIds),
  };
}
