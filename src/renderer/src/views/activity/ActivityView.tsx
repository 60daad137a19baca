import { useEffect } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { followQueueActivity, LISTED_STATES, useActivityStore } from '../../stores/activity-store';
import { QueueControls } from './QueueControls';
import { QuotaGauge } from './QuotaGauge';
import { JobList } from './JobList';
import { RunningBatches } from './RunningBatches';
import { CustodyActivity } from '../custody/CustodyActivity';
import './activity.css';

export function ActivityView() {
  const status = useActivityStore((s) => s.status);
  const statusError = useActivityStore((s) => s.statusError);
  const jobs = useActivityStore((s) => s.jobs);
  const jobsLoaded = useActivityStore((s) => s.jobsLoaded);
  const jobsError = useActivityStore((s) => s.jobsError);

  useEffect(() => followQueueActivity(true), []);

  const anyJobs = LISTED_STATES.some((state) => jobs[state].length > 0);

  return (
    <div className="activity">
      <h2>Activity</h2>
      {statusError && (
        <p className="error" role="alert">
          {statusError}
        </p>
      )}
      <QueueControls />
      <QuotaGauge />
      <RunningBatches />
      {jobsError && (
        <p className="error" role="alert">
          {jobsError}
        </p>
      )}
      {!jobsLoaded || status === null ? (
        <p className="muted">Reading the queue…</p>
      ) : !anyJobs ? (
        <EmptyState title="Nothing in the queue">
          <p>
            Requests you start in <strong>Fetch</strong> or <strong>Paste URLs</strong> appear here with their progress. Gleaner sends them
            within your plan’s limits and keeps them if you close the app.
          </p>
        </EmptyState>
      ) : (
        LISTED_STATES.map((state) => <JobList key={state} state={state} jobs={jobs[state]} total={status.counts[state]} />)
      )}
      {/* Read again as the queue moves: each answer stored adds an entry. */}
      <CustodyActivity refreshKey={status?.counts.done} />
    </div>
  );
}
