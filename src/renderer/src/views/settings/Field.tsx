import type { ReactNode } from 'react';
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
    'aria-describedby': [withHint ? ids.hint : null, ids.error].filter(Boolean).join(' '),
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
    fieldErrors: saved ? withoutKey(state.fieldErrors, formKey) : { ...withoutKey(state.fieldErrors, key), [formKey]: state.fieldErrors[key] ?? '' },
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
