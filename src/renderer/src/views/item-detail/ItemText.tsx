import { useState } from 'react';
import { formatCount } from '../../lib/format';
import { showBidiControls } from '../../../../shared/format-characters';

const COLLAPSED_CHARS = 1200;

/** The item's own text, as plain text with its line breaks; very long texts start folded. */
export function ItemText({ text }: { text: string | null }) {
  const [expanded, setExpanded] = useState(false);
  if (!text?.trim()) return null;
  const long = text.length > COLLAPSED_CHARS;
  const shown = long && !expanded ? `${text.slice(0, COLLAPSED_CHARS)}…` : text;
  return (
    <section aria-labelledby="detail-text-heading" className="detail-section">
      <h3 id="detail-text-heading">Text</h3>
      <p className="item-text" dir="auto" data-testid="item-text">
        {showBidiControls(shown)}
      </p>
      {long && (
        <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show all ${formatCount(text.length)} characters`}
        </button>
      )}
    </section>
  );
}
