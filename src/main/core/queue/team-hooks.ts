/**
 * Where a team hub joins the queue: just before a job's request would leave, and just after its
 * answer is stored. The queue knows nothing of PostgreSQL; the team parts (src/main/core/team)
 * decide through these hooks.
 */
import type { ResponseToStore } from '../library/ingest';
import type { JobRow } from '../store/queue/jobs';

/** What to do with a job whose turn has come. */
export type SendDecision =
  /** The hub granted a slot of the team's budget (or the desk runs on its own share): send it. */
  | { kind: 'send' }
  /** A colleague's answer to the same question, fresh enough: store it as this job's answer, send nothing. */
  | { kind: 'answered'; response: ResponseToStore }
  /** A colleague is asking the same question right now, or the team's budget is spent: back in line until then. */
  | { kind: 'later'; notBefore: number };

export interface TeamQueueHooks {
  /** Resolves when the job may go (or must not). Rejects only when `signal` aborts (the queue stopped). */
  beforeSend(job: JobRow, params: Record<string, string>, signal: AbortSignal): Promise<SendDecision>;
  /** This desk's own answer to `job` is stored: share it with the team. Must not throw. */
  afterStored?(job: JobRow, response: ResponseToStore): void;
  /**
   * This desk's request for `job` ended without an answer (failed, aborted, to be retried). Must
   * not throw. `error` is what ended it (a GleanerError with `details.notSent` when nothing left;
   * TOKEN_REJECTED when the team's token was refused).
   */
  afterFailed?(job: JobRow, params: Record<string, string>, error?: unknown): void;
}
