/**
 * Text before and after an edit with the changed words marked: removed words struck through,
 * added words underlined, both announced as such by text hidden from sight. Platform text renders as text only.
 */
import { useMemo } from 'react';
import { sideOf, wordDiff, type DiffPart } from '../lib/word-diff';

/** Both sides in one run: "… came in ~~March~~ __April__". */
export function DiffText({ before, after, className }: { before: string; after: string; className?: string }) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return <DiffParts parts={parts} className={className ?? 'diff-text'} />;
}

/** One side only (a version as it read), its words changed since the previous version marked. */
export function DiffSide({ before, after, side }: { before: string; after: string; side: 'before' | 'after' }) {
  const parts = useMemo(() => sideOf(wordDiff(before, after), side), [before, after, side]);
  return <DiffParts parts={parts} className="diff-text" />;
}

function DiffParts({ parts, className }: { parts: readonly DiffPart[]; className: string }) {
  return (
    <span className={className}>
      {parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={i} className="diff-removed">
            <span className="visually-hidden">[removed: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ) : (
          <ins key={i} className="diff-added">
            <span className="visually-hidden">[added: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ),
      )}
    </span>
  );
}
