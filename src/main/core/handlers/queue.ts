import { GleanerError } from '../../../shared/errors';
import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { planUrlImport, startUrlImport } from '../usecases/import-urls';
import { queueImport } from '../usecases/queue-import';

type QueueMethods =
  | 'queue.status'
  | 'queue.jobs'
  | 'queue.pause'
  | 'queue.resume'
  | 'queue.cancel'
  | 'queue.retry'
  | 'queue.batch'
  | 'queue.batches'
  | 'import.plan'
  | 'import.start'
  | 'queue.job'
  | 'import.queue';

const target = (input: { jobId: number } | { batchId: number } | { all: true }) => ('all' in input ? ('all' as const) : input);

export function createQueueHandlers(ctx: CoreContext): Pick<Handlers, QueueMethods> {
  const { queue } = ctx;
  return {
    'queue.status': () => queue.status(),
    'queue.jobs': (filter) => queue.jobs(filter),
    'queue.pause': () => {
      queue.pause('user');
      return queue.status();
    },
    'queue.resume': () => {
      queue.resume();
      return queue.status();
    },
    'queue.cancel': (input) => ({ cancelled: queue.cancel(target(input)) }),
    'queue.retry': (input) => ({ retried: queue.retry(target(input)) }),
    'queue.batch': ({ batchId }) => queue.batchProgress(batchId),
    'queue.batches': () => queue.unfinishedBatches(),
    'import.plan': ({ text, transcripts, refresh }) => planUrlImport(ctx, text, { transcripts, refresh }).plan,
    'import.start': (input) => {
      if (input.createCollection && !input.collection) throw new GleanerError('INVALID_INPUT', 'Name the collection to create.');
      return startUrlImport(ctx, input);
    },
    'queue.job': ({ jobId }) => {
      const job = queue.job(jobId);
      return job ? { id: job.id, batchId: job.batch_id, state: job.state } : null;
    },
    'import.queue': (input) => queueImport(ctx, input),
  };
}
