import type { Command } from 'commander';
import { GleanerError, isGleanerError } from '../../../../shared/errors';
import {
  alreadyQueuedJobs,
  durationText,
  type BatchProgress,
  type ImportPlan,
  type JobState,
  type JobSummary,
} from '../../../../shared/queue';
import { checkCollectionName, describePlan } from '../../../core';
import { drainQueue, isInterruption, runBatchInForeground } from '../queue-runner';
import type { CliContext } from '../context';
import { readImportText } from '../import-text';

function describeLines(plan: ImportPlan): string {
  const lines = plan.lines
    .filter((l) => l.status !== 'blank' && l.status !== 'comment')
    .map((l) => {
      const what =
        l.status === 'fetch'
          ? `${l.operation}${l.requests > 1 ? ` (+${l.requests - 1} for the transcript)` : ''}${l.reason ? ` — ${l.reason}` : ''}`
          : `${l.status}: ${l.reason ?? ''}`;
      return `  line ${l.line}: ${what}${l.status === 'fetch' ? '' : `  [${l.text.slice(0, 80)}]`}`;
    });
  const c = plan.counts;
  return `${lines.join('\n')}\n${c.fetch} to fetch, ${c.rejected} rejected, ${c.duplicate} duplicate, ${c['already-fetched']} already in the library, ${c['already-queued']} already queued.\nPlan: ${describePlan(plan.quota)}\n`;
}

interface WaitingTally {
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  remaining: number;
}

/** How the waiting jobs stand: fetched, failed, cancelled (by you, meanwhile), or still to go. */
function tally(states: readonly (JobState | undefined)[]): WaitingTally {
  const count = (wanted: JobState) => states.filter((state) => state === wanted).length;
  const [done, failed, cancelled] = [count('done'), count('failed'), count('cancelled')];
  return { total: states.length, done, failed, cancelled, remaining: states.length - done - failed - cancelled };
}

export function registerImport(program: Command, ctx: CliContext): void {
  program
    .command('import')
    .description('fetch a list of links (one per line; blank lines and # comments allowed), showing the plan first')
    .argument('<file>', 'a file of links, or - for standard input')
    .option('--collection <name>', 'put every recognised link in this collection: those fetched, and those already in the library')
    .option('--transcripts', 'also fetch transcripts where the platform has them')
    .option('--refresh', 'fetch links that are already in the library again')
    .option('--dry-run', 'show the plan only; send nothing')
    .option('--carry-over', 'start even if the work does not fit in today’s budget')
    .action(
      async (
        source: string,
        options: { collection?: string; transcripts?: boolean; refresh?: boolean; dryRun?: boolean; carryOver?: boolean },
        command: Command,
      ) => {
        const json = ctx.json(command);
        const collection = options.collection === undefined ? undefined : checkCollectionName(options.collection);
        const text = await readImportText(source, ctx.io.stdin);
        const importInput = {
          text,
          ...(options.transcripts ? { transcripts: true } : {}),
          ...(options.refresh ? { refresh: true } : {}),
        };
        await ctx.withCore(command, async (core) => {
          const { client } = core;
          const plan = await client.call('import.plan', importInput);
          ctx.io.stdout(json ? `${JSON.stringify({ plan })}\n` : describeLines(plan));
          // A list of which no line is a link Gleaner can fetch is a mistake (the wrong file?), not "nothing to do".
          const recognised = plan.lines.filter((line) => line.operation !== undefined).length;
          if (plan.counts.rejected > 0 && recognised === 0) {
            throw new GleanerError(
              'INVALID_INPUT',
              `None of the ${plan.counts.rejected} line(s) is a link Gleaner can fetch; the plan above says why for each.`,
            );
          }
          if (options.dryRun) return;
          if (plan.counts.fetch > 0 && !plan.quota.fitsToday && !options.carryOver) {
            throw new GleanerError(
              'BUDGET_EXCEEDED',
              `This import does not fit in today’s budget (${plan.quota.requests} requests, ${plan.quota.remainingToday} left today). Run it again with --carry-over to let it continue over the next days.`,
            );
          }
          const queued = await client.call('import.queue', { ...importInput, ...(collection !== undefined ? { collection } : {}) });
          const { collected, queuedInto } = queued;
          if (collected > 0 && !json) ctx.io.stdout(`${collected} already in the library: now in “${collection}”.\n`);
          if (queuedInto > 0 && !json) ctx.io.stdout(`${queuedInto} already waiting in the queue: they go into “${collection}” too.\n`);
          let last = '';
          const report = async (progress: BatchProgress) => {
            const line = json
              ? JSON.stringify({ progress })
              : `${progress.done} done, ${progress.failed} failed, ${progress.remaining} remaining`;
            if (line === last) return;
            last = line;
            const gauge = await client.call('queue.status', {});
            ctx.io.stdout(
              json
                ? `${line}\n`
                : `${line} · ${gauge.recentRatePerMinute}/min · left: ${gauge.etaMinutes === null ? '?' : durationText(gauge.etaMinutes)}\n`,
            );
          };
          // Links from an earlier, interrupted run of this list wait in the queue: this run finishes
          // them too, and reports on them as on its own.
          const waiting = [...alreadyQueuedJobs(queued.plan)];
          const jobsNow = () => Promise.all(waiting.map((jobId) => client.call('queue.job', { jobId })));
          const waitingTally = async (): Promise<WaitingTally> => tally((await jobsNow()).map((job) => job?.state));
          let lastWaiting = '';
          const reportWaiting = async () => {
            const now = await waitingTally();
            const line = json
              ? JSON.stringify({ waiting: now })
              : `Waiting from an earlier run: ${now.done} done, ${now.failed} failed, ${now.remaining} remaining`;
            if (line === lastWaiting) return;
            lastWaiting = line;
            ctx.io.stdout(`${line}\n`);
          };
          let finished: BatchProgress | null = null;
          try {
            if (queued.batchId !== null) {
              const { batchId, joined } = queued;
              if (joined.length > 0) {
                // Queued by another import since the plan above: fetched once, there; this run waits for them and tallies them.
                waiting.push(...joined);
                if (!json)
                  ctx.io.stdout(
                    `${joined.length} of these link(s) were queued by another import meanwhile: they are fetched once, and this run waits for them too (or has them already).\n`,
                  );
              }
              if (joined.length < queued.jobs) finished = await runBatchInForeground(core, ctx.io, batchId, report);
            }
            if (waiting.length > 0) await drainQueue(core, ctx.io, reportWaiting);
          } catch (error) {
            if (isGleanerError(error) && isInterruption(error)) {
              // Unlike a call's single request, an import's list stays in line, as after a crash.
              throw new GleanerError(
                'CANCELLED',
                `${error.message} The links not yet fetched wait in the queue: run the same import again to finish them, or \`gleaner queue cancel --all\` to drop them.`,
              );
            }
            throw error;
          }
          // Each waiting job read once more, as it ended.
          const ended = await jobsNow();
          const resumed = waiting.length > 0 ? tally(ended.map((job) => job?.state)) : null;
          // The failed ones, with their errors, from this run's batch and those the waiting links came from.
          const failedRows = ended.filter((job) => job?.state === 'failed');
          const waitingFailed = new Set(failedRows.map((job) => job!.id));
          const waitingBatches = new Set(failedRows.map((job) => job!.batchId));
          // The contract lists at most 1000 jobs at once: the first thousand failures say enough.
          const failedOf = (batchId: number) => client.call('queue.jobs', { batchId, state: 'failed', limit: 1000 });
          const failedJobs: JobSummary[] = [
            ...(finished ? await failedOf(finished.batchId) : []),
            ...(await Promise.all([...waitingBatches].map(failedOf))).flat().filter((job) => waitingFailed.has(job.id)),
          ];
          if (json) {
            ctx.io.stdout(
              `${JSON.stringify({ done: finished, ...(resumed ? { waiting: resumed } : {}), collected, queuedInto, failed: failedJobs.map((j) => ({ id: j.id, operation: j.operation, params: j.params, error: { code: j.errorCode, message: j.errorMessage } })) })}\n`,
            );
          } else {
            if (finished) ctx.io.stdout(`Finished: ${finished.done} done, ${finished.failed} failed.\n`);
            if (resumed) {
              const cancelled = resumed.cancelled > 0 ? `, ${resumed.cancelled} cancelled` : '';
              ctx.io.stdout(
                `Finished the ${resumed.total} link(s) waiting from an earlier run: ${resumed.done} done, ${resumed.failed} failed${cancelled}.\n`,
              );
            }
            if (!finished && !resumed) ctx.io.stdout('Nothing new to fetch.\n');
            for (const job of failedJobs)
              ctx.io.stdout(
                `  failed #${job.id} ${job.operation} ${job.params.url ?? JSON.stringify(job.params)}: ${job.errorCode} ${job.errorMessage}\n`,
              );
          }
          // A script must be able to tell an import that fetched nothing, or not everything, from one that did.
          const firstFailure = failedJobs[0];
          if (firstFailure) {
            const total = (finished?.total ?? 0) + (resumed?.total ?? 0);
            throw new GleanerError(
              firstFailure.errorCode ?? 'UPSTREAM_ERROR',
              `${failedJobs.length} of ${total} request(s) failed (the list above says why); \`gleaner queue retry --all\` tries them again.`,
              { details: { fromService: true } },
            );
          }
        });
      },
    );
}
