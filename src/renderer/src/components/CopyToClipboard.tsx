import { useCallback, useRef, useState } from 'react';
import './CopyToClipboard.css';

/**
 * Copying a citation or a quote. The clipboard may refuse (a browser's setting, a page without
 * focus); then the text is shown selected, to be copied by hand, so a reference is never lost
 * to a refusal.
 */
export interface CopyOutcomeState {
  said: string;
  /** The text to copy by hand when the clipboard refused it. */
  manual: string | null;
  /** Counts the copies, so a second refusal of the same text selects it again. */
  attempt: number;
}

/** Puts text on the clipboard; false where the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function useCopyToClipboard(): { copy: (text: string, what: string) => Promise<void>; outcome: CopyOutcomeState | null } {
  const [outcome, setOutcome] = useState<CopyOutcomeState | null>(null);
  const attempts = useRef(0);
  const copy = useCallback(async (text: string, what: string) => {
    const attempt = (attempts.current += 1);
    // Emptied first, so the same words said again are heard again.
    setOutcome(null);
    setOutcome(
      (await copyText(text))
        ? { said: `${what} copied to the clipboard.`, manual: null, attempt }
        : {
            said: `The browser did not let Gleaner copy. The ${what.toLowerCase()} is selected below: press Ctrl+C (⌘C on a Mac).`,
            manual: text,
            attempt,
          },
    );
  }, []);
  return { copy, outcome };
}

/** What the last copy did, said once to screen readers; the text itself when it must be copied by hand. */
export function CopyOutcome({ outcome }: { outcome: CopyOutcomeState | null }) {
  // Selected as it appears, so one keystroke copies it (keyed by the attempt, so each refusal selects it again).
  const selectOnAppear = useCallback((element: HTMLTextAreaElement | null) => {
    element?.focus();
    element?.select();
  }, []);
  return (
    <>
      <p className={outcome?.manual ? 'copy-outcome error' : 'copy-outcome muted'} role="status">
        {outcome?.said ?? ''}
      </p>
      {outcome?.manual && (
        <textarea
          key={outcome.attempt}
          ref={selectOnAppear}
          className="copy-manual"
          readOnly
          rows={Math.min(6, outcome.manual.split('\n').length + 1)}
          value={outcome.manual}
          aria-label="Text to copy"
        />
      )}
    </>
  );
}
