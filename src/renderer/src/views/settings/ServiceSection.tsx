import { useState, type FormEvent } from 'react';
import { useSettingsStore } from '../../stores/settings-store';
import { FieldFeedback, SettingField, useFieldAria } from './Field';
import { SERVICE_CHOICE_ID } from '../../components/Banners';

const BASE_URL_KEY = 'base-url';

/** Built-in demo service, or the real service's base URL. */
export function ServiceSection() {
  const snapshot = useSettingsStore((s) => s.snapshot);
  const saving = useSettingsStore((s) => s.saving[BASE_URL_KEY] === true);
  const { set } = useSettingsStore.getState();
  const isDemo = snapshot?.isDemo ?? true;
  const [mode, setMode] = useState<'demo' | 'real' | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const aria = useFieldAria('settings-base-url', BASE_URL_KEY, true);
  const shownMode = mode ?? (isDemo ? 'demo' : 'real');
  const urlValue = draft ?? (isDemo ? '' : (snapshot?.baseUrl ?? ''));

  const chooseDemo = async () => {
    setMode('demo');
    if (!isDemo && (await set(BASE_URL_KEY, 'demo'))) {
      setDraft(null);
      setMode(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await set(BASE_URL_KEY, urlValue)) {
      setDraft(null);
      setMode(null);
    }
  };

  return (
    <section aria-labelledby="service-heading">
      <h3 id="service-heading">Service</h3>
      <p className="muted" data-testid="service-current">
        {snapshot === null
          ? 'Loading…'
          : isDemo
            ? 'Gleaner uses its built-in demo service (sample data).'
            : `Gleaner uses the retrieval service at ${snapshot.baseUrl}.`}
      </p>
      <fieldset className="service-choice">
        <legend>Where requests go</legend>
        <label>
          <input
            type="radio"
            name="service"
            value="demo"
            checked={shownMode === 'demo'}
            onChange={() => void chooseDemo()}
            disabled={saving}
          />
          Built-in demo service (sample data, no account needed)
        </label>
        <label>
          <input
            type="radio"
            name="service"
            id={SERVICE_CHOICE_ID}
            value="real"
            checked={shownMode === 'real'}
            onChange={() => setMode('real')}
            disabled={saving}
          />
          The real retrieval service
        </label>
      </fieldset>
      {shownMode === 'real' && (
        <form className="settings-form" onSubmit={(event) => void submit(event)} aria-label="Service base URL">
          <label htmlFor="settings-base-url">Base URL of the service</label>
          <div className="settings-inline">
            <input
              type="url"
              placeholder="https://api.example.com"
              value={urlValue}
              onChange={(event) => setDraft(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              {...aria}
            />
            <button type="submit" className="primary" disabled={saving || urlValue.trim() === ''}>
              Use this service
            </button>
          </div>
          <FieldFeedback
            id="settings-base-url"
            settingKey={BASE_URL_KEY}
            hint="The address your service provider gave you, such as https://api.example.com. Plain http:// works only for this computer (127.0.0.1)."
          />
        </form>
      )}
      {snapshot !== null && (
        <div className="limit-fields">
          <SettingField
            settingKey="timeouts.request"
            label="Time limit for a request (seconds)"
            current={Number(snapshot.config['timeouts.request'])}
            hint="How long Gleaner waits for an answer before trying again (the service's documentation gives no figure)."
          />
          <SettingField
            settingKey="timeouts.slow-request"
            label="Time limit for speech recognition (seconds)"
            current={Number(snapshot.config['timeouts.slow-request'])}
            hint="Transcribing a short message's video takes longer, so it gets its own limit."
          />
        </div>
      )}
    </section>
  );
}
