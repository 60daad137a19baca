import { isBusy, useActivityStore } from '../../stores/activity-store';
import { etaText, PAUSE_TITLES } from './activity-text';

/** Whether the queue runs, why it is paused, and the buttons that act on all of it. */
export function QueueControls() {
  const status = useActivityStore((s) => s.status);
  const busy = useActivityStore((s) => s.busy);
  const message = useActivityStore((s) => s.message);
  const { pause, resume, cancel, retry } = useActivityStore.getState();

  const paused = status?.paused ?? null;
  const waiting = status ? status.counts.queued + status.counts.running + status.counts.paused : 0;
  // Cancelled jobs stay cancelled: each can be retried from its own row.
  const retryable = status ? status.counts.failed : 0;
  const eta = status && !paused ? etaText(status.etaMinutes) : null;

  return (
    <section className="queue-controls" aria-labelledby="queue-state-heading">
      <h3 id="queue-state-heading" className="visually-hidden">
        Queue
      </h3>
      <div className="queue-state" data-testid="queue-state">
        {status === null ? (
          <span className="muted">…</span>
        ) : paused ? (
          <>
            <strong>{PAUSE_TITLES[paused.reason]}</strong>
            <span className="muted">{paused.message}</span>
          </>
        ) : waiting > 0 ? (
          <>
            <strong>Running</strong>
            <span className="muted">
              {waiting.toLocaleString('en-US')} request{waiting === 1 ? '' : 's'} to go{eta ? `, ${eta} at the current pace` : ''}.
            </span>
          </>
        ) : (
          <>
            <strong>Idle</strong>
            <span className="muted">Nothing is waiting.</span>
          </>
        )}
      </div>
      <div className="queue-toolbar" role="group" aria-label="Whole queue">
        {/* One button that turns from Pause into Resume (one key), never disabled while its
            request is on its way (aria-disabled, clicks ignored): a disabled button loses focus,
            and on a slow machine it did not get it back. */}
        {paused ? (
          <button
            key="pause-resume"
            type="button"
            className="primary"
            onClick={() => void (isBusy(busy, 'resume') ? undefined : resume())}
            aria-disabled={isBusy(busy, 'resume') || undefined}
          >
            Resume queue
          </button>
        ) : (
          <button
            key="pause-resume"
            type="button"
            onClick={() => void (status === null || isBusy(busy, 'pause') ? undefined : pause())}
            aria-disabled={status === null || isBusy(busy, 'pause') || undefined}
          >
            Pause queue
          </button>
        )}
        <button type="button" onClick={() => void cancel({ all: true })} disabled={waiting === 0 || isBusy(busy, { all: true })}>
          Cancel all waiting
        </button>
        <button type="button" onClick={() => void retry({ all: true })} disabled={retryable === 0 || isBusy(busy, { all: true })}>
          Retry all failed
        </button>
      </div>
      <p className={message?.tone === 'error' ? 'queue-message error' : 'queue-message muted'} role="status" aria-live="polite">
        {message?.text ?? ''}
      </p>
    </section>
  );
}
