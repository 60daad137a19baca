import { create } from 'zustand';
import type { AppInfo } from '../../../shared/contract';
import { bridge } from '../transport';
import { isViewId, type ViewId } from '../views/registry';

export type Theme = 'light' | 'dark';

const THEME_KEY = 'gleaner.theme';

function initialTheme(): Theme {
  const saved = window.localStorage.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function viewFromHash(): ViewId {
  const id = window.location.hash.replace(/^#\/?/, '');
  return isViewId(id) ? id : 'library';
}

interface AppState {
  view: ViewId;
  theme: Theme;
  info: AppInfo | null;
  infoError: string | null;
  setView(view: ViewId): void;
  setTheme(theme: Theme): void;
  loadInfo(): Promise<void>;
}

export const useAppStore = create<AppState>((set) => ({
  view: viewFromHash(),
  theme: initialTheme(),
  info: null,
  infoError: null,
  setView(view) {
    window.history.replaceState(null, '', `#/${view}`);
    set({ view });
  },
  setTheme(theme) {
    window.localStorage.setItem(THEME_KEY, theme);
    set({ theme });
  },
  async loadInfo() {
    try {
      set({ info: await bridge.call('app.info', {}), infoError: null });
    } catch (error) {
      set({ infoError: error instanceof Error ? error.message : String(error) });
    }
  },
}));
