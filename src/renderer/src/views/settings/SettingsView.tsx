import { useAppStore } from '../../stores/app-store';

export function SettingsView() {
  const info = useAppStore((s) => s.info);
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  return (
    <div className="settings">
      <h2>Settings</h2>
      <section aria-labelledby="appearance-heading">
        <h3 id="appearance-heading">Appearance</h3>
        <fieldset className="theme-choice">
          <legend>Theme</legend>
          {(['light', 'dark'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="theme" value={value} checked={theme === value} onChange={() => setTheme(value)} />
              {value === 'light' ? 'Light' : 'Dark'}
            </label>
          ))}
        </fieldset>
      </section>
      <section aria-labelledby="about-heading">
        <h3 id="about-heading">About this library</h3>
        {info ? (
          <dl className="facts" data-testid="app-info">
            <dt>Gleaner version</dt>
            <dd data-testid="app-version">{info.version}</dd>
            <dt>Data folder</dt>
            <dd data-testid="app-data-dir">{info.dataDir}</dd>
            <dt>Database</dt>
            <dd>{info.databasePath}</dd>
            <dt>SQLite</dt>
            <dd data-testid="app-sqlite-version">{info.sqliteVersion}</dd>
            <dt>Schema version</dt>
            <dd>{info.schemaVersion}</dd>
            <dt>Running as</dt>
            <dd>{info.host === 'electron' ? 'Desktop app' : 'Browser mode'}</dd>
          </dl>
        ) : (
          <p>Loading…</p>
        )}
      </section>
    </div>
  );
}
