import { useId, useMemo, useRef, type FormEvent } from 'react';
import { getOperation, type ParamSpec } from '../../../../shared/catalogue';
import { paramCaveat } from '../../../../shared/caveats';
import { checkForm, formFields, visibleProblems } from '../../lib/fetch-form';
import { useFetchStore, valuesOf } from '../../stores/fetch-store';

/** The chosen operation's form, generated from the catalogue and checked as the user types. */
export function FetchForm() {
  const operation = useFetchStore((s) => s.operation);
  const values = useFetchStore(valuesOf);
  const touched = useFetchStore((s) => s.touched);
  const attempted = useFetchStore((s) => s.attempted);
  const status = useFetchStore((s) => s.status);
  const run = useFetchStore((s) => s.run);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const op = getOperation(operation);
  const fields = formFields(op);
  const { problems: all } = useMemo(() => checkForm(getOperation(operation), values), [operation, values]);
  const problems = visibleProblems(all, touched, attempted);
  const busy = status !== 'idle';

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    const sent = await run();
    // Nothing was sent: take the user to the first field that needs attention.
    if (!sent)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .fetch-form-problems')?.focus());
  };

  return (
    <form ref={formRef} className="fetch-form" aria-label={`${op.title} form`} noValidate onSubmit={(e) => void submit(e)}>
      {fields.main.length === 0 && <p className="muted">This operation takes no parameters: run it as it is.</p>}
      {fields.main.map((spec) => (
        <Field key={`${op.id}:${spec.name}`} spec={spec} formId={id} problems={problems.byParam[spec.name] ?? []} />
      ))}
      {fields.paging.length > 0 && (
        <details className="fetch-paging">
          <summary>Start at a page</summary>
          <p className="muted">“Load more” fills these in for you. Set them only to continue a listing where an earlier run stopped.</p>
          {fields.paging.map((spec) => (
            <Field key={`${op.id}:${spec.name}`} spec={spec} formId={id} problems={problems.byParam[spec.name] ?? []} />
          ))}
        </details>
      )}
      <div className="fetch-form-problems" tabIndex={-1} role={problems.general.length ? 'alert' : undefined}>
        {problems.general.map((message) => (
          <p key={message} className="error">
            {message}
          </p>
        ))}
      </div>
      <div className="fetch-form-actions">
        <button type="submit" className="primary" disabled={busy} aria-describedby={`${id}-run-note`}>
          {status === 'running' ? 'Running…' : 'Run'}
        </button>
        <span id={`${id}-run-note`} className="muted">
          {op.slow ? 'This operation is slow: the answer can take a minute. ' : ''}One request from your plan; results are kept in your
          library.
        </span>
      </div>
    </form>
  );
}

function Field({ spec, formId, problems }: { spec: ParamSpec; formId: string; problems: string[] }) {
  const operation = useFetchStore((s) => s.operation);
  const value = useFetchStore((s) => valuesOf(s)[spec.name]);
  const setValue = useFetchStore((s) => s.setValue);
  const touch = useFetchStore((s) => s.touch);
  const fieldId = `${formId}-${spec.name}`;
  const caveat = paramCaveat(operation, spec.name);
  const notes = [spec.help, caveat].filter((text): text is string => Boolean(text));
  const describedBy =
    [notes.length ? `${fieldId}-note` : '', problems.length ? `${fieldId}-problem` : ''].filter(Boolean).join(' ') || undefined;
  const invalid = problems.length > 0;

  let control;
  if (spec.type === 'boolean') {
    control = (
      <input
        id={fieldId}
        type="checkbox"
        checked={value === true}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          setValue(spec.name, e.target.checked);
          touch(spec.name);
        }}
      />
    );
  } else if (spec.type === 'enum') {
    control = (
      <select
        id={fieldId}
        value={typeof value === 'string' ? value : ''}
        aria-required={spec.required || undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          setValue(spec.name, e.target.value);
          touch(spec.name);
        }}
      >
        <option value="">{spec.required ? 'Choose…' : 'Service default'}</option>
        {spec.values?.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        id={fieldId}
        type="text"
        inputMode={spec.type === 'integer' ? 'numeric' : spec.type === 'url' ? 'url' : undefined}
        value={typeof value === 'string' ? value : ''}
        placeholder={spec.type === 'url' ? 'https://…' : undefined}
        spellCheck={false}
        autoComplete="off"
        aria-required={spec.required || undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          setValue(spec.name, e.target.value);
          touch(spec.name);
        }}
      />
    );
  }

  return (
    <div className={spec.type === 'boolean' ? 'fetch-field fetch-field-flag' : 'fetch-field'}>
      {spec.type === 'boolean' && control}
      <label htmlFor={fieldId}>
        {spec.label}
        {spec.required && (
          <span className="fetch-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {spec.required && <span className="visually-hidden"> (required)</span>}
      </label>
      {spec.type !== 'boolean' && control}
      {notes.length > 0 && (
        <p id={`${fieldId}-note`} className="fetch-field-note muted">
          {notes.join(' ')}
        </p>
      )}
      {invalid && (
        <p id={`${fieldId}-problem`} className="fetch-field-problem error">
          {problems.join(' ')}
        </p>
      )}
    </div>
  );
}
