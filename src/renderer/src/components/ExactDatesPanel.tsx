/**
 * "Get exact dates": the plan of the details requests that would date the chosen items exactly
 * (how many, how long at the plan, what share of today's budget), shown before anything is
 * queued; the action queues them.
 */
import { useEffect, useId, useState } from 'react';
import type { ExactDatesResult } from '../../../shared/library';
import { errorText } from '../lib/errors';
import { formatItems } from '../lib/format';
import { quotaWords } from '../lib/paste-plan';
import { bridge } from '../transport';
import { PanelForm, type PanelProps } from './PanelForm';

export function ExactDatesPanel({ itemIds, ...panel }: PanelProps) {
  const [planned, setPlanned] = useState<ExactDatesResult | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [carryOver, setCarryOver] = useState(false);
  const id = useId();
  // The ids by value: a caller builds a new array on every render.
  const idsKey = itemIds.join(',');

  useEffect(() => {
    let current = true;
    bridge
      .call('items.exactDates', { itemIds, dryRun: true })
      .then((result) => current && setPlanned(result))
      .catch((error: unknown) => current && setLoadProblem(errorText(error, 'plan the requests')));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- idsKey stands for itemIds
  }, [idsKey]);

  const quota = planned ? quotaWords(planned.plan.quota) : null;
  const requests = planned?.plan.quota.requests ?? 0;
  return (
    <PanelForm
      {...panel}
      label="Get exact dates"
      action={requests > 0 ? `Queue ${quota?.requests ?? ''}` : 'Close'}
      busyAction="Queueing…"
      failure="queue the requests"
      check={() => (planned === null ? (loadProblem ?? 'The plan is still being made.') : null)}
      act={async () => {
        if (requests === 0) return 'Nothing to fetch: none of these items needs its date made exact.';
        const started = await bridge.call('items.exactDates', { itemIds, ...(carryOver ? { carryOver: true } : {}) });
        return `Queued ${formatItems(started.plan.quota.requests, 'request')} for exact dates; each date is replaced when its answer comes in.`;
      }}
    >
      <div data-testid="exact-dates-plan">
        {loadProblem && <p className="error">{loadProblem}</p>}
        {!planned && !loadProblem && <p className="muted">Planning…</p>}
        {planned && (
          <>
            <p>
              {formatItems(planned.itemIds.length)} dated approximately: their details are fetched again for the exact publish date.
              {planned.skipped.length > 0 &&
                ` ${formatItems(planned.skipped.length)} left as they are (exact already, or no operation fetches their details).`}
            </p>
            {quota && requests > 0 && (
              <dl className="facts">
                <dt>Requests</dt>
                <dd>{quota.requests}</dd>
                <dt>Time</dt>
                <dd>{quota.time}</dd>
                <dt>Budget</dt>
                <dd>{quota.share}</dd>
              </dl>
            )}
            {quota?.holdBack && <p className="muted">{quota.holdBack}</p>}
            {quota?.overflow && requests > 0 && (
              <>
                <p>{quota.overflow}</p>
                <label htmlFor={`${id}-carry`}>
                  <input id={`${id}-carry`} type="checkbox" checked={carryOver} onChange={(e) => setCarryOver(e.target.checked)} /> Let it
                  carry over to the next days
                </label>
              </>
            )}
          </>
        )}
      </div>
    </PanelForm>
  );
}
