import { useState, type FormEvent } from 'react';
import { PLAN_LABELS, PLAN_NAMES, type PlanName } from '../../../../shared/plans';
import { useSettingsStore } from '../../stores/settings-store';
import { FieldFeedback, useFieldAria } from './Field';

function LimitField({ settingKey, label, current }: { settingKey: 'limits.per-minute' | 'limits.per-day'; label: string; current: number }) {
  const [draft, setDraft] = useState<string | null>(null);
  const saving = useSettingsStore((s) => s.saving[settingKey] === true);
  const id = `settings-${settingKey.replace('.', '-')}`;
  const aria = useFieldAria(id, settingKey);
  const value = draft ?? String(current);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await useSettingsStore.getState().set(settingKey, value)) setDraft(null);
  };
  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} aria-label={`Custom limit: ${label.toLowerCase()}`}>
      <label htmlFor={id}>{label}</label>
      <div className="settings-inline">
        <input type="text" inputMode="numeric" value={value} onChange={(event) => setDraft(event.target.value)} {...aria} />
        <button type="submit" disabled={saving || draft === null}>
          Save
        </button>
      </div>
      <FieldFeedback id={id} settingKey={settingKey} />
    </form>
  );
}

/** The team's plan, or custom limits. The queue never sends more than this. */
export function PlanSection() {
  const snapshot = useSettingsStore((s) => s.snapshot);
  const saving = useSettingsStore((s) => s.saving.plan === true);
  const aria = useFieldAria('settings-plan', 'plan', true);
  if (!snapshot) return null;
  return (
    <section aria-labelledby="plan-heading">
      <h3 id="plan-heading">Plan and limits</h3>
      <div className="settings-form">
        <label htmlFor="settings-plan">Your team’s plan</label>
        <select value={snapshot.plan} disabled={saving} onChange={(event) => void useSettingsStore.getState().set('plan', event.target.value as PlanName)} {...aria}>
          {PLAN_NAMES.map((plan) => (
            <option key={plan} value={plan}>
              {PLAN_LABELS[plan]}
            </option>
          ))}
        </select>
        <FieldFeedback
          id="settings-plan"
          settingKey="plan"
          hint="Limits are shared with everyone on your team. Gleaner stays under them and slows down when colleagues use part of the budget."
        />
      </div>
      {snapshot.plan === 'custom' ? (
        <div className="limit-fields">
          <LimitField settingKey="limits.per-minute" label="Requests a minute" current={snapshot.limits.perMinute} />
          <LimitField settingKey="limits.per-day" label="Requests a day" current={snapshot.limits.perDay} />
        </div>
      ) : (
        <p className="muted" data-testid="plan-limits">
          {snapshot.limits.perMinute.toLocaleString('en-US')} requests a minute, {snapshot.limits.perDay.toLocaleString('en-US')} a day. Choose “Custom limits” to
          enter your own.
        </p>
      )}
    </section>
  );
}
