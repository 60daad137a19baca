/**
 * The team parts' queue hooks as one: asked in the order the parts were added, the first answer
 * that is not `send` decides; every part hears of each stored or failed answer.
 *
 * A part that throws must never break the queue, and must never let a request bypass the team's
 * budget either: sending on a throw would let a broken quota part spend the whole plan from every
 * desk at once. So a throw holds the job back briefly (`later`, budget given back) and is logged;
 * the queue carries on with other work and asks again. The cost of a part that keeps throwing is a
 * queue that waits and says why in `team status`, never a 429 storm for the team.
 */
import type { ResponseToStore } from '../library/ingest';
import type { Logger } from '../log';
import type { SendDecision, TeamQueueHooks } from '../queue/team-hooks';
import type { JobRow } from '../store/queue/jobs';
import type { TeamPart } from './part';

/** How long a job waits after a part failed to decide on it. */
export const PART_FAILURE_RETRY_MS = 15_000;

export interface ComposeHooksDeps {
  log: Pick<Logger, 'warn'>;
  now: () => number;
  /** Told when a part failed, so the status can say requests are held back. */
  onPartFailure?: (partName: string, error: unknown) => void;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 200);

export function composeQueueHooks(parts: readonly TeamPart[], deps: ComposeHooksDeps): TeamQueueHooks | null {
  const withHooks = parts.filter((part): part is TeamPart & { queueHooks: TeamQueueHooks } => part.queueHooks !== undefined);
  if (withHooks.length === 0) return null;
  const failed = (part: TeamPart, stage: string, error: unknown): void => {
    deps.log.warn('a team part failed', { part: part.name, stage, error: describe(error) });
    deps.onPartFailure?.(part.name, error);
  };
  return {
    async beforeSend(job: JobRow, params: Record<string, string>, signal: AbortSignal): Promise<SendDecision> {
      for (const part of withHooks) {
        let decision: SendDecision;
        try {
          decision = await part.queueHooks.beforeSend(job, params, signal);
        } catch (error) {
          // The queue stopping is not a part's failure: the queue expects the rejection.
          if (signal.aborted) throw error;
          failed(part, 'beforeSend', error);
          return { kind: 'later', notBefore: deps.now() + PART_FAILURE_RETRY_MS };
        }
        if (decision.kind !== 'send') return decision;
      }
      return { kind: 'send' };
    },
    afterStored(job: JobRow, response: ResponseToStore): void {
      for (const part of withHooks) {
        try {
          part.queueHooks.afterStored?.(job, response);
        } catch (error) {
          failed(part, 'afterStored', error);
        }
      }
    },
    afterFailed(job: JobRow, params: Record<string, string>, error?: unknown): void {
      for (const part of withHooks) {
        try {
          // What ended the request travels on: the quota part tells the team of a refused token.
          part.queueHooks.afterFailed?.(job, params, error);
        } catch (error) {
          failed(part, 'afterFailed', error);
        }
      }
    },
  };
}
