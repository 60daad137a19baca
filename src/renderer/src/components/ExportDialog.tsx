/**
 * Export, wherever there is something to export: `ExportButton` opens `ExportDialog` for a
 * scope (a selection, a search result, a collection, one item). The dialog offers the formats,
 * transcripts and a manifest, then shows progress with Cancel. The desktop app asks where to
 * save; browser mode downloads the finished files.
 */
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { EXPORT_FLAVOURS, TRANSCRIPT_FILE_FORMATS, exportFlavour, exportsFolder } from '../../../shared/export';
import { languageLabel } from '../../../shared/language';
import { formatItems } from '../lib/format';
import { useAppStore } from '../stores/app-store';
import { languageChoice, useExportStore, type ExportTarget } from '../stores/export-store';
import './ExportDialog.css';

export interface ExportButtonProps {
  /** Called when clicked, so the scope is the one on screen at that moment. */
  target(): ExportTarget;
  label?: string;
  disabled?: boolean;
  className?: string;
}

export function ExportButton({ target, label = 'Export…', disabled, className }: ExportButtonProps) {
  const open = useExportStore((s) => s.open);
  const owner = useId();
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => open(target(), owner)}>
        {label}
      </button>
      <ExportDialog owner={owner} />
    </>
  );
}

/** The language select's value for "all" ("" is a language: the one not stated). */
const ALL_LANGUAGES = '\u0000all';

/** The dialog itself; rendered by ExportButton, shown while the store holds a target that button opened. */
export function ExportDialog({ owner }: { owner: string }) {
  const target = useExportStore((s) => (s.owner === owner ? s.target : null));
  const options = useExportStore((s) => s.options);
  const job = useExportStore((s) => s.job);
  const starting = useExportStore((s) => s.starting);
  const problem = useExportStore((s) => s.problem);
  const host = useAppStore((s) => s.info?.host ?? null);
  const { close, setOptions, start, cancel } = useExportStore.getState();
  const id = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    if (!target) return;
    opener.current = document.activeElement;
    // Modal: the window behind is out of reach of the keyboard, the mouse and screen readers (the
    // dialog itself is outside it, in a portal). Escape works wherever focus is, even after a
    // click on the backdrop.
    const behind = document.getElementById('root');
    if (behind) behind.inert = true;
    firstField.current?.focus();
    const onEscape = (event: globalThis.KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      const state = useExportStore.getState();
      if (state.starting || state.job?.state === 'running') void state.cancel();
      else state.close();
    };
    document.addEventListener('keydown', onEscape, true);
    return () => {
      document.removeEventListener('keydown', onEscape, true);
      if (behind) behind.inert = false;
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, [target]);

  if (!target) return null;
  const running = starting || job?.state === 'running';
  const transcriptOnly = TRANSCRIPT_FILE_FORMATS.includes(options.format);
  const folder = exportsFolder({ format: options.format, scope: target.scope });
  const languages = languageChoice(target, options);
  // Said before the export starts: what the chosen flavour may do to the data or to its reader.
  const warning = options.caseBundle ? undefined : exportFlavour(options.format).warning;
  // Browser mode hands the result to the browser as downloads; the desktop asks where to save it.
  const downloads = host === 'browser';

  return createPortal(
    <div className="export-backdrop">
      <div className="export-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Export {target.description}</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <fieldset disabled={running}>
            <legend>Format</legend>
            {EXPORT_FLAVOURS.map(({ format, label, hint }, index) => (
              <label key={format} className="export-format">
                <input
                  ref={index === 0 ? firstField : undefined}
                  type="radio"
                  name={`${id}-format`}
                  value={format}
                  checked={!options.caseBundle && options.format === format}
                  onChange={() => setOptions({ format, caseBundle: false })}
                />
                <span>{label}</span>
                <span className="muted"> — {hint}</span>
              </label>
            ))}
            <label className="export-format">
              <input
                type="radio"
                name={`${id}-format`}
                value="case-bundle"
                checked={options.caseBundle}
                onChange={() => setOptions({ caseBundle: true })}
              />
              <span>Case bundle</span>
              <span className="muted">
                {' '}
                — evidence for an editor, a lawyer or a court: one signed zip with every answer as received, the items, notes, tags and
                custody log, checkable offline
              </span>
            </label>
          </fieldset>
          {warning && (
            <p className="export-warning" role="note" data-testid="export-format-warning">
              {warning}
            </p>
          )}
          {options.caseBundle ? (
            <fieldset disabled={running}>
              <legend>Options</legend>
              <label>
                <input type="checkbox" checked={options.timestamp} onChange={(e) => setOptions({ timestamp: e.target.checked })} />
                Trusted timestamp (RFC 3161, from the authority set in Settings → Case bundles)
              </label>
              <label>
                <input
                  type="checkbox"
                  checked={options.oneTimeKey}
                  onChange={(e) => setOptions({ oneTimeKey: e.target.checked })}
                  data-testid="bundle-one-time-key"
                />
                Sign with a one-time key, kept nowhere
              </label>
              <p className="muted">
                For a machine with no keychain to keep the library’s signing key: the bundle still proves that nothing in it changed, but
                not which library made it, and its fingerprint matches no other bundle.
              </p>
              <p className="muted">Media are fetched into the bundle when Settings → Case bundles says so.</p>
            </fieldset>
          ) : (
            <fieldset disabled={running}>
              <legend>Options</legend>
              <label>
                <input
                  type="checkbox"
                  checked={transcriptOnly || options.transcripts}
                  disabled={transcriptOnly}
                  onChange={(e) => setOptions({ transcripts: e.target.checked })}
                />
                Transcripts{' '}
                {transcriptOnly ? '(always, for this format)' : options.format === 'md' ? 'under each item' : 'instead of items'}
              </label>
              <label>
                <input type="checkbox" checked={options.manifest} onChange={(e) => setOptions({ manifest: e.target.checked })} />
                Manifest (manifest.sha256 with each file’s SHA-256)
              </label>
              <label>
                <input type="checkbox" checked={options.changeHistory} onChange={(e) => setOptions({ changeHistory: e.target.checked })} />
                Change history (what watches noticed, as a .changes.jsonl file beside the export)
              </label>
              {languages && (
                <label className="export-language">
                  Transcript language{languages.allowAll ? '' : ' (a subtitle file holds one)'}{' '}
                  <select
                    value={languages.chosen ?? ALL_LANGUAGES}
                    onChange={(e) => setOptions({ language: e.target.value === ALL_LANGUAGES ? null : e.target.value })}
                  >
                    {languages.allowAll && <option value={ALL_LANGUAGES}>All languages</option>}
                    {languages.languages.map((language) => (
                      <option key={language} value={language}>
                        {language === '' ? 'Language not stated' : languageLabel(language)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </fieldset>
          )}
          {folder && !options.caseBundle && (
            <p className="muted">
              This format writes one file per transcript{downloads ? ', downloaded as one zip of the folder' : ' into a folder you choose'}.
            </p>
          )}
          <ExportStatus />
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          <div className="export-actions">
            {/* One button that turns into Cancel and back, so the focus on it stays through the export. */}
            <button
              type={running ? 'button' : 'submit'}
              className={running ? undefined : 'primary'}
              onClick={running ? () => void cancel() : undefined}
            >
              {running ? 'Cancel export' : job?.state === 'done' ? 'Export again' : 'Export'}
            </button>
            {!running && (
              <button type="button" onClick={close}>
                Close
              </button>
            )}
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}

/**
 * How the export goes. One live region, always there, says what changed (started, done,
 * cancelled); the running count is shown beside the bar but not read out at every step.
 */
function ExportStatus() {
  const job = useExportStore((s) => s.job);
  const what = job?.unit === 'segments' ? 'transcript segments' : 'items';
  let said = '';
  if (job?.state === 'running') said = 'Exporting…';
  else if (job?.state === 'cancelled') said = 'Export cancelled; nothing was saved.';
  else if (job?.state === 'done' && job.summary) {
    const s = job.summary;
    const count =
      job.unit === 'segments'
        ? `${s.transcripts} transcript${s.transcripts === 1 ? '' : 's'} of ${formatItems(s.items)}`
        : formatItems(s.items);
    const where = job.delivery === 'download' ? `downloaded as ${job.name ?? 'a file'}` : `saved as ${job.name ?? 'a file'}`;
    const skipped =
      s.skipped.length > 0
        ? ` ${s.skipped.length} transcript${s.skipped.length === 1 ? ' was' : 's were'} left out: ${s.skipped[0]!.reason}.`
        : '';
    said = `Exported ${count}, ${where}.${skipped}${s.custodyProblem ? ` ${s.custodyProblem}` : ''}`;
  }
  return (
    <>
      {job?.state === 'running' && (
        <div className="export-progress">
          <progress max={job.total || 1} value={job.total ? job.done : undefined} aria-label="Export progress" />
          <span>{job.total ? `${job.done.toLocaleString()} of ${job.total.toLocaleString()} ${what}` : 'Preparing…'}</span>
        </div>
      )}
      <p
        className={job?.state === 'done' ? 'export-done' : 'export-status'}
        role="status"
        data-testid={job?.state === 'done' ? 'export-done' : undefined}
      >
        {said}
      </p>
      {job?.state === 'failed' && (
        <p className="error" role="alert">
          {job.error?.message ?? 'The export failed.'}
        </p>
      )}
    </>
  );
}
