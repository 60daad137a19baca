import { useState, type FormEvent } from 'react';
import { getOperation, OPERATIONS, PLATFORM_LABELS, platformDetail, type OperationId } from '../../../../shared/catalogue';
import { useSettingsStore } from '../../stores/settings-store';
import { FieldFeedback, saveFromForm, SettingsTable, useFieldAria } from './Field';
import { overrideKey, overrideRows } from './overrides';

/** The key under which the add form's errors are kept (its real key changes as the user picks). */
const NEW_OVERRIDE = 'new-override';

function AddOverrideForm() {
  const [operationId, setOperationId] = useState<OperationId>(OPERATIONS[0]!.id);
  const [kind, setKind] = useState<'param' | 'path'>('param');
  const operation = getOperation(operationId);
  const [param, setParam] = useState<string>('');
  const [value, setValue] = useState('');
  const error = useSettingsStore((s) => s.fieldErrors[NEW_OVERRIDE]);
  const aria = useFieldAria('override-value', NEW_OVERRIDE, true);
  const chosenParam = operation.params.some((p) => p.name === param) ? param : (operation.params[0]?.name ?? '');
  const kindShown = operation.params.length === 0 ? 'path' : kind;
  const key = overrideKey(kindShown, operation, chosenParam);
  const saving = useSettingsStore((s) => s.saving[key] === true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await saveFromForm(
        NEW_OVERRIDE,
        key,
        () => useSettingsStore.getState().set(key, value),
        () => 'Override saved.',
      )
    )
      setValue('');
  };

  return (
    <form className="override-form" onSubmit={(event) => void submit(event)} aria-label="Add an override">
      <div className="override-fields">
        <label htmlFor="override-operation">Operation</label>
        <select id="override-operation" value={operationId} onChange={(event) => setOperationId(event.target.value as OperationId)}>
          {OPERATIONS.map((op) => (
            <option key={op.id} value={op.id}>
              {platformDetail(op.platform)} · {op.title}
            </option>
          ))}
        </select>
        <label htmlFor="override-kind">What to change</label>
        <select id="override-kind" value={kindShown} onChange={(event) => setKind(event.target.value as 'param' | 'path')}>
          {operation.params.length > 0 && <option value="param">A parameter’s name on the wire</option>}
          <option value="path">The request path</option>
        </select>
        {kindShown === 'param' && (
          <>
            <label htmlFor="override-param">Parameter</label>
            <select id="override-param" value={chosenParam} onChange={(event) => setParam(event.target.value)}>
              {operation.params.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.name} ({p.label})
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor="override-value">{kindShown === 'param' ? 'Name to send instead' : 'Path to use instead'}</label>
        <input
          type="text"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={kindShown === 'param' ? chosenParam : `/api/v1/partner/${operation.platform}/${operation.path}`}
          spellCheck={false}
          autoComplete="off"
          {...aria}
        />
        <button type="submit" disabled={saving || value.trim() === ''}>
          Add override
        </button>
      </div>
      <FieldFeedback
        id="override-value"
        settingKey={NEW_OVERRIDE}
        hint={error ? undefined : 'Only needed when the service names a parameter or path differently from Gleaner’s defaults.'}
      />
    </form>
  );
}

/** Wire-name and path overrides: a small table of what is set, and a form to add one. */
export function OverridesSection() {
  const config = useSettingsStore((s) => s.snapshot?.config ?? null);
  const errors = useSettingsStore((s) => s.fieldErrors);
  const saving = useSettingsStore((s) => s.saving);
  if (!config) return null;
  const rows = overrideRows(config);
  return (
    <section aria-labelledby="overrides-heading">
      <h3 id="overrides-heading">Parameter names and paths</h3>
      <p className="muted">
        The service’s interface leaves some parameter names and two paths open; Gleaner uses documented defaults. If your service answers
        “unknown parameter” or “not found”, set its own names here.
      </p>
      {rows.length === 0 ? (
        <p data-testid="no-overrides">No overrides: every operation uses Gleaner’s defaults.</p>
      ) : (
        <SettingsTable caption="Overrides in use" columns={['Operation', 'Changes', 'Default', 'Sent instead']}>
          {rows.map((row) => (
            <tr key={row.key} data-testid="override-row">
              <td>{row.operation ? `${platformDetail(row.operation.platform)} · ${row.operation.title}` : row.key}</td>
              <td>{row.kind === 'param' ? `Parameter ${row.param}` : 'Request path'}</td>
              <td className="mono">{row.defaultValue}</td>
              <td className="mono">{row.value}</td>
              <td>
                <button
                  type="button"
                  disabled={saving[row.key] === true}
                  onClick={() => void useSettingsStore.getState().unset(row.key)}
                  aria-label={`Remove the override: ${row.operation ? `${PLATFORM_LABELS[row.operation.platform]} ${row.operation.title}` : row.key}, ${row.kind === 'param' ? `parameter ${row.param}` : 'request path'}`}
                >
                  Remove
                </button>
                {errors[row.key] && <span className="field-error">{errors[row.key]}</span>}
              </td>
            </tr>
          ))}
        </SettingsTable>
      )}
      <AddOverrideForm />
    </section>
  );
}
