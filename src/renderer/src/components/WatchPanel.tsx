/**
 * "Watch…": choose how often an item, a listing or a search is fetched again, and a label; the
 * cost (requests a day, share of the daily budget, the cap) is shown before anything is saved,
 * and Save stays disabled, with the reason, while the watch would pass the cap.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { WATCH_INTERVALS, WATCH_INTERVAL_LABELS, type WatchCost, type WatchInterval, type WatchTarget } from '../../../shared/watch';
import { errorText } from '../lib/errors';
import { costWords, saveBlockedBecause } from '../lib/watch-text';
import { useWatchStore } from '../stores/watch-store';
import { bridge } from '../transport';
import { closeOnEscape } from './PanelForm';

/** Labels are kept short enough for the watch list and the CLI's table. */
export const MAX_WATCH_LABEL = 120;

export function WatchPanel({
  target,
  suggestedLabel,
  onSaved,
  onClose,
}: {
  target: WatchTarget;
  suggestedLabel: string;
  onSaved(text: string): void;
  onClose(): void;
}) {
  const id = useId();
  const [interval, setEvery] = useState<WatchInterval>('1d');
  const [label, setLabel] = useState(suggestedLabel.slice(0, MAX_WATCH_LABEL));
  // The answer for the interval it was asked for: a change of interval shows nothing stale meanwhile.
  const [plan, setPlan] = useState<{ interval: WatchInterval; cost: WatchCost | null; problem: string | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The target by value: callers build a new object on every render.
  const targetKey = JSON.stringify(target);

  useEffect(() => {
    let current = true;
    bridge
      .call('watch.plan', { target, interval })
      .then((cost) => current && setPlan({ interval, cost, problem: null }))
      .catch((error: unknown) => current && setPlan({ interval, cost: null, problem: errorText(error, 'work out what this watch costs') }));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- targetKey stands for target
  }, [targetKey, interval]);

  const cost = plan?.interval === interval ? plan.cost : null;
  const planProblem = plan?.interval === interval ? plan.problem : null;
  const words = cost ? costWords(cost) : null;
  const blocked = saveBlockedBecause(cost, planProblem);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (blocked || saving) return;
    setSaving(true);
    setProblem(null);
    try {
      const saved = await bridge.call('watch.add', { target, interval, ...(label.trim() ? { label: label.trim() } : {}) });
      void useWatchStore.getState().loadWatches();
      onSaved(`Watching “${saved.label}” ${WATCH_INTERVAL_LABELS[saved.interval]}. Changes appear in the Watch view.`);
    } catch (error) {
      setProblem(errorText(error, 'save the watch'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="bulk-panel watch-panel" aria-label="Watch" onSubmit={(e) => void submit(e)} onKeyDown={closeOnEscape(onClose)}>
      <fieldset className="bulk-panel-fields" disabled={saving}>
        <label htmlFor={`${id}-interval`}>How often</label>
        <select id={`${id}-interval`} value={interval} onChange={(e) => setEvery(e.target.value as WatchInterval)}>
          {WATCH_INTERVALS.map((value) => (
            <option key={value} value={value}>
              {WATCH_INTERVAL_LABELS[value]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-label`}>Label</label>
        <input id={`${id}-label`} value={label} maxLength={MAX_WATCH_LABEL} onChange={(e) => setLabel(e.target.value)} />
      </fieldset>
      <div className="watch-cost" data-testid="watch-cost" role="status">
        {words ? (
          <>
            <p>
              This watch: <strong>{words.thisWatch}</strong>.
            </p>
            <p>{words.allWatches}</p>
            <p className="muted">{words.cap}</p>
          </>
        ) : (
          <p className={planProblem ? 'error' : 'muted'}>{planProblem ?? 'Working out the cost…'}</p>
        )}
      </div>
      {words?.refusal && (
        <p className="error" id={`${id}-refusal`} data-testid="watch-refusal">
          {words.refusal}
        </p>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="bulk-panel-actions">
        <button
          type="submit"
          className="primary"
          disabled={blocked !== null || saving}
          aria-describedby={words?.refusal ? `${id}-refusal` : undefined}
        >
          {saving ? 'Saving…' : 'Save watch'}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
