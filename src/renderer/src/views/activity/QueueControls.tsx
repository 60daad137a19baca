import { useEffect, useRef, useState } from 'react';
import { isBusy, useActivityStore } from '../../stores/activity-store';
import { bulkConfirmText, etaText, PAUSE_TITLES, SERVICE_WAIT_TITLE } from './activity-text';

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
  // Both act on the whole queue and cost requests or work: each asks first, with the numbers.
  const [asked, setAsked] = useState<'cancel' | 'retry' | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelAllRef = useRef<HTMLButtonElement>(null);
  const retryAllRef = useRef<HTMLButtonElement>(null);
  const count = asked === 'cancel' ? waiting : retryable;
  // Nothing left to act on (the queue finished meanwhile): the question goes.
  const confirming = count > 0 ? asked : null;
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const settle = (action: 'cancel' | 'retry', go: boolean) => {
    setAsked(null);
    (action === 'cancel' ? cancelAllRef : retryAllRef).current?.focus();
    if (go) void (action === 'cancel' ? cancel({ all: true }) : retry({ all: true }));
  };

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
        ) : status.serviceWait && waiting > 0 ? (
          <>
            <strong>{SERVICE_WAIT_TITLE}</strong>
            <span className="muted">{status.serviceWait.message}</span>
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
        <button
          ref={cancelAllRef}
          type="button"
          onClick={() => setAsked('cancel')}
          disabled={waiting === 0 || isBusy(busy, { all: true })}
          aria-expanded={confirming === 'cancel'}
        >
          Cancel all waiting
        </button>
        <button
          ref={retryAllRef}
          type="button"
          onClick={() => setAsked('retry')}
          disabled={retryable === 0 || isBusy(busy, { all: true })}
          aria-expanded={confirming === 'retry'}
        >
          Retry all failed
        </button>
      </div>
      {confirming && (
        <div
          className="queue-confirm"
          role="group"
          aria-labelledby="queue-confirm-text"
          data-testid="queue-confirm"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              settle(confirming, false);
            }
          }}
        >
          <p id="queue-confirm-text">{bulkConfirmText(confirming, count, status?.gauge ?? null)}</p>
          <button ref={confirmRef} type="button" className="primary" onClick={() => settle(confirming, true)}>
            {confirming === 'cancel'
              ? `Cancel ${count.toLocaleString('en-US')} request${count === 1 ? '' : 's'}`
              : `Retry ${count.toLocaleString('en-US')} request${count === 1 ? '' : 's'}`}
          </button>
          <button type="button" onClick={() => settle(confirming, false)}>
            {confirming === 'cancel' ? 'Keep them waiting' : 'Leave them failed'}
          </button>
        </div>
      )}
      <p className={message?.tone === 'error' ? 'queue-message error' : 'queue-message muted'} role="status" aria-live="polite">
        {message?.text ?? ''}
      </p>
    </section>
  );
}
