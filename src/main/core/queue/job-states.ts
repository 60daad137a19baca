/** SQL condition on `jobs`: the job has not ended (it waits, runs, or is paused) — one definition for every query. */
export const JOB_WAITING = "state IN ('queued', 'running', 'paused')";
