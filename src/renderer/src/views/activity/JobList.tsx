import type { JobSummary } from '../../../../shared/queue';
import { formatDateTime } from '../../lib/format';
import { isBusy, JOBS_PER_STATE, useActivityStore, type ListedState } from '../../stores/activity-store';
import { describeJob, intoText } from './activity-text';

const HEADINGS: Record<ListedState, string> = {
  running: 'Running',
  paused: 'Waiting for the queue to resume',
  queued: 'Queued',
  failed: 'Failed',
  done: 'Done',
  cancelled: 'Cancelled',
};

function JobRow({ job }: { job: JobSummary }) {
  const busy = useActivityStore((s) => s.busy);
  const { cancel, retry } = useActivityStore.getState();
  const { title, subject } = describeJob(job);
  const canCancel = job.state === 'queued' || job.state === 'running' || job.state === 'paused';
  const canRetry = job.state === 'failed' || job.state === 'cancelled';
  const jobBusy = isBusy(busy, { jobId: job.id });
  return (
    <li className="job-row" data-testid="job" data-state={job.state}>
      <div className="job-main">
        <span className="job-title">{title}</span>
        {subject && <span className="job-subject break">{subject}</span>}
        {job.state === 'failed' && job.errorMessage && (
          <span className="job-reason error" data-testid="job-reason">
            {job.errorMessage}
          </span>
        )}
        <span className="job-meta muted">
          {job.state === 'done' && job.itemCount !== null
            ? `${job.itemCount.toLocaleString('en-US')} item${job.itemCount === 1 ? '' : 's'} · `
            : ''}
          {intoText(job.collections)}
          {job.attempts > 1 ? `${job.attempts} attempts · ` : ''}
          {formatDateTime(job.updatedAt)}
        </span>
      </div>
      {canCancel && (
        <button
          type="button"
          onClick={() => void cancel({ jobId: job.id })}
          disabled={jobBusy}
          aria-label={`Cancel: ${title}${subject ? `, ${subject}` : ''}`}
        >
          Cancel
        </button>
      )}
      {canRetry && (
        <button
          type="button"
          onClick={() => void retry({ jobId: job.id })}
          disabled={jobBusy}
          aria-label={`Retry: ${title}${subject ? `, ${subject}` : ''}`}
        >
          Retry
        </button>
      )}
    </li>
  );
}

export function JobList({ state, jobs, total }: { state: ListedState; jobs: JobSummary[]; total: number }) {
  if (jobs.length === 0) return null;
  const headingId = `jobs-${state}-heading`;
  return (
    <section className="job-list" aria-labelledby={headingId} data-testid={`jobs-${state}`}>
      <h3 id={headingId}>
        {HEADINGS[state]} <span className="muted">({total.toLocaleString('en-US')})</span>
      </h3>
      <ul>
        {jobs.map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </ul>
      {total > JOBS_PER_STATE && <p className="muted">The {JOBS_PER_STATE} most recent are shown.</p>}
    </section>
  );
}
