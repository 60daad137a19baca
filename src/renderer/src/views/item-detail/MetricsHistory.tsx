import type { MetricSnapshot } from '../../../../shared/library';
import { formatCount, formatDate, formatDateTime } from '../../lib/format';
import { sparkline } from '../../lib/chart';
import { METRICS } from '../library/labels';

const BOX = { width: 220, height: 44, padding: 4 };

/** How the counts changed over the snapshots Gleaner took: one small line chart per count. */
export function MetricsHistory({ history }: { history: MetricSnapshot[] }) {
  const series = METRICS.map(([key, label]) => ({
    key,
    label,
    samples: history.map((snapshot) => ({ time: snapshot.fetchedAt, value: snapshot[key] })),
  })).filter((s) => s.samples.some((sample) => sample.value !== null));

  return (
    <section aria-labelledby="detail-metrics-heading" className="detail-section">
      <h3 id="detail-metrics-heading">Metrics history</h3>
      {series.length === 0 ? (
        <p className="muted">The platform gave no counts for this item.</p>
      ) : (
        <>
          {history.length < 2 && (
            <p className="muted">
              One snapshot so far ({formatDateTime(history[0]?.fetchedAt)}). Each time this item is fetched again, its counts are added
              here.
            </p>
          )}
          <ul className="metric-list">
            {series.map((s) => (
              <MetricRow key={s.key} label={s.label} samples={s.samples} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function MetricRow({ label, samples }: { label: string; samples: { time: string; value: number | null }[] }) {
  const line = sparkline(samples, BOX);
  const first = line.points[0];
  const last = line.points[line.points.length - 1];
  if (!first || !last) return null;
  const summary =
    line.points.length === 1
      ? `${label}: ${formatCount(last.value)} on ${formatDate(last.time)}`
      : `${label}: ${formatCount(first.value)} on ${formatDate(first.time)}, ${formatCount(last.value)} on ${formatDate(last.time)}, over ${line.points.length} snapshots`;
  const change = last.value - first.value;
  return (
    <li className="metric-row">
      <span className="metric-label">{label}</span>
      <span className="metric-value">
        {formatCount(last.value)}
        {line.points.length > 1 && change !== 0 && (
          <span className="muted">
            {' '}
            ({change > 0 ? '+' : '−'}
            {formatCount(Math.abs(change))})
          </span>
        )}
      </span>
      {line.points.length > 1 && (
        <svg
          className="sparkline"
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          width={BOX.width}
          height={BOX.height}
        >
          <path d={line.path} fill="none" stroke="currentColor" strokeWidth="1.5" />
          {line.points.map((p, i) => (
            <circle key={i} cx={p.x} cy={p.y} r="2.5" fill="currentColor">
              <title>{`${formatCount(p.value)} · ${formatDateTime(p.time)}`}</title>
            </circle>
          ))}
        </svg>
      )}
    </li>
  );
}
