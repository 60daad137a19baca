import { useEffect } from 'react';
import { useAppStore } from './stores/app-store';
import { VIEWS, type ViewId } from './views/registry';
import { useItemStore } from './stores/item-store';
import { ItemDetailView } from './views/item-detail/ItemDetailView';
import { LibraryView } from './views/library/LibraryView';
import { ActivityView } from './views/activity/ActivityView';
import { CollectionsView } from './views/collections/CollectionsView';
import { FetchView } from './views/fetch/FetchView';
import { PasteView } from './views/paste/PasteView';
import { SettingsView } from './views/settings/SettingsView';

const VIEW_COMPONENTS: Record<ViewId, () => React.JSX.Element> = {
  fetch: FetchView,
  paste: PasteView,
  library: LibraryView,
  collections: CollectionsView,
  activity: ActivityView,
  settings: SettingsView,
};

export function App() {
  const { view, theme, info, infoError, setView, setTheme, loadInfo } = useAppStore();
  const openItemId = useItemStore((s) => s.openId);

  useEffect(() => {
    void loadInfo();
  }, [loadInfo]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const Current = VIEW_COMPONENTS[view];
  const currentLabel = VIEWS.find((v) => v.id === view)?.label ?? '';

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Views">
        <div className="brand">Gleaner</div>
        <ul>
          {VIEWS.map((v) => (
            <li key={v.id}>
              <button
                type="button"
                className={v.id === view ? 'nav-item active' : 'nav-item'}
                aria-current={v.id === view ? 'page' : undefined}
                title={v.hint}
                onClick={() => setView(v.id)}
              >
                {v.label}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="theme-toggle"
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
      </nav>
      <main className={view === 'library' ? 'list-pane list-pane-fill' : 'list-pane'} aria-label={currentLabel}>
        <Current />
      </main>
      <aside className="detail-pane" aria-label="Item detail">
        {openItemId === null ? (
          <p className="muted detail-placeholder">Select an item to see its details, transcript and provenance.</p>
        ) : (
          <ItemDetailView />
        )}
      </aside>
      <footer className="status-bar" role="status" aria-live="polite">
        {infoError ? (
          <span className="error">{infoError}</span>
        ) : info ? (
          <span data-testid="status-info">
            Gleaner {info.version} · SQLite {info.sqliteVersion} · {info.dataDir}
          </span>
        ) : (
          <span>Connecting…</span>
        )}
      </footer>
    </div>
  );
}
