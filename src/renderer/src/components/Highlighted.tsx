import type { TextPart } from '../lib/snippet';
import { showBidiControls } from '../../../shared/format-characters';

/**
 * Platform text with some parts marked, rendered as React text children: never as HTML. Each
 * embedding, override and isolate is shown as its mark (⟨RLO⟩): a part is a span of its own, so
 * an unclosed one would otherwise run on into the parts after it. The caller isolates the whole.
 */
export function Highlighted({ parts }: { parts: readonly TextPart[] }) {
  return (
    <>
      {parts.map((part, index) => {
        const shown = showBidiControls(part.text);
        return part.marked ? <mark key={index}>{shown}</mark> : <span key={index}>{shown}</span>;
      })}
    </>
  );
}
