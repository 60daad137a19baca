import type { CollectionContents, CollectionSummary } from '../../../shared/library';
import type { CoreContext } from '../context';
import { writeTransaction } from '../store/write-transaction';

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
