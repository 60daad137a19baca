/** The id of the item detail's focus target, and a way to move focus there once it is drawn. */
import { useItemStore } from '../../stores/item-store';

export const ITEM_DETAIL_ID = 'item-detail';

/** Moves focus to the open item's detail, waiting for it to load when it is still loading. */
export function focusItemDetail(): void {
  const ready = (): boolean => {
    const { detail, openId, error } = useItemStore.getState();
    if (!error && (!detail || detail.item.id !== openId)) return false;
    requestAnimationFrame(() => document.getElementById(ITEM_DETAIL_ID)?.focus());
    return true;
  };
  if (ready()) return;
  const unsubscribe = useItemStore.subscribe(() => {
    if (ready()) unsubscribe();
  });
  setTimeout(unsubscribe, 10_000);
}
