import { DEMO_BADGE, DEMO_SENTENCE } from '../../../shared/demo';
import './DemoBadge.css';

/** Beside an item read from an answer of the demo service: the word "Demo", and in full what it means. */
export function DemoBadge() {
  return (
    <span className="demo-badge" title={DEMO_SENTENCE} data-testid="demo-badge">
      {DEMO_BADGE}
      <span className="visually-hidden">: {DEMO_SENTENCE}</span>
    </span>
  );
}
