/**
 * A small form that opens under an action's button (bulk actions on selected items, the item
 * detail's "Add to collection…"): a few fields, a problem line, the action and Cancel; Escape
 * closes it.
 */
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { errorText } from '../lib/errors';
import { useItemStore } from '../stores/item-store';

export interface PanelProps {
  itemIds: number[];
  onDone(text: string): void;
  onProblem(text: string): void;
  onClose(): void;
}

export function closeOnEscape(onClose: () => void) {
  return (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
}

/** The item detail shows the change at once when its item is among those acted on. */
export function reloadOpenItem(itemIds: number[]): void {
  const { openId, reload } = useItemStore.getState();
  if (openId !== null && itemIds.includes(openId)) void reload();
}

/**
 * One action's form: a few fields, a problem line, the action and Cancel. `act` either
 * returns what to tell the user or throws; a sentence returned by `check` stops it before.
 */
export function PanelForm({
  label,
  action,
  busyAction,
  check,
  act,
  failure,
  onDone,
  onProblem,
  onClose,
  children,
}: Omit<PanelProps, 'itemIds'> & {
  label: string;
  action: string;
  busyAction: string;
  check(form: HTMLFormElement): string | null;
  act(): Promise<string>;
  /** What failed, for the error sentence ("tag the items"). */
  failure: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const missing = check(event.currentTarget);
    if (missing) {
      setProblem(missing);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onDone(await act());
    } catch (error) {
      const text = errorText(error, failure);
      setProblem(text);
      onProblem(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bulk-panel" aria-label={label} onSubmit={(e) => void submit(e)} onKeyDown={closeOnEscape(onClose)}>
      <fieldset className="bulk-panel-fields" disabled={busy}>
        {children}
      </fieldset>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="bulk-panel-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? busyAction : action}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
