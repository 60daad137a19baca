import { useState } from 'react';
import { getOperation } from '../../../../shared/catalogue';
import { WatchPanel } from '../../components/WatchPanel';
import { queryText } from '../../lib/fetch-form';
import type { FetchResults } from '../../stores/fetch-store';

/**
 * "Watch this…" under a listing's or a search's results: the same operation and parameters run
 * again at an interval, new and vanished items noticed. The cost is shown before saving; an
 * operation that cannot be watched is refused by the plan, in words.
 */
export function FetchWatch({ results }: { results: FetchResults }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const op = getOperation(results.operation);
  const asked = results.asked ?? results.params;
  return (
    <div className="fetch-watch" role="group" aria-label="Watch these results again">
      {open ? (
        <WatchPanel
          target={{ kind: 'operation', operation: results.operation, params: { ...results.params } }}
          suggestedLabel={queryText(op, asked)}
          onSaved={(text) => {
            setSaved(text);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : (
        <button
          type="button"
          onClick={() => {
            setSaved(null);
            setOpen(true);
          }}
        >
          Watch this…
        </button>
      )}
      <p className="muted" role="status">
        {saved ?? ''}
      </p>
    </div>
  );
}
