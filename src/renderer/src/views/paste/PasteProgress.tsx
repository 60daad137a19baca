import { useId } from 'react';
import { formatItems } from '../../lib/format';
import { batchSettled, progressWords, waitingWords } from '../../lib/paste-plan';
import { useNow } from '../../lib/use-now';
import { isBusy, useActivityStore } from '../../stores/activity-store';
import { usePasteStore, type RunningImport } from '../../stores/paste-store';
import { PAUSE_TITLES } from '../activity/activity-text';

/** The running import: a progress bar, cancel, and when it is done, where the items are and what failed. */
export function PasteProgress({ run }: { run: RunningImport }) {
  const cancel = usePasteStore((s) => s.cancel);
  const id = useId();
  const progress = run.progress;
  const finished = progress?.finished ?? false;
  // The queue is followed app-wide (banners); a paused one would otherwise leave this bar still, unexplained.
  const paused = useActivityStore((s) => s.status?.paused ?? null);
  const resuming = useActivityStore((s) => isBusy(s.busy, 'resume'));
  // Between requests the import waits for the plan's next free slot: said, so a still bar is explained.
  const nextFreeSlot = useActivityStore((s) => s.status?.gauge.nextFreeSlot ?? null);
  const perMinute = useActivityStore((s) => s.status?.gauge.effectiveLimits.perMinute ?? null);
  const statusAt = useActivityStore((s) => s.statusAt);
  const now = useNow(!finished && !paused && nextFreeSlot !== null);
  const waiting = finished || paused ? null : waitingWords(nextFreeSlot, Math.max(now, statusAt), perMinute);
  return (
    <section className="paste-progress" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{finished ? 'Import finished' : 'Importing'}</h3>
      <progress
        aria-labelledby={`${id}-heading`}
        aria-describedby={`${id}-words`}
        max={progress?.total ?? 1}
        value={progress ? batchSettled(progress) : undefined}
        data-testid="paste-progress"
      />
      <p id={`${id}-words`} className="paste-progress-words" role="status" aria-live="polite">
        {progress ? progressWords(progress) : 'Starting…'}
      </p>
      {waiting && (
        <p className="muted paste-waiting" data-testid="paste-waiting">
          {waiting}
        </p>
      )}
      {!finished && paused && (
        <div className="paste-paused" role="alert" data-testid="paste-paused">
          <p>
            {PAUSE_TITLES[paused.reason]}: this import waits, and nothing is lost.{' '}
            {paused.reason === 'user' ? 'Resume the queue to carry on.' : paused.message}
          </p>
          {paused.reason === 'user' && (
            <button type="button" onClick={() => void useActivityStore.getState().resume()} disabled={resuming}>
              Resume the queue
            </button>
          )}
        </div>
      )}
      {!finished && (
        <button type="button" onClick={() => void cancel()}>
          Cancel the import
        </button>
      )}
      {finished && progress && progress.done === 0 && (
        <p data-testid="paste-outcome">Nothing was fetched: no request of this import succeeded.</p>
      )}
      {finished && progress && progress.done > 0 && (
        <p data-testid="paste-outcome">
          {formatItems(progress.done, 'request')} succeeded
          {run.collection ? (
            <>
              ; the items are in the collection “<bdi>{run.collection}</bdi>”. Open it in Collections or filter the Library by it.
            </>
          ) : (
            '; the items are in your library.'
          )}
        </p>
      )}
      {finished && run.missing && <p data-testid="paste-missing">{run.missing}</p>}
      {run.failures.length > 0 && (
        <div className="paste-failures">
          <h4>Failed</h4>
          <ul>
            {run.failures.map((job) => (
              <li key={job.id}>
                <bdi className="paste-link">{job.params.url ?? Object.values(job.params).join(' ')}</bdi>:{' '}
                {job.errorMessage ?? job.errorCode ?? 'Failed.'}
              </li>
            ))}
          </ul>
          <p className="muted">Retry them from Activity once the cause is fixed.</p>
        </div>
      )}
    </section>
  );
}
