/**
 * Sizes of the reliability suite. `npm test` runs the short form; `npm run test:reliability`
 * sets GLEANER_RELIABILITY=full and runs the same tests at the lengths docs/reliability.md quotes.
 */
export const FULL = process.env.GLEANER_RELIABILITY === 'full';

export const SIZES = FULL
  ? { faultMatrixJobs: 1_000, crashKills: 20, crashLinks: 240, propertyRuns: 300, bridgeRunsPerMethod: 120, exporterRuns: 300 }
  : { faultMatrixJobs: 200, crashKills: 3, crashLinks: 60, propertyRuns: 60, bridgeRunsPerMethod: 20, exporterRuns: 30 };

/** Generous ceilings for whole tests; they stop a hang, they never measure speed. */
export const TEST_TIMEOUT_MS = FULL ? 900_000 : 180_000;
