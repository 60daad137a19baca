import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { getItemDetail, getRawResponse } from '../library/items';
import { noteConflictsOf } from '../team/sync/note-conflicts';
import { getExactDates } from '../usecases/exact-dates';
import { searchLibrary, searchResultIds } from '../store/search/search-engine';

export function createLibraryHandlers(
  ctx: CoreContext,
): Pick<
  Handlers,
  | 'library.search'
  | 'library.ids'
  | 'items.get'
  | 'items.raw'
  | 'items.setNote'
  | 'items.tag'
  | 'items.untag'
  | 'tags.list'
  | 'items.exactDates'
  | 'items.resolveNoteConflict'
> {
  return {
    'library.search': (request) => {
      // A mistyped collection is an error, as in `collections.items` and exports, not an empty result.
      if (request.collection !== undefined) ctx.collections.require(request.collection);
      return searchLibrary(ctx.db, request);
    },
    'library.ids': ({ search, offset, limit }) => searchResultIds(ctx.db, search, offset, limit),
    'items.get': ({ id }) => getItemDetail(ctx.db, id),
    'items.raw': ({ responseId }) => getRawResponse(ctx.db, responseId),
    'items.setNote': ({ itemId, body, collection, expected }) => {
      ctx.collections.setNote(itemId, body, collection, expected);
      return getItemDetail(ctx.db, itemId);
    },
    'items.tag': ({ itemIds, tag, collection }) => {
      ctx.collections.tag(itemIds, tag, collection);
      return { tagged: itemIds.length };
    },
    'tags.list': () => ctx.collections.tags(),
    'items.resolveNoteConflict': ({ conflictId, body }) => {
      const { itemId } = noteConflictsOf(ctx.db).resolve(conflictId, body, new Date(ctx.clock.now()).toISOString());
      return getItemDetail(ctx.db, itemId);
    },
    'items.exactDates': (input) => getExactDates(ctx, input),
    'items.untag': ({ itemIds, tag, collection }) => {
      // The count of items that had it: zero tells the caller nothing was there to remove.
      return { untagged: ctx.collections.untag(itemIds, tag, collection) };
    },
  };
}
