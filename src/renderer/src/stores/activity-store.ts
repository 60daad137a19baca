/**
 * The request queue as the Activity view and the app-wide banners see it: the status (pause
 * reason, counts, quota gauge) and the most recent jobs of each state. Kept fresh by the
 * `queue.status` / `queue.batch` events, with light polling as a safety net for events lost
 * while the page was asleep.
 */
import { create } from 'zustand';
import type { BatchProgress, JobState, JobSummary, QueueStatus } from '../../../shared/queue';
import { errorText } from '../lib/errors';
import { bridge } from '../transport';

/** The job lists the Activity view shows, in display order. */
export const LISTED_STATES = ['running', 'paused', 'queued', 'failed', 'done', 'cancelled'] as const satisfies readonly JobState[];
export type ListedState = (typeof LISTED_STATES)[number];

/** How many jobs of each state are listed; the counts above the lists say how many there are in all. */
export const JOBS_PER_STATE = 50;

export type QueueTarget = { jobId: number } | { batchId: number } | { all: true };

interface ActivityState {
  status: QueueStatus | null;
  /** When `status` arrived (ms), so "next free slot in 42 s" is measured from the same moment. */
  statusAt: number;
  statusError: string | null;
  jobs: Record<ListedState, JobSummary[]>;
  /** Imports and calls with requests still waiting, each as a whole (read with the job lists). */
  batches: BatchProgress[];
  jobsLoaded: boolean;
  jobsError: string | null;
  /** The last action's outcome, in words (shown next to the toolbar). */
  message: { text: string; tone: 'info' | 'error' } | null;
  /** Jobs with an action in flight, so their buttons are disabled meanwhile. */
  busy: Readonly<Record<string, true>>;
  loadStatus(): Promise<void>;
  loadJobs(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  cancel(target: QueueTarget): Promise<void>;
  retry(target: QueueTarget): Promise<void>;
}

const emptyJobs = (): Record<ListedState, JobSummary[]> => ({ running: [], paused: [], queued: [], failed: [], done: [], cancelled: [] });

const busyKey = (target: QueueTarget | 'pause' | 'resume'): string =>
  typeof target === 'string' ? target : 'all' in target ? 'all' : 'jobId' in target ? `job-${target.jobId}` : `batch-${target.batchId}`;

const plural = (n: number, noun: string): string => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

export const useActivityStore = create<ActivityState>((set, get) => {
  async function act(key: string, work: () => Promise<string | null>, doing: string): Promise<void> {
    set({ busy: { ...get().busy, [key]: true } });
    try {
      const text = await work();
      set({ message: text ? { text, tone: 'info' } : null });
    } catch (error) {
      set({ message: { text: errorText(error, doing), tone: 'error' } });
    } finally {
      const { [key]: _done, ...rest } = get().busy;
      set({ busy: rest });
      await Promise.all([get().loadStatus(), get().loadJobs()]);
    }
  }

  return {
    status: null,
    statusAt: 0,
    statusError: null,
    jobs: emptyJobs(),
    batches: [],
    jobsLoaded: false,
    jobsError: null,
    message: null,
    busy: {},

    async loadStatus() {
      try {
        set({ status: await bridge.call('queue.status', {}), statusAt: Date.now(), statusError: null });
      } catch (error) {
        set({ statusError: errorText(error, 'read the queue') });
      }
    },

    async loadJobs() {
      try {
        const [batches, ...lists] = await Promise.all([
          bridge.call('queue.batches', {}),
          ...LISTED_STATES.map((state) => bridge.call('queue.jobs', { state, limit: JOBS_PER_STATE })),
        ]);
        const jobs = emptyJobs();
        LISTED_STATES.forEach((state, index) => (jobs[state] = (lists[index] as JobSummary[] | undefined) ?? []));
        set({ jobs, batches: batches as BatchProgress[], jobsLoaded: true, jobsError: null });
      } catch (error) {
        set({ jobsLoaded: true, jobsError: errorText(error, 'list the queue’s requests') });
      }
    },

    pause: () =>
      act(
        busyKey('pause'),
        async () => {
          set({ status: await bridge.call('queue.pause', {}), statusAt: Date.now() });
          return 'The queue is paused. Requests already on their way finish; nothing new is sent.';
        },
        'pause the queue',
      ),

    resume: () =>
      act(
        busyKey('resume'),
        async () => {
          set({ status: await bridge.call('queue.resume', {}), statusAt: Date.now() });
          return null;
        },
        'resume the queue',
      ),

    cancel: (target) =>
      act(
        busyKey(target),
        async () => {
          const { cancelled } = await bridge.call('queue.cancel', target);
          return cancelled === 0 ? 'Nothing was left to cancel.' : `Cancelled ${plural(cancelled, 'request')}.`;
        },
        'cancel',
      ),

    retry: (target) =>
      act(
        busyKey(target),
        async () => {
          const { retried } = await bridge.call('queue.retry', target);
          return retried === 0 ? 'Nothing needed retrying.' : `${plural(retried, 'request')} back in the queue.`;
        },
        'retry',
      ),
  };
});

export const isBusy = (busy: Readonly<Record<string, true>>, target: QueueTarget | 'pause' | 'resume'): boolean =>
  busy[busyKey(target)] === true;

/**
 * Keeps the queue status (and, while `withJobs`, the job lists) fresh until the returned
 * function is called. The app follows the status for its banners; the Activity view adds the lists.
 */
export function followQueueActivity(withJobs: boolean, pollMs = withJobs ? 4000 : 20000): () => void {
  const store = useActivityStore.getState();
  void store.loadStatus();
  if (withJobs) void store.loadJobs();

  // Events come in bursts (one per finished job): one refresh per quarter second is plenty.
  let pending: ReturnType<typeof setTimeout> | null = null;
  const refreshSoon = (): void => {
    if (pending !== null) return;
    pending = setTimeout(() => {
      pending = null;
      void useActivityStore.getState().loadStatus();
      if (withJobs) void useActivityStore.getState().loadJobs();
    }, 250);
  };
  const offStatus = bridge.subscribe('queue.status', (status) => {
    useActivityStore.setState({ status, statusAt: Date.now(), statusError: null });
    if (withJobs) refreshSoon();
  });
  const offBatch = bridge.subscribe('queue.batch', refreshSoon);
  const poll = setInterval(() => {
    if (document.visibilityState === 'visible') refreshSoon();
  }, pollMs);
  return () => {
    offStatus();
    offBatch();
    clearInterval(poll);
    if (pending !== null) clearTimeout(pending);
  };
}
