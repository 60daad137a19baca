import { useEffect, useRef } from 'react';
import { Banners } from './components/Banners';
import { ShortcutOverview } from './components/ShortcutOverview';
import { globalShortcutFor, isEditableTarget, modalDialogOpen } from './components/ShortcutKeys';
import { followQueueActivity } from './stores/activity-store';
import { useAppStore } from './stores/app-store';
import { useSettingsStore } from './stores/settings-store';
import { VIEWS, type ViewId } from './views/registry';
import { useItemStore } from './stores/item-store';
import { ItemDetailView } from './views/item-detail/ItemDetailView';
import { LibraryView } from './views/library/LibraryView';
import { ActivityView } from './views/activity/ActivityView';
import { CollectionsView } from './views/collections/CollectionsView';
import { FetchView } from './views/fetch/FetchView';
import { PasteView } from './views/paste/PasteView';
import { SettingsView } from './views/settings/SettingsView';
import { TeamStatusBar } from './components/TeamStatusBar';
import { WatchView } from './views/watch/WatchView';
import { followWatchChanges } from './stores/watch-store';
import { NavCount } from './views/watch/NavCount';

const VIEW_COMPONENTS: Record<ViewId, () => React.JSX.Element> = {
  fetch: FetchView,
  paste: PasteView,
  library: LibraryView,
  collections: CollectionsView,
  watch: WatchView,
  activity: ActivityView,
  settings: SettingsView,
};

/** The view's landmark, focused when a shortcut switches view. */
const MAIN_ID = 'main-view';

/** `?` for the shortcut list and `g` then a letter to switch views, anywhere but in a text field. */
function useGlobalShortcuts(): void {
  const goArmedAt = useRef<number | null>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing || modalDialogOpen()) return;
      const app = useAppStore.getState();
      const now = Date.now();
      const action = globalShortcutFor(event, isEditableTarget(event.target), app.shortcutsOpen, goArmedAt.current, now);
      if (!action) {
        goArmedAt.current = null;
        return;
      }
      event.preventDefault();
      switch (action.type) {
        case 'overview':
          app.setShortcutsOpen(true);
          return;
        case 'close-overview':
          app.setShortcutsOpen(false);
          return;
        case 'arm-go':
          goArmedAt.current = now;
          return;
        case 'go':
          goArmedAt.current = null;
          app.setView(action.view);
          // Focus goes to the new view (its landmark carries its name), not back to the page top.
          requestAnimationFrame(() => document.getElementById(MAIN_ID)?.focus());
          return;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

export function App() {
  const { view, theme, info, infoError, setView, setTheme, loadInfo, setShortcutsOpen } = useAppStore();
  const openItemId = useItemStore((s) => s.openId);

  useEffect(() => {
    void loadInfo();
    void useSettingsStore.getState().load();
  }, [loadInfo]);

  // The banners follow the queue wherever the user is.
  useEffect(() => followQueueActivity(false), []);
  // The sidebar's unread count follows the watches wherever the user is.
  useEffect(() => followWatchChanges(), []);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useGlobalShortcuts();

  const Current = VIEW_COMPONENTS[view];
  const currentLabel = VIEWS.find((v) => v.id === view)?.label ?? '';

  // The window's title names the view, as a screen reader reads it on a switch.
  useEffect(() => {
    document.title = currentLabel ? `${currentLabel} – Gleaner` : 'Gleaner';
  }, [currentLabel]);

  return (
    // With no item open there is no detail pane: the view takes the width an empty pane would keep.
    <div className={openItemId === null ? 'app app-no-detail' : 'app'}>
      <Banners />
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
                {...(v.id === 'watch' ? { 'aria-label': v.label, 'aria-describedby': 'nav-watch-count' } : {})}
              >
                {v.label}
                {v.id === 'watch' && <NavCount id="nav-watch-count" />}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="theme-toggle"
          aria-keyshortcuts="?"
          onClick={() => setShortcutsOpen(!useAppStore.getState().shortcutsOpen)}
        >
          Keyboard shortcuts
        </button>
        <button
          type="button"
          className="theme-toggle"
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
      </nav>
      <main id={MAIN_ID} tabIndex={-1} className={view === 'library' ? 'list-pane list-pane-fill' : 'list-pane'} aria-label={currentLabel}>
        <Current />
      </main>
      {openItemId !== null && (
        <aside className="detail-pane" aria-label="Item detail">
          <ItemDetailView />
        </aside>
      )}
      {/* Not a live region: its facts (version, folder) are read when visited, not announced on load. */}
      <footer className="status-bar">
        {infoError ? (
          <span className="error" role="alert">
            {infoError}
          </span>
        ) : info ? (
          <span data-testid="status-info">
            Gleaner {info.version} · SQLite {info.sqliteVersion} · {info.dataDir}
          </span>
        ) : (
          <span>Connecting…</span>
        )}
        <TeamStatusBar />
      </footer>
      <ShortcutOverview />
    </div>
  );
}
