import type { Command } from 'commander';
import { GleanerError } from '../../../../shared/errors';
import { dayWindowText, durationText, type JobSummary, type QueueStatus } from '../../../../shared/queue';
import { cliPauseMessage, drainQueue } from '../queue-runner';
import type { CliContext, CliCore } from '../context';
import { quoteInput } from '../../../../shared/quote-input';

/** A job id that names no job is a slip to report, not "0 jobs" to shrug at. */
/** The job named exists, and is in a state the action applies to (else the command says why, and changes nothing). */
async function requireJob(core: CliCore, target: { jobId: number } | 'all', action: 'cancel' | 'retry'): Promise<void> {
  if (target === 'all') return;
  const job = await core.client.call('queue.job', { jobId: target.jobId });
  if (!job)
    throw new GleanerError(
      'NOT_FOUND',
      `There is no job ${target.jobId} in the queue; \`gleaner queue status\` counts the jobs there are.`,
    );
  const applies = action === 'cancel' ? ['queued', 'running', 'paused'].includes(job.state) : ['failed', 'cancelled'].includes(job.state);
  if (!applies) {
    throw new GleanerError(
      'INVALID_INPUT',
      `Job ${target.jobId} is ${job.state}; only ${action === 'cancel' ? 'a job still waiting can be cancelled' : 'a failed or cancelled job can be retried'}. Nothing was changed.`,
    );
  }
}

/** What a job asks for, in a few words: its link, else its other parameters. */
function whatJobFetches(job: JobSummary): string {
  return (
    job.params.url ??
    Object.entries(job.params)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')
  ).slice(0, 120);
}

function describeStatus(status: QueueStatus): string {
  const g = status.gauge;
  const c = status.counts;
  return [
    status.paused
      ? `PAUSED (${status.paused.reason}): ${cliPauseMessage(status.paused.reason, status.paused.message)}`
      : status.serviceWait
        ? `Waiting (rate limit): ${status.serviceWait.message}`
        : 'Running',
    `Jobs: ${c.queued} queued, ${c.running} running, ${c.done} done, ${c.failed} failed, ${c.cancelled} cancelled`,
    `Used this minute: ${g.usedThisMinute} of ${g.effectiveLimits.perMinute}${g.share < 1 ? ` (plan ${g.limits.perMinute}; ${Math.round(g.share * 100)} % assumed ours while colleagues use it)` : ''}`,
    `Used today (${dayWindowText(g.dayReset)}): ${g.usedToday} of ${g.effectiveLimits.perDay}${g.share < 1 ? ` (plan ${g.limits.perDay})` : ''}`,
    // The slot alone would read as a slow queue: say why nothing goes before it.
    `Next free slot: ${g.nextFreeSlot}${g.usedToday >= g.effectiveLimits.perDay ? ` (today's budget is spent; nothing more is sent before then)` : ''}`,
    `Recent rate: ${status.recentRatePerMinute}/min${status.etaMinutes && !status.paused ? `; all waiting requests sent in ${durationText(status.etaMinutes)}` : ''}`,
  ].join('\n');
}

function parseTarget(id: string | undefined, all: boolean | undefined, verb: string): { jobId: number } | 'all' {
  if (all && id !== undefined) throw new GleanerError('INVALID_INPUT', `Give a job id or --all to ${verb}, not both.`);
  if (all) return 'all';
  if (id === undefined) throw new GleanerError('INVALID_INPUT', `Give the job id to ${verb}, or --all.`);
  if (!/^\d+$/.test(id) || Number(id) < 1) throw new GleanerError('INVALID_INPUT', `A job id is a whole number; ${quoteInput(id)} is not.`);
  return { jobId: Number(id) };
}

export function registerQueue(program: Command, ctx: CliContext): void {
  const queue = program.command('queue').description('the request queue and the quota gauge');
  const out = (command: Command, json: unknown, text: string) =>
    ctx.io.stdout(ctx.json(command) ? `${JSON.stringify(json)}\n` : `${text}\n`);

  queue
    .command('status')
    .description('jobs by state, and how much of the plan is used this minute and today')
    .action((_options: unknown, command: Command) =>
      ctx.withCore(
        command,
        async (core) => {
          const status = await core.client.call('queue.status', {});
          const failed = await core.client.call('queue.jobs', { state: 'failed', limit: 20 });
          // The ids `queue cancel ID` takes: the jobs still to run (the first 20 of each state), in
          // the order they go out: those on their way, then the next in line.
          const waiting = [
            ...(await core.client.call('queue.jobs', { state: 'running', limit: 20, oldestFirst: true })),
            ...(await core.client.call('queue.jobs', { state: 'queued', limit: 20, oldestFirst: true })),
          ];
          const list = (title: string, jobs: readonly JobSummary[], describe: (job: JobSummary) => string) =>
            jobs.length ? `\n${title}:\n${jobs.map((job) => `  #${job.id} ${describe(job)}`).join('\n')}` : '';
          out(
            command,
            { ...status, waiting, failed },
            `${describeStatus(status)}${list('Waiting', waiting, (j) => `${j.state} ${j.operation} ${whatJobFetches(j)}`)}${list('Failed', failed, (j) => `${j.operation}: ${j.errorCode} ${j.errorMessage}`)}`,
          );
          // A folder without a library (a typo) is said, not made into an empty queue.
        },
        { existing: true },
      ),
    );

  queue
    .command('pause')
    .description('stop sending requests (jobs stay queued)')
    .action((_options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        out(command, await core.client.call('queue.pause', {}), 'The queue is paused.');
      }),
    );

  queue
    .command('resume')
    .description('resume the queue and run it here until every queued job has ended')
    .action((_options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        await core.client.call('queue.resume', {});
        // Draining may take until tomorrow's budget: say what is happening, and each change of it.
        let last = '';
        const status = await drainQueue(core, ctx.io, (now) => {
          if (ctx.json(command)) return;
          const line = `${now.counts.queued + now.counts.running} waiting, ${now.counts.done} done, ${now.counts.failed} failed${now.etaMinutes ? `; all sent in ${durationText(now.etaMinutes)}` : ''}`;
          if (line !== last)
            ctx.io.stdout(
              `${last === '' ? 'Resumed; running the queue here until every waiting job has ended (Ctrl+C stops it; the jobs stay queued).\n' : ''}${line}\n`,
            );
          last = line;
        });
        out(command, status, describeStatus(status));
      }),
    );

  queue
    .command('cancel')
    .description('cancel a queued job, or --all')
    .argument('[id]')
    .option('--all', 'every queued and running job')
    .action((id: string | undefined, options: { all?: boolean }, command: Command) => {
      const target = parseTarget(id, options.all, 'cancel');
      return ctx.withCore(command, async (core) => {
        await requireJob(core, target, 'cancel');
        const { cancelled } = await core.client.call('queue.cancel', target === 'all' ? { all: true } : target);
        out(command, { cancelled }, `Cancelled ${cancelled} job(s).`);
      });
    });

  queue
    .command('retry')
    .description('queue a failed or cancelled job again, or --all')
    .argument('[id]')
    .option('--all', 'every failed job (a cancelled job is retried by its id only)')
    .action((id: string | undefined, options: { all?: boolean }, command: Command) => {
      const target = parseTarget(id, options.all, 'retry');
      return ctx.withCore(command, async (core) => {
        await requireJob(core, target, 'retry');
        const { retried } = await core.client.call('queue.retry', target === 'all' ? { all: true } : target);
        out(command, { retried }, `Queued ${retried} job(s) again; \`gleaner queue resume\` runs them.`);
      });
    });
}
