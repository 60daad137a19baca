import { useState, type FormEvent } from 'react';
import { PLAN_LABELS, PLAN_NAMES, type PlanName } from '../../../../shared/plans';
import { useSettingsStore } from '../../stores/settings-store';
import { FieldFeedback, useFieldAria } from './Field';

interface LimitFieldProps {
  settingKey: 'limits.per-minute' | 'limits.per-day' | 'limits.day-reset';
  label: string;
  current: number | string;
  hint?: string;
}

function LimitField({ settingKey, label, current, hint }: LimitFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const saving = useSettingsStore((s) => s.saving[settingKey] === true);
  const id = `settings-${settingKey.replace('.', '-')}`;
  const numeric = typeof current === 'number';
  const aria = useFieldAria(id, settingKey, hint !== undefined);
  const value = draft ?? String(current);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await useSettingsStore.getState().set(settingKey, value)) setDraft(null);
  };
  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} aria-label={numeric ? `Custom limit: ${label.toLowerCase()}` : label}>
      <label htmlFor={id}>{label}</label>
      <div className="settings-inline">
        <input type="text" inputMode={numeric ? 'numeric' : 'text'} value={value} onChange={(event) => setDraft(event.target.value)} {...aria} />
        <button type="submit" disabled={saving || draft === null}>
          Save
        </button>
      </div>
      <FieldFeedback id={id} settingKey={settingKey} {...(hint ? { hint } : {})} />
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
      <LimitField
        settingKey="limits.day-reset"
        label="Daily budget starts afresh"
        current={String(snapshot.config['limits.day-reset'] ?? 'rolling')}
        hint="“rolling” (the default) counts the last 24 hours, which is safe whenever your service starts its day. If you know it resets its daily count at a set time, enter that time in UTC, such as 00:00: Gleaner then uses a spent day’s budget again from that moment."
      />
    </section>
  );
}
