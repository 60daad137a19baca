import { useState, type FormEvent } from 'react';
import { PLAN_LABELS, PLAN_NAMES, type PlanName } from '../../../../shared/plans';
import { useSettingsStore } from '../../stores/settings-store';
import { FieldFeedback, SettingField, useFieldAria } from './Field';
import { Options } from '../../components/Options';

/** The team's plan, or custom limits. The queue never sends more than this. */
export function PlanSection() {
  const snapshot = useSettingsStore((s) => s.snapshot);
  const saving = useSettingsStore((s) => s.saving.plan === true);
  const aria = useFieldAria('settings-plan', 'plan', true);
  // Picked, then saved: arrow keys on the list only choose, so passing over a plan never sets it.
  const [draft, setDraft] = useState<PlanName | null>(null);
  if (!snapshot) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft !== null && (await useSettingsStore.getState().set('plan', draft))) setDraft(null);
  };
  return (
    <section aria-labelledby="plan-heading">
      <h3 id="plan-heading">Plan and limits</h3>
      <form className="settings-form" onSubmit={(event) => void submit(event)} aria-label="Your team’s plan">
        <label htmlFor="settings-plan">Your team’s plan</label>
        <div className="settings-inline">
          <select
            value={draft ?? snapshot.plan}
            onChange={(event) => setDraft(event.target.value === snapshot.plan ? null : (event.target.value as PlanName))}
            {...aria}
          >
            <Options values={PLAN_NAMES} label={(plan) => PLAN_LABELS[plan]} />
          </select>
          <button type="submit" disabled={saving || draft === null}>
            Save plan
          </button>
        </div>
        <FieldFeedback
          id="settings-plan"
          settingKey="plan"
          hint="Limits are shared with everyone on your team. Gleaner stays under them and slows down when colleagues use part of the budget."
        />
      </form>
      {snapshot.plan === 'custom' ? (
        <div className="limit-fields">
          <SettingField
            settingKey="limits.per-minute"
            label="Requests a minute"
            formLabel="Custom limit: requests a minute"
            current={snapshot.limits.perMinute}
          />
          <SettingField
            settingKey="limits.per-day"
            label="Requests a day"
            formLabel="Custom limit: requests a day"
            current={snapshot.limits.perDay}
          />
        </div>
      ) : (
        <p className="muted" data-testid="plan-limits">
          {snapshot.limits.perMinute.toLocaleString('en-US')} requests a minute, {snapshot.limits.perDay.toLocaleString('en-US')} a day.
          Choose “Custom limits” to enter your own.
        </p>
      )}
      <SettingField
        settingKey="limits.day-reset"
        label="Daily budget starts afresh"
        current={String(snapshot.config['limits.day-reset'] ?? 'rolling')}
        hint="“rolling” (the default) counts the last 24 hours, which is safe whenever your service starts its day. If you know it resets its daily count at a set time, enter that time in UTC, such as 00:00: Gleaner then uses a spent day’s budget again from that moment."
      />
    </section>
  );
}
