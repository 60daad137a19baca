import { useEffect } from 'react';
import { onLibraryChanged } from '../lib/library-events';
import { useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { bridge } from '../transport';
import { RemoteImagesChoice } from './RemoteImagesChoice';

/**
 * The first-run welcome: shown while the library is empty and the built-in demo service is in
 * use, until dismissed. A plain region at the top, never a modal, so it blocks nothing.
 */
export function WelcomePanel() {
  const libraryEmpty = useAppStore((s) => s.libraryEmpty);
  const dismissed = useAppStore((s) => s.welcomeDismissed);
  const dismiss = useAppStore((s) => s.dismissWelcome);
  const isDemo = useSettingsStore((s) => s.snapshot?.isDemo ?? null);
  const watching = !dismissed && libraryEmpty !== false;

  useEffect(() => {
    if (!watching) return;
    const check = () => void useAppStore.getState().checkLibraryEmpty();
    check();
    // The first fetched items end the "empty library" state.
    const offBatch = bridge.subscribe('queue.batch', check);
    const offLibrary = onLibraryChanged(check);
    return () => {
      offBatch();
      offLibrary();
    };
  }, [watching]);

  if (dismissed || libraryEmpty !== true || isDemo !== true) return null;
  return (
    <section className="welcome" aria-labelledby="welcome-heading" data-testid="welcome">
      <h2 id="welcome-heading">Welcome to Gleaner — you are on demo data</h2>
      <p>
        Gleaner is connected to its built-in demo service: sample posts, videos and transcripts made up on this computer, not real platform
        content. Nothing you do here spends a real quota.
      </p>
      <ul>
        <li>
          To try it, run a search in the <a href="#/fetch">Fetch view</a> (a keyword on the short-video app, say) or paste a few links in
          the <a href="#/paste">Paste URLs view</a>. What you fetch lands in your Library, searchable offline.
        </li>
        <li>
          To use the real retrieval service, open the <a href="#/settings">Settings view</a>, enter the service’s base URL and paste your
          API token; it is kept in the system keychain.
        </li>
      </ul>
      <section aria-label="Privacy" className="welcome-privacy">
        <RemoteImagesChoice />
      </section>
      <button type="button" className="welcome-dismiss" onClick={dismiss}>
        Dismiss welcome
      </button>
    </section>
  );
}
