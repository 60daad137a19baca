import { create } from 'zustand';
import type { AppInfo } from '../../../shared/contract';
import { bridge } from '../transport';
import { isViewId, type ViewId } from '../views/registry';
import { pageStorage, writeEntry } from '../lib/page-storage';
import { keepDraftsFor } from './note-drafts-store';
import { keepFetchFor } from './fetch-keeper';
import { keepPasteFor } from './paste-keeper';

export type Theme = 'light' | 'dark';

const THEME_KEY = 'gleaner.theme';
/** Remembered once the first-run welcome is dismissed (per browser profile / app install). */
export const WELCOME_DISMISSED_KEY = 'gleaner.welcome.dismissed';

function initialTheme(): Theme {
  const saved = pageStorage()?.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function viewFromHash(hash: string = window.location.hash): ViewId | null {
  const id = hash.replace(/^#\/?/, '');
  return isViewId(id) ? id : null;
}

interface AppState {
  view: ViewId;
  theme: Theme;
  info: AppInfo | null;
  infoError: string | null;
  /** An element a view should focus once it shows (e.g. the token field after a banner's button). */
  focusRequest: string | null;
  shortcutsOpen: boolean;
  /** Whether the library holds no item at all (null until known); drives the first-run welcome. */
  libraryEmpty: boolean | null;
  welcomeDismissed: boolean;
  setView(view: ViewId): void;
  /** Switches view and asks it to focus the element with this id. */
  goTo(view: ViewId, focusId?: string): void;
  /** Returns true (once) when `id` was asked for focus, clearing the request. */
  takeFocusRequest(id: string): boolean;
  setShortcutsOpen(open: boolean): void;
  setTheme(theme: Theme): void;
  loadInfo(): Promise<void>;
  checkLibraryEmpty(): Promise<void>;
  dismissWelcome(): void;
}

export const useAppStore = create<AppState>((set, get) => ({
  view: viewFromHash() ?? 'library',
  theme: initialTheme(),
  info: null,
  infoError: null,
  focusRequest: null,
  shortcutsOpen: false,
  libraryEmpty: null,
  welcomeDismissed: pageStorage()?.getItem(WELCOME_DISMISSED_KEY) === '1',
  setView(view) {
    if (window.location.hash !== `#/${view}`) window.history.replaceState(null, '', `#/${view}`);
    if (get().view !== view) set({ view });
  },
  goTo(view, focusId) {
    set({ focusRequest: focusId ?? null });
    get().setView(view);
  },
  takeFocusRequest(id) {
    if (get().focusRequest !== id) return false;
    set({ focusRequest: null });
    return true;
  },
  setShortcutsOpen(open) {
    set({ shortcutsOpen: open });
  },
  setTheme(theme) {
    // A full or disabled storage only means the choice is not remembered.
    const store = pageStorage();
    if (store) writeEntry(store, THEME_KEY, theme);
    set({ theme });
  },
  async loadInfo() {
    try {
      const info = await bridge.call('app.info', {});
      set({ info, infoError: null });
      keepDraftsFor(info.databasePath);
      keepPasteFor(info.databasePath);
      keepFetchFor(info.databasePath);
    } catch (error) {
      set({ infoError: error instanceof Error ? error.message : String(error) });
    }
  },
  async checkLibraryEmpty() {
    try {
      const { total } = await bridge.call('library.search', { limit: 1 });
      if (get().libraryEmpty !== (total === 0)) set({ libraryEmpty: total === 0 });
    } catch {
      // Unknown: the welcome stays as it was rather than flicker.
    }
  },
  dismissWelcome() {
    const store = pageStorage();
    if (store) writeEntry(store, WELCOME_DISMISSED_KEY, '1');
    set({ welcomeDismissed: true });
  },
}));

// A link to `#/settings` (or the browser's back button) switches the view too.
window.addEventListener('hashchange', () => {
  const view = viewFromHash();
  if (view) useAppStore.getState().setView(view);
});
