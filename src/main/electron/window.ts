import type { BrowserWindow, BrowserWindowConstructorOptions, Session, WebContents, WebPreferences } from 'electron';
import { isSafeExternalUrl } from '../hosts/web-security';

/** Production files are served from this origin by the `app://` protocol, never file://. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://gleaner';

export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
  };
}

/**
 * `scheme://host[:port]` of a URL. Node's `URL.origin` is the string "null" for schemes it
 * does not know (such as app:), so the origin is rebuilt from its parts.
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host === '' ? null : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** True for URLs that belong to the app itself (the app:// origin, or the dev server). */
export function createAppUrlCheck(allowedOrigins: readonly string[]): (url: string) => boolean {
  return (url) => {
    const origin = originOf(url);
    return origin !== null && allowedOrigins.includes(origin);
  };
}

export interface HardenOptions {
  isAppUrl: (url: string) => boolean;
  openExternal: (url: string) => Promise<void>;
}

/** Applied to every WebContents the app creates: no navigation away, no new windows. */
export function hardenWebContents(contents: WebContents, { isAppUrl, openExternal }: HardenOptions): void {
  const blockForeignNavigation = (event: { preventDefault(): void }, url: string): void => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', blockForeignNavigation);
  contents.on('will-redirect', blockForeignNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Links from platform content go to the system browser, and only plain https ones.
    if (isSafeExternalUrl(url)) void openExternal(url);
    return { action: 'deny' };
  });
}

/** Writing plain text to the clipboard on a click, which cannot read anything back: "Copy citation". */
export const CLIPBOARD_WRITE = 'clipboard-sanitized-write';

/**
 * Gleaner needs no camera, microphone, notifications, geolocation, devices or clipboard reading.
 * The one permission it grants is the clipboard write, and only to its own pages.
 */
export function limitPermissions(session: Session, isAppUrl: (url: string) => boolean): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permission === CLIPBOARD_WRITE && isAppUrl(details.requestingUrl)),
  );
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin) => permission === CLIPBOARD_WRITE && isAppUrl(requestingOrigin),
  );
  session.setDevicePermissionHandler(() => false);
}

export interface MainWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
}

export function createMainWindow(
  deps: MainWindowDeps,
  options: { preloadPath: string; startUrl: string; iconPath?: string | undefined },
): BrowserWindow {
  const window = new deps.BrowserWindow({
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    width: 1360,
    height: 860,
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'Gleaner',
    backgroundColor: '#1d1f23',
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.startUrl);
  return window;
}
