import { isBusy, useActivityStore } from '../../stores/activity-store';

/**
 * Each import (or paged call) with requests still waiting, as a whole: how far it is, and a Cancel
 * for it alone, so a reopened window can stop one import without cancelling everything else.
 */
export function RunningBatches() {
  const batches = useActivityStore((s) => s.batches);
  const busy = useActivityStore((s) => s.busy);
  const { cancel } = useActivityStore.getState();
  // A single request is its own row below; a batch is worth a line of its own from two on.
  const shown = batches.filter((batch) => batch.total > 1);
  if (shown.length === 0) return null;
  return (
    <section className="running-batches" aria-labelledby="running-batches-heading">
      <h3 id="running-batches-heading">Running imports</h3>
      <ul>
        {shown.map((batch) => {
          const finished = batch.done + batch.failed + batch.cancelled;
          const into = batch.collection ? ` into “${batch.collection}”` : '';
          return (
            <li key={batch.batchId} data-testid="running-batch">
              <span className="running-batch-label">
                {batch.label}
                {into}
              </span>
              <progress max={batch.total} value={finished} aria-label={`Progress of ${batch.label}`} />
              <span className="muted">
                {finished.toLocaleString('en-US')} of {batch.total.toLocaleString('en-US')} finished
                {batch.failed > 0 ? ` (${batch.failed.toLocaleString('en-US')} failed)` : ''}
              </span>
              <button
                type="button"
                onClick={() => void cancel({ batchId: batch.batchId })}
                disabled={isBusy(busy, { batchId: batch.batchId })}
              >
                Cancel this import
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
