import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CollectionChoice } from '../../components/CollectionChoice';
import { NO_COLLECTION, resolveCollection } from '../../lib/collection-choice';
import { countsSummary, linkCount, listedLines, quotaWords, startLabel } from '../../lib/paste-plan';
import { alreadyFetchedItems, alreadyQueuedJobs } from '../../../../shared/queue';
import { useCollectionsStore } from '../../stores/collections-store';
import { planKey, usePasteStore } from '../../stores/paste-store';
import { PasteLines } from './PasteLines';
import { PasteProgress } from './PasteProgress';
import './paste.css';

/** How long typing pauses before the links are checked. */
const PLAN_DELAY_MS = 300;
/** The bridge takes at most 5,000,000 characters of pasted text. */
const MAX_TEXT = 5_000_000;

/** Paste (or read from a file) many links; see what each is, what it costs; fetch them into a collection. */
export function PasteView() {
  const text = usePasteStore((s) => s.text);
  const options = usePasteStore((s) => s.options);
  const collection = usePasteStore((s) => s.collection);
  const carryOver = usePasteStore((s) => s.carryOver);
  const plan = usePasteStore((s) => s.plan);
  const plannedFor = usePasteStore((s) => s.plannedFor);
  const planning = usePasteStore((s) => s.planning);
  const planError = usePasteStore((s) => s.planError);
  const starting = usePasteStore((s) => s.starting);
  const startError = usePasteStore((s) => s.startError);
  const notice = usePasteStore((s) => s.notice);
  const run = usePasteStore((s) => s.run);
  const incoming = usePasteStore((s) => s.incoming);
  const { setText, setOption, setCollection, setCarryOver, makePlan, start, takeIncoming, clear } = usePasteStore.getState();
  const collections = useCollectionsStore((s) => s.collections);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [choiceProblem, setChoiceProblem] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const key = planKey(text, options);
  const current = plannedFor === key;

  // Check the links once typing pauses.
  useEffect(() => {
    void usePasteStore.getState().resumeRunning();
  }, []);

  useEffect(() => {
    if (usePasteStore.getState().plannedFor === key) return;
    const timer = setTimeout(() => void makePlan(), PLAN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, makePlan]);

  const running = run !== null && !(run.progress?.finished ?? false);
  const toFetch = current && plan ? plan.counts.fetch : 0;
  const overflow = plan && !plan.quota.fitsToday;
  // Links already in the library or waiting in the queue need no request, only a collection to go into.
  const toCollect =
    current && plan && collection.choice !== NO_COLLECTION ? alreadyFetchedItems(plan).length + alreadyQueuedJobs(plan).length : 0;
  const canStart = current && !starting && !running && ((toFetch > 0 && (!overflow || carryOver)) || (toFetch === 0 && toCollect > 0));

  const readFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileProblem(null);
    if (file.size > MAX_TEXT) {
      setFileProblem(`“${file.name}” is larger than 5 MB; split it into smaller files.`);
      return;
    }
    try {
      const content = await file.text();
      // A file adds to what is already pasted rather than replacing it.
      const joined = text.trim() ? `${text.replace(/\s+$/, '')}\n${content}` : content;
      if (joined.length > MAX_TEXT)
        setFileProblem('Together with the pasted links this is more than 5 million characters; clear the box first.');
      else setText(joined);
    } catch {
      setFileProblem(`“${file.name}” could not be read as text.`);
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!canStart) return;
    const target = resolveCollection(collection, collections);
    if ('problem' in target) {
      setChoiceProblem(target.problem);
      return;
    }
    setChoiceProblem(null);
    void start(target);
  };

  const quota = plan && current ? quotaWords(plan.quota) : null;

  return (
    <div className="paste">
      <h2 className="paste-heading">Paste URLs</h2>
      {incoming && <IncomingQuestion count={incoming.links.length} onAnswer={takeIncoming} />}
      <form className="paste-form" aria-label="Import links" onSubmit={submit} noValidate>
        <div className="paste-field">
          <label htmlFor={`${id}-text`}>Links, one per line</label>
          <textarea
            id={`${id}-text`}
            rows={8}
            value={text}
            spellCheck={false}
            autoComplete="off"
            maxLength={MAX_TEXT}
            aria-describedby={`${id}-text-note`}
            placeholder={'https://www.youtube.com/watch?v=…\nhttps://www.tiktok.com/@user/video/…'}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="paste-text-actions">
            <button type="button" onClick={clear} disabled={text === '' && !incoming}>
              Clear
            </button>
          </div>
          <p id={`${id}-text-note`} className="muted paste-note">
            Videos, posts, reels, pins and messages from any of the nine platforms. Lines starting with # are comments; duplicates and links
            already in your library are skipped.
          </p>
        </div>
        <div className="paste-field">
          <label htmlFor={`${id}-file`}>Or add the links in a text file</label>
          <input
            id={`${id}-file`}
            ref={fileRef}
            type="file"
            accept=".txt,.csv,.tsv,.md,text/plain,text/csv"
            onChange={(e) => void readFile(e)}
          />
          {fileProblem && (
            <p className="error" role="alert">
              {fileProblem}
            </p>
          )}
        </div>

        <fieldset className="paste-options">
          <legend>Options</legend>
          <label>
            <input type="checkbox" checked={options.transcripts} onChange={(e) => setOption('transcripts', e.target.checked)} /> Also fetch
            transcripts (videos)
          </label>
          <label>
            <input type="checkbox" checked={options.refresh} onChange={(e) => setOption('refresh', e.target.checked)} /> Fetch again links
            already in the library (a new metrics snapshot)
          </label>
        </fieldset>

        <section className="paste-plan" aria-labelledby={`${id}-plan-heading`} aria-busy={planning || !current}>
          <h3 id={`${id}-plan-heading`}>What will be fetched</h3>
          <p className="paste-plan-status muted" role="status" data-testid="paste-counts">
            {!text.trim()
              ? 'Paste links above, or choose a file: each line is checked as you type.'
              : planError
                ? ''
                : plan && current
                  ? countsSummary(plan.counts)
                  : 'Checking the links…'}
          </p>
          {planError && (
            <p className="error" role="alert">
              {planError}
            </p>
          )}
          {quota && plan && (
            <dl className="paste-quota" data-testid="paste-quota">
              <dt>Requests</dt>
              <dd>{quota.requests}</dd>
              <dt>Time</dt>
              <dd>{quota.time}</dd>
              <dt>Today’s budget</dt>
              <dd>{quota.share}</dd>
            </dl>
          )}
          {quota?.holdBack && (
            <p className="muted" data-testid="paste-hold-back">
              {quota.holdBack}
            </p>
          )}
          {quota?.overflow && (
            <div className="paste-overflow" role="alert">
              <p>{quota.overflow}</p>
              <label>
                <input type="checkbox" checked={carryOver} onChange={(e) => setCarryOver(e.target.checked)} /> Let the import carry over to
                the next days
              </label>
            </div>
          )}
          {plan && text.trim() && <PasteLines lines={listedLines(plan)} stale={!current} />}
        </section>

        <div className="paste-run">
          <CollectionChoice value={collection} onChange={setCollection} allowNone label="Put the items in" disabled={starting || running} />
          {choiceProblem && (
            <p className="error" role="alert">
              {choiceProblem}
            </p>
          )}
          <div className="paste-run-actions">
            <button type="submit" className="primary" disabled={!canStart}>
              {startLabel(starting, toFetch, toCollect)}
            </button>
            {running && <span className="muted">An import is running; the next can start when it is done.</span>}
          </div>
          {startError && (
            <p className="error" role="alert">
              {startError}
            </p>
          )}
          {notice && (
            <p className="muted" role="status">
              {notice}
            </p>
          )}
        </div>
      </form>
      {run && <PasteProgress run={run} />}
    </div>
  );
}

/** Links sent from the Library while the box holds others: replace them, or add to them. */
function IncomingQuestion({ count, onAnswer }: { count: number; onAnswer(how: 'replace' | 'add' | 'drop'): void }) {
  const id = useId();
  return (
    <section className="paste-incoming" aria-labelledby={`${id}-question`} data-testid="paste-incoming">
      <p id={`${id}-question`}>
        {linkCount(count)} came from the Library, and the box already holds other links. Replace them, or add the new ones below them?
      </p>
      <div className="paste-incoming-actions">
        <button type="button" className="primary" onClick={() => onAnswer('add')}>
          Add to the box
        </button>
        <button type="button" onClick={() => onAnswer('replace')}>
          Replace what is in the box
        </button>
        <button type="button" onClick={() => onAnswer('drop')}>
          Keep the box as it is
        </button>
      </div>
    </section>
  );
}
