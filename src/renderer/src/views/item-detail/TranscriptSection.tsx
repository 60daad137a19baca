import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { quoteSegment, segmentClock } from '../../../../shared/citation';
import { languageLabel } from '../../../../shared/language';
import type { Citation, ItemRecord, TranscriptRecord } from '../../../../shared/library';
import { CopyOutcome, useCopyToClipboard } from '../../components/CopyToClipboard';
import { Highlighted } from '../../components/Highlighted';
import { formatDateTime } from '../../lib/format';
import { timestampUrl } from '../../lib/links';
import { transcriptToShow } from '../../lib/transcripts';
import { containsText, highlightText } from '../../lib/snippet';
import { useItemStore } from '../../stores/item-store';
import { useCitationStyle } from './citation-style-choice';
import { platformLabel } from '../../../../shared/catalogue';
import { UntimedTranscript } from './UntimedTranscript';

/** A segment's height before it is measured (px): one line of text. */
const SEGMENT_ESTIMATE_PX = 26;

/**
 * The transcript: segments with their time, a search within it, links that open the source at a
 * moment, and a quote of any segment with its source, ready to paste.
 */
export function TranscriptSection({
  item,
  citation,
  transcripts,
}: {
  item: ItemRecord;
  citation: Citation;
  transcripts: TranscriptRecord[];
}) {
  const chosenLanguage = useItemStore((s) => s.transcriptLanguage);
  const [needle, setNeedle] = useState('');
  // Typing stays quick on a long transcript: the list follows the words a moment later.
  const deferredNeedle = useDeferredValue(needle);
  const id = useId();
  const { copy, outcome } = useCopyToClipboard();
  const citationStyle = useCitationStyle((s) => s.style);
  const transcript = transcriptToShow(transcripts, chosenLanguage);
  const chosenIndex = transcript ? transcripts.indexOf(transcript) : 0;

  const segments = useMemo(() => transcript?.segments ?? [], [transcript]);
  const matching = useMemo(
    () => (deferredNeedle.trim() ? segments.filter((s) => containsText(s.text, deferredNeedle)) : segments),
    [segments, deferredNeedle],
  );
  // Opened from a transcript hit: show that moment.
  const focusMs = useItemStore((s) => s.focusMs);
  const focusSeq = useItemStore((s) => s.focusSeq);
  const hitIndex = focusMs === null ? -1 : matching.findIndex((s) => s.startMs === focusMs);
  // A new hit whose line the search box hides clears the box, so the line can be shown.
  useEffect(() => {
    if (focusSeq > 0)
      setNeedle((typed) => (typed && !segments.some((s) => s.startMs === focusMs && containsText(s.text, typed)) ? '' : typed));
  }, [focusSeq, focusMs, segments]);

  // Only the segments in view are drawn: a three-hour recording has thousands.
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app is not built with the React Compiler, so nothing memoises around the virtualiser's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: matching.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => SEGMENT_ESTIMATE_PX,
    overscan: 20,
  });
  // Every hit (focusSeq) scrolls its line into view, in the transcript's scroller and in the pane;
  // the line is drawn only once the virtualiser has scrolled to it, so it is looked for a frame later.
  useEffect(() => {
    if (hitIndex < 0) return;
    virtualizer.scrollToIndex(hitIndex, { align: 'center' });
    const frame = requestAnimationFrame(() => {
      const line = scrollRef.current?.querySelector<HTMLElement>(`li[data-index="${hitIndex}"]`);
      (line ?? scrollRef.current)?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [virtualizer, hitIndex, focusSeq]);

  const untimedText = segments.length === 0 ? (transcript?.fullText ?? '') : '';
  const searchable = segments.length > 0 || untimedText.trim() !== '';
  const typed = deferredNeedle.trim();

  return (
    <section aria-labelledby="detail-transcript-heading" className="detail-section">
      <h3 id="detail-transcript-heading">Transcript</h3>
      {!transcript ? (
        <p className="muted">
          No transcript has been fetched for this item yet. Where the platform has one, “Fetch transcript” above gets it, and then what is
          said becomes searchable.
        </p>
      ) : (
        <>
          <div className="transcript-tools">
            {transcripts.length > 1 && (
              <div className="transcript-tool">
                <label htmlFor={`${id}-language`}>Language</label>
                <select
                  id={`${id}-language`}
                  value={chosenIndex}
                  onChange={(e) => useItemStore.getState().showTranscript(transcripts[Number(e.target.value)]?.language ?? null)}
                >
                  {transcripts.map((t, i) => (
                    <option key={t.language ?? ''} value={i}>
                      {t.language ? languageLabel(t.language) : 'Unknown language'} · {t.available ? '' : 'none · '}
                      {formatDateTime(t.fetchedAt)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {searchable && transcript.available && (
              <div className="transcript-tool">
                <label htmlFor={`${id}-search`}>Search in transcript</label>
                <input
                  id={`${id}-search`}
                  type="search"
                  value={needle}
                  onChange={(e) => setNeedle(e.target.value)}
                  autoComplete="off"
                  aria-describedby={`${id}-count`}
                />
              </div>
            )}
          </div>
          <p className="muted transcript-meta" id={`${id}-count`} aria-live="polite">
            {transcript.language ? languageLabel(transcript.language) : 'Unknown language'} · fetched {formatDateTime(transcript.fetchedAt)}{' '}
            · request <span className="mono">{transcript.requestId}</span>
            {typed && segments.length > 0 ? ` · ${matching.length} of ${segments.length} segments match` : ''}
          </p>
          <CopyOutcome outcome={outcome} />
          {!transcript.available ? (
            <p className="muted">
              The service had no transcript{transcript.language ? ` in ${languageLabel(transcript.language)}` : ''} for this item.
            </p>
          ) : segments.length === 0 ? (
            <UntimedTranscript
              item={item}
              citation={citation}
              transcript={transcript}
              needle={typed}
              copy={copy}
              citationStyle={citationStyle}
            />
          ) : matching.length === 0 ? (
            <p className="muted">No segment contains “{typed}”.</p>
          ) : (
            <div
              ref={scrollRef}
              className="transcript-scroll"
              tabIndex={0}
              role="region"
              aria-label={`Transcript segments (${matching.length})`}
            >
              <ol className="transcript" data-testid="transcript-segments" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((row) => {
                  const segment = matching[row.index]!;
                  const href = timestampUrl(item, segment.startMs);
                  // One rule with `items cite --at`: the clock shown is the one a quote at that moment picks.
                  const time = segmentClock(segment.startMs);
                  const isHit = row.index === hitIndex;
                  return (
                    <li
                      key={`${segment.startMs}-${row.index}`}
                      data-index={row.index}
                      ref={virtualizer.measureElement}
                      style={{ transform: `translateY(${row.start}px)` }}
                      className={isHit ? 'is-hit' : undefined}
                      aria-current={isHit ? 'true' : undefined}
                      aria-posinset={row.index + 1}
                      aria-setsize={matching.length}
                    >
                      {href ? (
                        <a
                          className="timestamp"
                          href={href}
                          target="_blank"
                          rel="noopener noreferrer"
                          title={`Open on ${platformLabel(item.platform)} at ${time}`}
                        >
                          {time}
                        </a>
                      ) : (
                        <span className="timestamp">{time}</span>
                      )}
                      <span className="segment-text" dir="auto">
                        <Highlighted parts={highlightText(segment.text, typed)} />
                      </span>
                      <button
                        type="button"
                        className="segment-quote"
                        aria-label={`Copy a quote of ${time} with its source`}
                        title="Copy these words with their moment and source"
                        onClick={() => void copy(quoteSegment(item, citation, transcript, segment, citationStyle), `Quote at ${time}`)}
                      >
                        Quote
                      </button>
                    </li>
                  );
                })}
              </ol>
            </div>
          )}
        </>
      )}
    </section>
  );
}
