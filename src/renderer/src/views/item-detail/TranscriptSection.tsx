import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { languageLabel } from '../../../../shared/language';
import type { ItemRecord, TranscriptRecord } from '../../../../shared/library';
import { Highlighted } from '../../components/Highlighted';
import { formatDateTime, formatTimestamp } from '../../lib/format';
import { timestampUrl } from '../../lib/links';
import { containsText, highlightText } from '../../lib/snippet';
import { useItemStore } from '../../stores/item-store';
import { platformLabel } from '../library/labels';

/** The transcript: segments with their time, a search within it, and links that open the source at a moment. */
export function TranscriptSection({ item, transcripts }: { item: ItemRecord; transcripts: TranscriptRecord[] }) {
  const [chosen, setChosen] = useState(0);
  const [needle, setNeedle] = useState('');
  const id = useId();
  const transcript = transcripts[chosen] ?? transcripts[0];

  const segments = useMemo(() => transcript?.segments ?? [], [transcript]);
  const matching = useMemo(() => (needle.trim() ? segments.filter((s) => containsText(s.text, needle)) : segments), [segments, needle]);
  // Opened from a transcript hit: show that moment.
  const focusMs = useItemStore((s) => s.focusMs);
  const focusRef = useRef<HTMLLIElement>(null);
  const hitIndex = focusMs === null ? -1 : matching.findIndex((s) => s.startMs === focusMs);
  useEffect(() => {
    if (hitIndex >= 0) focusRef.current?.scrollIntoView({ block: 'nearest' });
  }, [hitIndex, focusMs]);

  return (
    <section aria-labelledby="detail-transcript-heading" className="detail-section">
      <h3 id="detail-transcript-heading">Transcript</h3>
      {!transcript ? (
        <p className="muted">No transcript has been fetched for this item yet. Where the platform has one, “Fetch transcript” above gets it, and then what is said becomes searchable.</p>
      ) : (
        <>
          <div className="transcript-tools">
            {transcripts.length > 1 && (
              <div className="transcript-tool">
                <label htmlFor={`${id}-language`}>Language</label>
                <select id={`${id}-language`} value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
                  {transcripts.map((t, i) => (
                    <option key={i} value={i}>
                      {t.language ? languageLabel(t.language) : 'Unknown language'} · {formatDateTime(t.fetchedAt)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {segments.length > 0 && (
              <div className="transcript-tool">
                <label htmlFor={`${id}-search`}>Search in transcript</label>
                <input id={`${id}-search`} type="search" value={needle} onChange={(e) => setNeedle(e.target.value)} autoComplete="off" aria-describedby={`${id}-count`} />
              </div>
            )}
          </div>
          <p className="muted transcript-meta" id={`${id}-count`} aria-live="polite">
            {transcript.language ? languageLabel(transcript.language) : 'Unknown language'} · fetched {formatDateTime(transcript.fetchedAt)} · request <span className="mono">{transcript.requestId}</span>
            {needle.trim() && segments.length > 0 ? ` · ${matching.length} of ${segments.length} segments match` : ''}
          </p>
          {!transcript.available ? (
            <p className="muted">The service had no transcript{transcript.language ? ` in ${languageLabel(transcript.language)}` : ''} for this item.</p>
          ) : segments.length === 0 ? (
            transcript.fullText ? (
              <p className="item-text" dir="auto">
                {needle.trim() ? <Highlighted parts={highlightText(transcript.fullText, needle)} /> : transcript.fullText}
              </p>
            ) : (
              <p className="muted">The transcript is empty.</p>
            )
          ) : matching.length === 0 ? (
            <p className="muted">No segment contains “{needle.trim()}”.</p>
          ) : (
            <ol className="transcript" data-testid="transcript-segments">
              {matching.map((segment, i) => {
                const href = timestampUrl(item, segment.startMs);
                const time = formatTimestamp(segment.startMs);
                return (
                  <li key={`${segment.startMs}-${i}`} ref={i === hitIndex ? focusRef : undefined} className={i === hitIndex ? 'is-hit' : undefined} aria-current={i === hitIndex ? 'true' : undefined}>
                    {href ? (
                      <a className="timestamp" href={href} target="_blank" rel="noopener noreferrer" title={`Open on ${platformLabel(item.platform)} at ${time}`}>
                        {time}
                      </a>
                    ) : (
                      <span className="timestamp">{time}</span>
                    )}
                    <span className="segment-text" dir="auto">
                      <Highlighted parts={highlightText(segment.text, needle)} />
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
