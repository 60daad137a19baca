import { GleanerError, type ErrorCode } from '../../../shared/errors';
import { delayFor } from '../../../shared/long-timeout';
import type { BatchProgress, PauseReason, QueueStatus } from '../../../shared/queue';
import type { CliCore } from './context';
import type { CliIo } from './io';

type BatchOutcome =
  { kind: 'finished'; progress: BatchProgress } | { kind: 'paused'; reason: PauseReason; message: string; progress: BatchProgress };

/**
 * Waits until a batch has ended, or the queue pauses with it unfinished. Polls as well as
 * listening, because another process may be the one running the queue (its events never come here).
 */
function waitForBatch(
  core: CliCore,
  batchId: number,
  onProgress: ((progress: BatchProgress) => void | Promise<void>) | undefined,
  pollMs: number,
  onStatus: (status: QueueStatus) => void,
): Promise<BatchOutcome> {
  const { client } = core;
  return new Promise((resolve, reject) => {
    let settled = false;
    let checking = false;
    const check = async (): Promise<void> => {
      if (settled || checking) return;
      checking = true;
      try {
        const progress = await client.call('queue.batch', { batchId });
        if (settled) return;
        await onProgress?.(progress);
        if (progress.finished) return finish({ kind: 'finished', progress });
        const status = await client.call('queue.status', {});
        onStatus(status);
        const { paused } = status;
        if (paused && !settled) finish({ kind: 'paused', reason: paused.reason, message: paused.message, progress });
      } catch (error) {
        settled = true;
        stop();
        reject(error);
      } finally {
        checking = false;
      }
    };
    const unsubscribers = [
      client.subscribe('queue.status', () => void check()),
      client.subscribe('queue.batch', (progress) => {
        if (progress.batchId === batchId) void check();
      }),
    ];
    const timer = setInterval(() => void check(), pollMs);
    timer.unref?.();
    function stop(): void {
      clearInterval(timer);
      for (const unsubscribe of unsubscribers) unsubscribe();
    }
    function finish(outcome: BatchOutcome): void {
      settled = true;
      stop();
      resolve(outcome);
    }
    void check();
  });
}

/**
 * Runs the library's queue in this process (unless another Gleaner already runs it, in
 * which case the work waits there) until the batch has ended or the queue pauses.
 */
export async function runBatchInForeground(
  core: CliCore,
  io: CliIo,
  batchId: number,
  onProgress?: (progress: BatchProgress) => void | Promise<void>,
): Promise<BatchProgress> {
  await startOrExplain(core, io);
  // The queue's timers do not hold the process open (a waiting queue must not keep other
  // commands alive); this command waits for its batch, so it holds the process open itself.
  // Without this, a wait for a free slot with no request in flight let the process end with
  // status 0 and the batch half done.
  const keepAlive = setInterval(() => undefined, 60_000);
  const interrupt = whenInterrupted(io);
  try {
    const outcome = await Promise.race([waitForBatch(core, batchId, onProgress, 500, sayServiceWait(io)), interrupt.promise]);
    // The queue may have sent other batches' jobs beside this one's: their answers are paid
    // for, so they are stored before the command ends (Ctrl+C alone abandons them).
    await Promise.race([core.stopQueue({ finishInFlight: true }), interrupt.promise]);
    if (outcome.kind === 'paused') throw pausedError(outcome.reason, outcome.message);
    return outcome.progress;
  } finally {
    interrupt.stop();
    clearInterval(keepAlive);
  }
}

/** Runs every queued job until none is left (or the queue pauses). */
export async function drainQueue(
  core: CliCore,
  io: CliIo,
  onProgress?: (status: QueueStatus) => void | Promise<void>,
): Promise<QueueStatus> {
  await startOrExplain(core, io);
  const interrupt = whenInterrupted(io);
  const sayWait = sayServiceWait(io);
  try {
    for (;;) {
      const status = await core.client.call('queue.status', {});
      sayWait(status);
      await onProgress?.(status);
      if (status.paused) throw pausedError(status.paused.reason, status.paused.message);
      if (status.counts.queued + status.counts.running === 0) return status;
      await Promise.race([delayFor(500), interrupt.promise]);
    }
  } finally {
    interrupt.stop();
  }
}

/**
 * Tells stderr, once each, why nothing is sent while a 429 holds the queue back: a command that
 * waits an hour without a word looks hung.
 */
function sayServiceWait(io: CliIo): (status: QueueStatus) => void {
  let said = '';
  return (status) => {
    const message = status.serviceWait?.message ?? '';
    if (message !== '' && message !== said) io.stderr(`${message}\n`);
    said = message;
  };
}

const interruptions = new WeakSet<Error>();

/** Whether an error is the user's Ctrl+C (rather than, say, a pause, which is CANCELLED too). */
export const isInterruption = (error: unknown): boolean => error instanceof Error && interruptions.has(error);

/**
 * Ctrl+C while a command waits on the queue: the wait ends with CANCELLED, and the command's
 * core closes as after any error, which stops the queue in this process. A request in flight is
 * abandoned and its job goes back in line (a `call` withdraws its own), so nothing is left
 * marked running by a process that has gone.
 */
function whenInterrupted(io: CliIo): { promise: Promise<never>; stop: () => void } {
  let stop = (): void => undefined;
  const promise = new Promise<never>((_, reject) => {
    stop =
      io.onInterrupt?.(() => {
        io.stderr('Stopping (Ctrl+C again to quit at once)…\n');
        const error = new GleanerError('CANCELLED', 'Stopped at your request; everything fetched so far is stored.');
        interruptions.add(error);
        reject(error);
      }) ?? stop;
  });
  // Nobody may be waiting on it when the command ended another way.
  promise.catch(() => undefined);
  return { promise, stop };
}

async function startOrExplain(core: CliCore, io: CliIo): Promise<void> {
  // A command run now is the user's go-ahead to try again after a token or subscription
  // pause (the token may come from GLEANER_TOKEN, which the queue cannot see change).
  // A pause the user asked for stays until `gleaner queue resume`.
  const { paused } = await core.client.call('queue.status', {});
  if (paused && paused.reason !== 'user') await core.client.call('queue.resume', {});
  if (!core.startQueue()) {
    // The queue could not start here because the library cannot be written (a full disk): say
    // that, not that another process runs it.
    const { paused: now } = await core.client.call('queue.status', {});
    if (now?.reason === 'STORAGE_ERROR') throw pausedError(now.reason, now.message);
    io.stderr('Another Gleaner process is running this library’s queue; the work waits in it and this command follows its progress.\n');
  }
}

/** What to do about a pause, said for the command line (the queue's own sentences speak of Settings). */
const CLI_PAUSE_MESSAGES: Readonly<Record<string, string>> = {
  user: 'The queue is paused; run `gleaner queue resume` to continue.',
  TOKEN_REJECTED:
    'The service rejected the API token. Set a new one with `gleaner token set` (or GLEANER_TOKEN), then run the command again.',
  TOKEN_MISSING: 'No API token is set. Set it with `gleaner token set` (or GLEANER_TOKEN), then run the command again.',
  SUBSCRIPTION_INACTIVE: 'The team’s subscription is not active, so the service refuses requests. Renew it, then run the command again.',
  NETWORK: 'The service cannot be reached; nothing is lost and no attempt was used up. Run the command again once it can be reached.',
  UPSTREAM_ERROR:
    'The service failed several different requests in a row, so the queue stopped sending; nothing is lost. Run the command again later to carry on.',
};

/** The queue's sentence about a pause, said for the command line. */
export const cliPauseMessage = (reason: string, message: string): string => CLI_PAUSE_MESSAGES[reason] ?? message;

function pausedError(reason: string, message: string): GleanerError {
  const code: ErrorCode = reason === 'user' ? 'CANCELLED' : (reason as ErrorCode);
  return new GleanerError(code, cliPauseMessage(reason, message));
}
