import { useId } from 'react';
import {
  getOperation,
  operationsOf,
  platformDetail,
  PLATFORMS,
  PLATFORM_LABELS,
  type OperationId,
  type Platform,
} from '../../../../shared/catalogue';
import { useActivityStore } from '../../stores/activity-store';
import { useFetchStore } from '../../stores/fetch-store';
import { useNow } from '../../lib/use-now';
import { runningText } from '../activity/activity-text';
import { FetchForm } from './FetchForm';
import { FetchResults } from './FetchResults';
import './fetch.css';
import { Options } from '../../components/Options';

/** Run any of the service's 20 operations: choose it, fill in its form, page through what it returns. */
export function FetchView() {
  const platform = useFetchStore((s) => s.platform);
  const operation = useFetchStore((s) => s.operation);
  const setPlatform = useFetchStore((s) => s.setPlatform);
  const setOperation = useFetchStore((s) => s.setOperation);
  const status = useFetchStore((s) => s.status);
  const announcement = useFetchStore((s) => s.announcement);
  // The queue's gauge, followed app-wide: a run waits only for the plan's next free slot.
  const nextFreeSlot = useActivityStore((s) => s.status?.gauge.nextFreeSlot ?? null);
  const statusAt = useActivityStore((s) => s.statusAt);
  const error = useFetchStore((s) => s.error);
  const results = useFetchStore((s) => s.results);
  const id = useId();
  const op = getOperation(operation);
  const now = useNow(status === 'running' && nextFreeSlot !== null);

  return (
    <div className="fetch">
      <h2 className="fetch-heading">Fetch</h2>
      <div className="fetch-picker">
        <div className="fetch-field">
          <label htmlFor={`${id}-platform`}>Platform</label>
          <select
            id={`${id}-platform`}
            value={platform}
            title={platformDetail(platform)}
            onChange={(e) => setPlatform(e.target.value as Platform)}
          >
            <Options values={PLATFORMS} label={(p) => PLATFORM_LABELS[p]} />
          </select>
        </div>
        <div className="fetch-field">
          <label htmlFor={`${id}-operation`}>Operation</label>
          <select id={`${id}-operation`} value={operation} onChange={(e) => setOperation(e.target.value as OperationId)}>
            {operationsOf(platform).map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="fetch-summary">
        {op.summary} <span className="mono muted">{op.id}</span>
      </p>
      {op.caveats.length > 0 && (
        <div className="fetch-caveats" role="note" aria-label="Good to know">
          <strong>Good to know:</strong>
          <ul>
            {op.caveats.map((caveat) => (
              <li key={caveat}>{caveat}</li>
            ))}
          </ul>
        </div>
      )}
      <FetchForm />
      <div className="fetch-status" role="status" aria-live="polite">
        {status === 'running' ? (
          <>
            {/* Heard once per queue update; seen counting down (a ticking live region would speak every second). */}
            <span className="visually-hidden">{runningText(op.title, nextFreeSlot, statusAt)}</span>
            <span aria-hidden="true" data-testid="fetch-countdown">
              {runningText(op.title, nextFreeSlot, Math.max(now, statusAt))}
            </span>
          </>
        ) : status === 'loading-more' ? (
          'Loading the next page…'
        ) : (
          (announcement ?? '')
        )}
      </div>
      {status !== 'idle' && (
        <button type="button" className="fetch-cancel" onClick={() => void useFetchStore.getState().cancelRun()}>
          Cancel
        </button>
      )}
      {error && (
        <p className="fetch-error error" role="alert">
          {error}
        </p>
      )}
      {results ? (
        <FetchResults results={results} />
      ) : (
        <div className="fetch-empty">
          <p className="muted">
            Nothing fetched yet. Choose a platform and an operation, fill in the form and press <strong>Run</strong>. The items appear here
            and are kept in your library, searchable offline.
          </p>
        </div>
      )}
    </div>
  );
}
