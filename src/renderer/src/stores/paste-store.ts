/**
 * The Paste URLs view: the pasted text and its options, the plan the core makes of it (each
 * line recognised or rejected, the cost against the quota), and the import once it runs,
 * followed through `queue.batch` events and a slow poll (events can be missed while the
 * page reconnects).
 */
import { create } from 'zustand';
import type { BatchProgress, ImportPlan, JobSummary } from '../../../shared/queue';
import { NEW_COLLECTION, type CollectionChoiceValue } from '../lib/collection-choice';
import { GleanerError } from '../../../shared/errors';
import { errorText } from '../lib/errors';
import { knownLinksNotice, missingSummary, withLinksAdded } from '../lib/paste-plan';
import { libraryChanged } from '../lib/library-events';
import { useCollectionsStore } from './collections-store';
import { bridge } from '../transport';

const POLL_MS = 1500;

const BUDGET_SHRANK =
  'Nothing was started: today’s budget has shrunk since these links were checked (other work used it), and the import no longer fits in what is left today. The figures above are up to date: let it carry over to the next days to start it.';

export interface PasteOptions {
  transcripts: boolean;
  refresh: boolean;
}

export interface RunningImport {
  batchId: number;
  collection: string | null;
  progress: BatchProgress | null;
  failures: JobSummary[];
  /** Once finished: what its answered requests did not bring ("3 videos without a transcript"). */
  missing?: string | null;
}

/** Links sent from another view while the box holds other links: the user says whether they replace them or join them. */
export interface IncomingLinks {
  links: readonly string[];
  options: PasteOptions;
}

interface PasteState {
  text: string;
  options: PasteOptions;
  collection: CollectionChoiceValue;
  carryOver: boolean;
  plan: ImportPlan | null;
  /** The text and options the plan was made for; the plan is out of date when they differ. */
  plannedFor: string | null;
  planning: boolean;
  planError: string | null;
  starting: boolean;
  startError: string | null;
  /** What starting did besides fetching: links already in the library put in the collection. */
  notice: string | null;
  run: RunningImport | null;
  incoming: IncomingLinks | null;
  setText(text: string): void;
  /**
   * Links sent from another view, with these options. Into an empty box (or one that holds them
   * already) they go at once; otherwise the view asks whether they replace what is there or are
   * added to it (`takeIncoming`). The chosen collection stays as it was.
   */
  prefill(links: readonly string[], options: PasteOptions): void;
  takeIncoming(how: 'replace' | 'add' | 'drop'): void;
  /** Empties the box and what was said about it (a running import goes on). */
  clear(): void;
  setOption(name: keyof PasteOptions, value: boolean): void;
  setCollection(value: CollectionChoiceValue): void;
  setCarryOver(value: boolean): void;
  /** Asks the core for the plan of the current text (the view debounces calls). */
  makePlan(): Promise<void>;
  start(collection: { name: string | null; create: boolean }): Promise<void>;
  cancel(): Promise<void>;
  /**
   * With no import on screen, takes up the latest import still running in the queue (the window
   * was reloaded, or reopened after a restart): its progress and Cancel come back.
   */
  resumeRunning(): Promise<void>;
}

export const planKey = (text: string, options: PasteOptions): string => JSON.stringify([text, options.transcripts, options.refresh]);

let planSeq = 0;
let stopWatching: (() => void) | null = null;

export const usePasteStore = create<PasteState>((set, get) => {
  function watch(batchId: number): void {
    stopWatching?.();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const apply = (progress: BatchProgress): void => {
      const run = get().run;
      if (stopped || !run || run.batchId !== batchId) return;
      set({ run: { ...run, progress } });
      if (progress.finished) void finish();
    };

    const poll = async (): Promise<void> => {
      if (stopped) return;
      try {
        apply(await bridge.call('queue.batch', { batchId }));
      } catch {
        // The next poll tries again; the events may arrive meanwhile.
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };

    const unsubscribe = bridge.subscribe('queue.batch', (progress) => {
      if (progress.batchId === batchId) apply(progress);
    });

    const finish = async (): Promise<void> => {
      stop();
      let failures: JobSummary[] = [];
      let missing: string | null = null;
      try {
        failures = await bridge.call('queue.jobs', { batchId, state: 'failed', limit: 1000 });
        missing = missingSummary(await bridge.call('queue.jobs', { batchId, state: 'done', limit: 1000 }));
      } catch {
        // The progress already says how many failed; the reasons are in Activity too.
      }
      const run = get().run;
      if (run?.batchId === batchId) set({ run: { ...run, failures, missing } });
      libraryChanged();
      void useCollectionsStore.getState().load();
      // What was just fetched now counts as already fetched: show the list as it now stands.
      void get().makePlan();
    };

    const stop = (): void => {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      if (stopWatching === stop) stopWatching = null;
    };
    stopWatching = stop;
    void poll();
  }

  return {
    text: '',
    options: { transcripts: false, refresh: false },
    collection: { choice: NEW_COLLECTION, newName: '' },
    carryOver: false,
    plan: null,
    plannedFor: null,
    planning: false,
    planError: null,
    starting: false,
    startError: null,
    notice: null,
    run: null,
    incoming: null,

    setText(text) {
      set({ text, startError: null });
    },

    prefill(links, options) {
      const text = get().text;
      // Nothing to choose between: an empty box, or one that holds these links already.
      if (withLinksAdded(text, links) === text || text.trim() === '') {
        set({
          text: withLinksAdded(text, links),
          options,
          carryOver: false,
          startError: null,
          notice: null,
          planError: null,
          incoming: null,
        });
        return;
      }
      set({ incoming: { links, options } });
    },

    takeIncoming(how) {
      const incoming = get().incoming;
      if (!incoming) return;
      if (how === 'drop') {
        set({ incoming: null });
        return;
      }
      const text = how === 'replace' ? incoming.links.join('\n') : withLinksAdded(get().text, incoming.links);
      set({ text, options: incoming.options, carryOver: false, startError: null, notice: null, planError: null, incoming: null });
    },

    clear() {
      const run = get().run;
      set({
        text: '',
        plan: null,
        plannedFor: null,
        planError: null,
        startError: null,
        notice: null,
        carryOver: false,
        incoming: null,
        // A finished import's report goes with the links; one still running stays in view.
        run: run && !(run.progress?.finished ?? false) ? run : null,
      });
    },

    setOption(name, value) {
      set({ options: { ...get().options, [name]: value }, startError: null });
    },

    setCollection(collection) {
      set({ collection, startError: null });
    },

    setCarryOver(carryOver) {
      set({ carryOver });
    },

    async makePlan() {
      const { text, options } = get();
      const key = planKey(text, options);
      if (!text.trim()) {
        planSeq += 1;
        set({ plan: null, plannedFor: key, planning: false, planError: null });
        return;
      }
      const seq = ++planSeq;
      set({ planning: true });
      try {
        const plan = await bridge.call('import.plan', { text, transcripts: options.transcripts, refresh: options.refresh });
        if (seq === planSeq) set({ plan, plannedFor: key, planning: false, planError: null });
      } catch (error) {
        if (seq === planSeq) set({ planning: false, planError: errorText(error, 'check the links') });
      }
    },

    async resumeRunning() {
      if (get().run !== null || get().starting) return;
      let running: BatchProgress[];
      try {
        running = await bridge.call('queue.batches', {});
      } catch {
        return; // Activity lists the queue too; nothing here is lost.
      }
      const latest = running.filter((batch) => batch.kind === 'import').at(-1);
      if (!latest || get().run !== null || get().starting) return;
      set({ run: { batchId: latest.batchId, collection: latest.collection, progress: latest, failures: [] } });
      watch(latest.batchId);
    },

    async start(collection) {
      const { text, options, carryOver, starting } = get();
      if (starting) return;
      set({ starting: true, startError: null, notice: null });
      try {
        const { batchId, plan, collected, queuedInto } = await bridge.call('import.start', {
          text,
          transcripts: options.transcripts,
          refresh: options.refresh,
          carryOver,
          ...(collection.name ? { collection: collection.name, ...(collection.create ? { createCollection: true } : {}) } : {}),
        });
        if (collection.create) void useCollectionsStore.getState().load();
        const notice = collection.name ? knownLinksNotice(collected, queuedInto, collection.name) : null;
        set({ plan, plannedFor: planKey(text, options), starting: false, notice });
        if (collected > 0) libraryChanged();
        // What was chosen is now an existing collection (a new one was just created).
        if (collection.name) set({ collection: { choice: collection.name, newName: '' } });
        if (batchId === null) {
          // Nothing was fetched: this start's outcome is the notice, not the last import's progress.
          if (collected > 0 || queuedInto > 0) {
            stopWatching?.();
            set({ run: null });
            return;
          }
          set({ startError: 'Nothing to fetch: every line is rejected, a duplicate, or already in your library.' });
          return;
        }
        set({ run: { batchId, collection: collection.name, progress: null, failures: [] } });
        watch(batchId);
      } catch (error) {
        if (error instanceof GleanerError && error.code === 'BUDGET_EXCEEDED') {
          // The plan on screen said it fitted; other work has spent today's budget since. Show
          // the figures as they are now, with the choice to let it carry over.
          set({ starting: false, carryOver: false, startError: BUDGET_SHRANK });
          void get().makePlan();
          return;
        }
        set({ starting: false, startError: errorText(error, 'start the import') });
      }
    },

    async cancel() {
      const run = get().run;
      if (!run) return;
      try {
        await bridge.call('queue.cancel', { batchId: run.batchId });
      } catch (error) {
        set({ startError: errorText(error, 'cancel the import') });
      }
    },
  };
});
