import { useState } from 'react';
import { itemLabel } from '../../../../shared/item-label';
import type { ItemRecord } from '../../../../shared/library';
import { WatchPanel } from '../../components/WatchPanel';

/** "Watch…" on the open item: its details fetched again at an interval, the cost shown before saving. */
export function WatchItemAction({ item }: { item: ItemRecord }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <div className="item-watch" role="group" aria-label="Watch this item">
      {!open && (
        <button
          type="button"
          aria-expanded={false}
          onClick={() => {
            setSaved(null);
            setOpen(true);
          }}
        >
          Watch…
        </button>
      )}
      {open && (
        <WatchPanel
          target={{ kind: 'item', itemId: item.id }}
          suggestedLabel={itemLabel(item, { maxTitle: 100 })}
          onSaved={(text) => {
            setSaved(text);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
      <p className="muted" role="status">
        {saved ?? ''}
      </p>
    </div>
  );
}
