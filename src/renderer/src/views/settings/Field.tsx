import { useState, type FormEvent, type ReactNode } from 'react';
import { useSettingsStore } from '../../stores/settings-store';

/** Ids that tie a field to its error and hint, so screen readers read them with the field. */
export const fieldIds = (id: string) => ({ error: `${id}-error`, note: `${id}-note`, hint: `${id}-hint` });

/** The bridge's verdict on a field: its error in words, or what the last change did. */
export function FieldFeedback({ id, settingKey, hint }: { id: string; settingKey: string; hint?: ReactNode }) {
  const error = useSettingsStore((s) => s.fieldErrors[settingKey]);
  const note = useSettingsStore((s) => s.fieldNotes[settingKey]);
  const ids = fieldIds(id);
  return (
    <>
      {hint && (
        <span className="field-hint" id={ids.hint}>
          {hint}
        </span>
      )}
      <span className="field-error" id={ids.error} role="alert">
        {error ?? ''}
      </span>
      {note && !error && (
        <span className="field-hint" id={ids.note} role="status">
          {note}
        </span>
      )}
    </>
  );
}

/** aria props for an input whose errors FieldFeedback shows. */
export function useFieldAria(id: string, settingKey: string, withHint = false) {
  const error = useSettingsStore((s) => s.fieldErrors[settingKey]);
  const ids = fieldIds(id);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    // With an error, the error alone: some forms hide their hint then, and a reference to a
    // missing element reads as nothing.
    'aria-describedby': [withHint && !error ? ids.hint : null, ids.error].filter(Boolean).join(' '),
  } as const;
}

function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/**
 * Saves a setting from a form whose real key changes with what the user picks (an operation's
 * parameter, a platform's hosts): `save` makes the change, the store keeps its verdict under
 * `key`, and this moves it to the form's own `formKey`, so the error or `note()` shows next to the form.
 */
export async function saveFromForm(formKey: string, key: string, save: () => Promise<boolean>, note: () => string): Promise<boolean> {
  const saved = await save();
  const state = useSettingsStore.getState();
  useSettingsStore.setState({
    fieldErrors: saved
      ? withoutKey(state.fieldErrors, formKey)
      : { ...withoutKey(state.fieldErrors, key), [formKey]: state.fieldErrors[key] ?? '' },
    fieldNotes: saved ? { ...withoutKey(state.fieldNotes, key), [formKey]: note() } : state.fieldNotes,
  });
  return saved;
}

/** A table of settings in use (overrides, link hosts): its caption for screen readers, its headings, an unnamed last column of actions. */
export function SettingsTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="overrides-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

interface SettingFieldProps {
  /** The setting's key in the CLI's form (`gleaner config set KEY`). */
  settingKey: string;
  label: string;
  /** The form's accessible name, when it should say more than the label. */
  formLabel?: string;
  /** The value in force; a number gets a numeric keyboard. */
  current: number | string;
  hint?: string;
}

/** One setting typed in and saved on its own, with the bridge's verdict next to it. */
export function SettingField({ settingKey, label, formLabel, current, hint }: SettingFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const saving = useSettingsStore((s) => s.saving[settingKey] === true);
  const id = `settings-${settingKey.replaceAll('.', '-')}`;
  const aria = useFieldAria(id, settingKey, hint !== undefined);
  const value = draft ?? String(current);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await useSettingsStore.getState().set(settingKey, value)) setDraft(null);
  };
  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} aria-label={formLabel ?? label}>
      <label htmlFor={id}>{label}</label>
      <div className="settings-inline">
        <input
          type="text"
          inputMode={typeof current === 'number' ? 'numeric' : 'text'}
          value={value}
          onChange={(event) => setDraft(event.target.value)}
          {...aria}
        />
        <button type="submit" disabled={saving || draft === null}>
          Save
        </button>
      </div>
      <FieldFeedback id={id} settingKey={settingKey} {...(hint ? { hint } : {})} />
    </form>
  );
}
