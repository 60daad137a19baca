/**
 * Answers that came but could not be stored yet (the library was locked by another process
 * past its busy timeout, or its disk was full), by job: paid for, and evidence. The job stays
 * running in this process, so nothing sends it again; the answers are stored as soon as the
 * queue runs again (resumed here or from another process), before any request and whatever
 * the rate limits, even if their job was cancelled meanwhile. Each is also written beside the
 * library (held-answer-files.ts), its job left running: a process that ends first leaves it to
 * the next one to take the queue over, which stores it instead of sending the job again. Only an
 * answer that could not be written there either is lost with its process (its job is sent again).
 *
 * A backlog is stored a batch at a time, each batch in one write transaction with its jobs
 * marked done: fewer commits (each one a sync to disk), and a failure part-way through stores
 * none of that batch, so no answer is stored twice and no job is done without its answer.
 */
import type { IngestResult } from '../library/ingest';
import type { Logger } from '../log';
import { writeTransaction, type ReadableDB } from '../store/database';
import { jobRepository as jobs, type JobRow } from '../store/queue/jobs';
import { storeAnswerIn, type Answer, type AnswerStoreDeps } from './answers';
import type { HeldAnswerStore } from './held-answer-files';

/** Answers stored per write transaction at most, so one batch cannot hold the write lock for long. */
export const HELD_BATCH_SIZE = 50;

/** Whether a held answer is still its job's to store: its own attempt, still running here, or the job cancelled meanwhile. */
export function isStillOurs(held: JobRow, row: Pick<JobRow, 'state' | 'attempts'> | undefined): boolean {
  return row !== undefined && ((row.state === 'running' && row.attempts === held.attempts + 1) || row.state === 'cancelled');
}

export interface HeldAnswersDeps extends AnswerStoreDeps {
  db: ReadableDB;
  log: Logger;
  nowIso(): string;
  /** An answer was stored (the queue's in-memory bookkeeping of a success). */
  onStored(job: JobRow, result: IngestResult): void;
  /** A held answer's job changed: its batch's progress is told. */
  announce(batchId: number): void;
  batchSize?: number;
  /** Where held answers outlive this process; absent (a library in memory), they are held here only. */
  files?: HeldAnswerStore;
}

export function createHeldAnswers(deps: HeldAnswersDeps) {
  const held = new Map<number, Answer>();
  /** The held answers written to disk, by job. */
  const saved = new Set<number>();
  const batchSize = deps.batchSize ?? HELD_BATCH_SIZE;
  const { files } = deps;

  /** Stores one batch in one transaction; returns the answers it settled (stored, or no longer ours). */
  function storeBatch(batch: readonly Answer[]): { answer: Answer; result: IngestResult | null }[] {
    const now = deps.nowIso();
    return writeTransaction(deps.db, (tx) =>
      batch.map((answer) => ({
        answer,
        result: isStillOurs(answer.job, jobs.byId(tx, answer.job.id)) ? storeAnswerIn(tx, deps, answer, now) : null,
      })),
    );
  }

  return {
    size: () => held.size,
    jobIds: () => [...held.keys()],
    hold(answer: Answer): void {
      held.set(answer.job.id, answer);
      if (files?.save(answer)) saved.add(answer.job.id);
    },
    /** Whether the job's answer waits on disk, so the job must stay running rather than be sent again. */
    isSaved: (jobId: number) => saved.has(jobId),
    /**
     * Takes up the answers other processes (or this one, earlier) left on disk; returns their jobs,
     * which stay running until the answers are stored.
     */
    loadSaved(): number[] {
      for (const answer of files?.loadAll() ?? []) {
        if (held.has(answer.job.id)) continue;
        held.set(answer.job.id, answer);
        saved.add(answer.job.id);
      }
      return [...saved];
    },
    /** Forgets the answers held in memory; those on disk stay there for the next run. */
    clear(): void {
      held.clear();
      saved.clear();
    },
    topUpReserve: () => files?.topUpReserve(),
    /** Stores every held answer, a batch per transaction; throws, to pause again, if it still cannot (that batch stays held). */
    drain(): void {
      while (held.size > 0) {
        const settled = storeBatch([...held.values()].slice(0, batchSize));
        for (const { answer, result } of settled) {
          const { job } = answer;
          held.delete(job.id);
          if (saved.delete(job.id)) files?.remove(job.id);
          if (result) {
            deps.onStored(job, result);
            deps.log.info('stored an answer held while the library could not be written', { job: job.id, operation: job.operation });
          } else {
            deps.log.warn('a held answer was not stored: its job is no longer this attempt (taken over, or already stored)', {
              job: job.id,
              operation: job.operation,
            });
          }
          deps.announce(job.batch_id);
        }
      }
    },
  };
}

export type HeldAnswers = ReturnType<typeof createHeldAnswers>;
