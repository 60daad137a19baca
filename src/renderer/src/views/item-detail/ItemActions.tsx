import { useEffect, useId, useState } from 'react';
import { CITATION_STYLE_LABELS, CITATION_STYLES, citeItem, isCitationStyle } from '../../../../shared/citation';
import { getOperation } from '../../../../shared/catalogue';
import { itemLabel } from '../../../../shared/item-label';
import { canonicalLanguage, sameBaseLanguage } from '../../../../shared/language';
import type { ItemDetail, TranscriptRecord } from '../../../../shared/library';
import { CopyOutcome, useCopyToClipboard } from '../../components/CopyToClipboard';
import { ExportButton } from '../../components/ExportDialog';
import { errorText } from '../../lib/errors';
import { hasUsableTranscript, refreshCall, transcriptCall, transcriptTakesLanguage, type ItemCall } from '../../lib/fetch-item-actions';
import { libraryChanged } from '../../lib/library-events';
import { useItemStore } from '../../stores/item-store';
import { onQueueRecovered } from '../../stores/queue-recovery';
import { bridge } from '../../transport';
import { useCitationStyle } from './citation-style-choice';
import './item-actions.css';
import { Options } from '../../components/Options';

type Busy = 'transcript' | 'refresh' | null;

/**
 * "Fetch transcript" and "Refresh": each runs one operation that returns this item, then
 * shows the item again with what the answer added (a transcript, a metrics snapshot).
 * "Copy citation" and "Export…" take what the library holds.
 */
export function ItemActions({ detail }: { detail: ItemDetail }) {
  const { item } = detail;
  const reload = useItemStore((s) => s.reload);
  const [busy, setBusy] = useState<Busy>(null);
  const [language, setLanguage] = useState('');
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const id = useId();
  // A problem shown while the queue was stuck no longer stands once it runs again.
  useEffect(() => onQueueRecovered(() => setMessage((shown) => (shown?.problem ? null : shown))), []);
  const { copy, outcome } = useCopyToClipboard();
  const citationStyle = useCitationStyle((s) => s.style);
  const haveTranscript = hasUsableTranscript(detail.transcripts);
  const withLanguage = transcriptTakesLanguage(item);
  const transcript = transcriptCall(item, withLanguage ? language : undefined);
  const refresh = refreshCall(item);
  // Another language makes sense only where the operation takes one.
  const offerTranscript = transcript !== null && (!haveTranscript || withLanguage);

  const run = async (kind: Exclude<Busy, null>, call: ItemCall): Promise<void> => {
    const op = getOperation(call.operation);
    if (withLanguage && kind === 'transcript' && language.trim() && !/^[A-Za-z]{2}$/.test(language.trim())) {
      setMessage({ text: 'The language is a two-letter code such as en or de.', problem: true });
      return;
    }
    setBusy(kind);
    setMessage({
      text: kind === 'transcript' ? `Fetching the transcript (${op.id})…` : `Fetching the item again (${op.id})…`,
      problem: false,
    });
    try {
      const result = await bridge.call('service.call', { operation: call.operation, params: call.params });
      if (result.state !== 'done') {
        const detailText = result.error?.message?.trim();
        setMessage({
          text:
            result.state === 'paused'
              ? `The request queue is paused${detailText ? `: ${detailText}` : '.'} Fix it in Settings or Activity, then try again.`
              : detailText
                ? `The service could not answer: ${detailText}`
                : 'The request did not finish. Try again in a moment.',
          problem: true,
        });
        return;
      }
      const before = detail.transcripts;
      await reload();
      libraryChanged();
      const after = useItemStore.getState().detail;
      if (kind === 'transcript') {
        // Asked in a language, only a transcript in that language counts (the service names it in words, the library keeps a code).
        const asked = withLanguage && language.trim() ? canonicalLanguage(language) : null;
        const inLanguage = (list: readonly TranscriptRecord[]) =>
          asked === null ? list : list.filter((t) => sameBaseLanguage(t.language, asked));
        // Only what this answer brought counts: a "none" answer leaves a transcript fetched earlier as it was.
        const fresh =
          after?.item.id === item.id
            ? inLanguage(after.transcripts).filter((t) => !before.some((b) => b.language === t.language && b.fetchedAt === t.fetchedAt))
            : [];
        const got = hasUsableTranscript(fresh);
        const kept = !got && hasUsableTranscript(inLanguage(before));
        if (fresh[0]) useItemStore.getState().showTranscript((fresh.find((t) => t.available) ?? fresh[0]).language);
        setMessage({
          text: got
            ? 'Transcript fetched.'
            : `The service has no transcript for this item (or in that language).${kept ? ' The one fetched earlier is kept.' : ''}`,
          problem: !got,
        });
      } else {
        setMessage({ text: 'Fetched again: the metrics history has a new snapshot.', problem: false });
      }
    } catch (error) {
      setMessage({ text: errorText(error, kind === 'transcript' ? 'fetch the transcript' : 'refresh the item'), problem: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="item-actions" role="group" aria-label="Actions for this item">
      <div className="item-actions-row">
        {offerTranscript && withLanguage && (
          <span className="item-actions-language">
            <label htmlFor={`${id}-language`}>{haveTranscript ? 'Another language' : 'Language'}</label>
            <input
              id={`${id}-language`}
              type="text"
              size={4}
              maxLength={2}
              placeholder={haveTranscript ? 'es' : 'own'}
              value={language}
              autoComplete="off"
              aria-describedby={`${id}-language-note`}
              onChange={(e) => setLanguage(e.target.value)}
            />
            <span id={`${id}-language-note`} className="visually-hidden">
              Two-letter code; leave empty for the video’s own language.
            </span>
          </span>
        )}
        {offerTranscript && transcript && (
          <button type="button" disabled={busy !== null} onClick={() => void run('transcript', transcript)}>
            {busy === 'transcript' ? 'Fetching transcript…' : haveTranscript ? 'Fetch transcript in this language' : 'Fetch transcript'}
          </button>
        )}
        {refresh && (
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => void run('refresh', refresh)}
            title={`Runs ${refresh.operation} for this item`}
          >
            {busy === 'refresh' ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
        <span className="item-actions-style">
          <label htmlFor={`${id}-citation-style`}>Citation style</label>
          <select
            id={`${id}-citation-style`}
            value={citationStyle}
            onChange={(e) => {
              if (isCitationStyle(e.target.value)) useCitationStyle.getState().choose(e.target.value);
            }}
          >
            <Options values={CITATION_STYLES} label={(style) => CITATION_STYLE_LABELS[style]} />
          </select>
        </span>
        <button
          type="button"
          onClick={() => void copy(citeItem(item, detail.citation, citationStyle), 'Citation')}
          title="Who, what, where, when published, when it was fetched and by which request"
        >
          Copy citation
        </button>
        <ExportButton
          label="Export…"
          target={() => ({
            scope: { kind: 'item', id: detail.item.id },
            description: `“${itemLabel(detail.item, { maxTitle: 120 })}”`,
            // As the library stores them: "" where the service did not say.
            transcriptLanguages: detail.transcripts.filter((t) => t.available).map((t) => t.language ?? ''),
          })}
        />
      </div>
      <p className={message?.problem ? 'item-actions-message error' : 'item-actions-message muted'} role="status">
        {message?.text ?? ''}
      </p>
      <CopyOutcome outcome={outcome} />
    </div>
  );
}
