import { formatDateTime } from '../../lib/format';
import { useActivityStore } from '../../stores/activity-store';
import { useNow } from '../../lib/use-now';
import { dayMeterLabel, fraction, holdBackText, untilText } from './activity-text';

function Meter({ id, label, used, limit }: { id: string; label: string; used: number; limit: number }) {
  const share = fraction(used, limit);
  return (
    <div className="quota-row">
      <span id={`${id}-label`} className="quota-label">
        {label}
      </span>
      <div
        className={share >= 1 ? 'quota-bar is-full' : 'quota-bar'}
        role="meter"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} requests`}
      >
        <div className="quota-fill" style={{ width: `${share * 100}%` }} />
      </div>
      <span className="quota-numbers" data-testid={`${id}-numbers`}>
        {used.toLocaleString('en-US')} / {limit.toLocaleString('en-US')}
      </span>
    </div>
  );
}

/** The plan's budget: requests this minute and today, and when the next one may leave. */
export function QuotaGauge() {
  const status = useActivityStore((s) => s.status);
  const statusAt = useActivityStore((s) => s.statusAt);
  // Counts down between status updates while a slot is awaited.
  const now = useNow(status !== null && Date.parse(status.gauge.nextFreeSlot) > statusAt);
  if (!status) return <section className="quota" aria-label="Quota" />;
  const { gauge } = status;
  const holdBack = holdBackText(gauge);
  const until = untilText(gauge.nextFreeSlot, Math.max(now, statusAt));
  return (
    <section className="quota" aria-labelledby="quota-heading">
      <h3 id="quota-heading">Quota</h3>
      <Meter id="quota-minute" label="This minute" used={gauge.usedThisMinute} limit={gauge.effectiveLimits.perMinute} />
      <Meter id="quota-day" label={dayMeterLabel(gauge.dayReset)} used={gauge.usedToday} limit={gauge.effectiveLimits.perDay} />
      <p className="quota-next" data-testid="quota-next">
        Next free slot: <strong>{until}</strong>
        {until !== 'now' && <span className="muted"> ({formatDateTime(gauge.nextFreeSlot)})</span>}
      </p>
      {holdBack && <p className="muted">{holdBack}</p>}
      <p className="muted quota-plan">
        Your plan allows {gauge.limits.perMinute.toLocaleString('en-US')} requests a minute and{' '}
        {gauge.limits.perDay.toLocaleString('en-US')} a day, shared with everyone on your team. Change it in Settings.
      </p>
    </section>
  );
}
