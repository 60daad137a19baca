import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TOKEN_INPUT_ID } from '../../components/Banners';
import { useAppStore } from '../../stores/app-store';
import { TOKEN_ALLOW_FIELD, TOKEN_FIELD, useSettingsStore } from '../../stores/settings-store';
import { FieldFeedback, fieldIds, useFieldAria } from './Field';

const TOKEN_CODE_ID = 'token-code';

/** Set, replace or remove the API token. It goes into the keychain and is never shown back. */
export function TokenSection() {
  const token = useSettingsStore((s) => s.token);
  const isDemo = useSettingsStore((s) => s.snapshot?.isDemo ?? true);
  const saving = useSettingsStore((s) => s.saving[TOKEN_FIELD] === true);
  const tokenCode = useSettingsStore((s) => s.tokenCode);
  const allowing = useSettingsStore((s) => s.saving[TOKEN_ALLOW_FIELD] === true);
  const { saveToken, clearToken, allowToken } = useSettingsStore.getState();
  const focusRequest = useAppStore((s) => s.focusRequest);
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const aria = useFieldAria(TOKEN_INPUT_ID, TOKEN_FIELD, true);

  // A banner's "Enter a new token" lands here.
  useEffect(() => {
    if (focusRequest === TOKEN_INPUT_ID && useAppStore.getState().takeFocusRequest(TOKEN_INPUT_ID)) {
      inputRef.current?.scrollIntoView({ block: 'center' });
      inputRef.current?.focus();
    }
  }, [focusRequest]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The field is emptied whatever happens: a token should not linger in the page.
    const typed = value;
    setValue('');
    await saveToken(typed);
  };

  const stored = token?.stored ?? false;
  let statusText: string;
  if (token === null) statusText = 'Checking the keychain…';
  else if (token.overriddenByEnvironment) statusText = `The token in use comes from ${token.location}; it wins over anything saved here.`;
  else if (!token.available)
    statusText =
      'The system keychain cannot be reached, so a token cannot be saved. Start a keyring (for example GNOME Keyring), or set the GLEANER_TOKEN environment variable before starting Gleaner.';
  else if (stored)
    statusText = `A token is saved in ${token.location}${token.origin ? `, for ${token.origin}` : ''}. It is never shown again; replace or remove it below.`;
  else statusText = 'No token is saved.';

  return (
    <section aria-labelledby="token-heading">
      <h3 id="token-heading">Token for the retrieval service</h3>
      <p data-testid="token-status">{statusText}</p>
      {isDemo && (
        <p className="muted">
          The built-in demo service uses its own sample token; the token you save here is sent only to the real service.
        </p>
      )}
      {token?.elsewhere && token.origin && (
        <div className="token-elsewhere" role="alert" data-testid="token-elsewhere">
          <p>
            The base URL now points at <strong className="mono">{token.elsewhere}</strong>, but your token was saved for{' '}
            <span className="mono">{token.origin}</span>, so it is not sent there. Allow it only if{' '}
            <span className="mono">{token.elsewhere}</span> is your retrieval service; a look-alike address would receive your team’s token.
          </p>
          {tokenCode?.origin === token.elsewhere ? (
            <TokenCodeForm origin={token.elsewhere} where={tokenCode.where} saving={allowing} />
          ) : (
            <button type="button" onClick={() => void allowToken(token.elsewhere!)} disabled={allowing}>
              Send my token to {token.elsewhere}
            </button>
          )}
        </div>
      )}
      {/* Outside the block above, which goes once the token is allowed: what came of it stays said. */}
      <FieldFeedback id={TOKEN_CODE_ID} settingKey={TOKEN_ALLOW_FIELD} />
      <form className="settings-form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={TOKEN_INPUT_ID}>{stored ? 'New API token' : 'API token'}</label>
        <div className="settings-inline">
          <input
            ref={inputRef}
            type="password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            {...aria}
          />
          <button type="submit" className="primary" disabled={saving || value.trim() === ''}>
            {stored ? 'Replace token' : 'Save token'}
          </button>
          {stored && (
            <button type="button" onClick={() => void clearToken()} disabled={saving}>
              Remove token
            </button>
          )}
        </div>
        <FieldFeedback
          id={TOKEN_INPUT_ID}
          settingKey={TOKEN_FIELD}
          hint="Paste the token from the service’s account page. It is kept in the system keychain, never in Gleaner’s files."
        />
      </form>
    </section>
  );
}

/** Browser mode: the one-time code from the terminal that runs Gleaner, which the page cannot read. */
function TokenCodeForm({ origin, where, saving }: { origin: string; where: string; saving: boolean }) {
  const { allowToken, dropTokenCode } = useSettingsStore.getState();
  const [code, setCode] = useState('');
  const aria = useFieldAria(TOKEN_CODE_ID, TOKEN_ALLOW_FIELD);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    setCode('');
    await allowToken(origin, typed);
  };

  return (
    <form className="settings-inline" onSubmit={(event) => void submit(event)} data-testid="token-code-form">
      <label htmlFor={TOKEN_CODE_ID}>Code from {where}</label>
      <input
        ref={inputRef}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        spellCheck={false}
        {...aria}
        aria-describedby={`${aria['aria-describedby']} ${fieldIds(TOKEN_CODE_ID).note}`}
      />
      <button type="submit" className="primary" disabled={saving || code.replace(/\s+/g, '').length !== 6}>
        Send my token to {origin}
      </button>
      <button type="button" onClick={() => void allowToken(origin)} disabled={saving}>
        Print a new code
      </button>
      <button type="button" onClick={dropTokenCode} disabled={saving}>
        Cancel
      </button>
    </form>
  );
}
