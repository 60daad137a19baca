import { useEffect } from 'react';
import { RemoteImagesChoice } from '../../components/RemoteImagesChoice';
import { useAppStore } from '../../stores/app-store';
import { useSettingsStore } from '../../stores/settings-store';
import { HostsSection } from './HostsSection';
import { OverridesSection } from './OverridesSection';
import { PlanSection } from './PlanSection';
import { ServiceSection } from './ServiceSection';
import { TeamSection } from './TeamSection';
import { BundleSection } from './BundleSection';
import { TokenSection } from './TokenSection';
import { WatchSection } from './WatchSection';
import './settings.css';

export function SettingsView() {
  const info = useAppStore((s) => s.info);
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  const loadError = useSettingsStore((s) => s.loadError);

  useEffect(() => {
    void useSettingsStore.getState().load();
  }, []);

  return (
    <div className="settings">
      <h2>Settings</h2>
      {loadError && (
        <p className="error" role="alert">
          {loadError}
        </p>
      )}
      <ServiceSection />
      <TokenSection />
      <PlanSection />
      <OverridesSection />
      <HostsSection />
      <TeamSection />
      <WatchSection />
      <BundleSection />
      <section aria-labelledby="privacy-heading">
        <h3 id="privacy-heading">Privacy</h3>
        <RemoteImagesChoice />
        <p className="muted">
          Requests to the retrieval service are not affected. A change applies at once; the page’s security policy follows it from the next
          reload.
        </p>
      </section>
      <section aria-labelledby="data-heading">
        <h3 id="data-heading">Data folder</h3>
        <p>
          Your library (items, transcripts, notes, collections and the request queue) lives in{' '}
          <span className="mono break" data-testid="settings-data-dir">
            {info?.dataDir ?? '…'}
          </span>
          .
        </p>
        <p className="muted">
          To keep a separate library, for example one per investigation, start Gleaner with <code>--data-dir /path/to/folder</code> or set
          the environment variable <code>GLEANER_DATA_DIR</code>. The command line (<code>gleaner</code>) uses the same folder, so both see
          one library.
        </p>
      </section>
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
