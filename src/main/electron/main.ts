/**
 * The Electron shell: app lifecycle, the window, the IPC registration. Everything else is
 * the Electron-free core, built here with Electron's own fetch (so system proxies apply).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, net, Notification, protocol, safeStorage, session, shell } from 'electron';
import { IPC_EVENT_CHANNEL } from '../../shared/bridge-names';
import {
  createCore,
  createFileLogSink,
  createHubPasswordStore,
  createSigningKeyStore,
  createLogger,
  createTokenStore,
  keytarLoaderFrom,
  loadInstalledKeytar,
  systemClock,
  takeTokenFromProcessEnvironment,
  type Core,
} from '../core';
import { startDemoService } from '../demo/server';
import { isSafeExternalUrl } from '../hosts/web-security';
import { createExportDestinationChooser } from './export-dialog';
import { registerBridgeIpc } from './ipc';
import { createTokenOriginDialog } from './token-dialog';
import { serveAppRequest } from './protocol';
import {
  createSafeStorageSecretStore,
  HUB_PASSWORD_SECRET,
  SAFE_STORAGE_TOKEN_FILE,
  safeStorageHubPasswordFile,
} from './safe-storage-store';
import { createWatchNotifier, WATCH_VIEW_HASH } from './watch-notification';
import { APP_ORIGIN, APP_SCHEME, createAppUrlCheck, createMainWindow, hardenWebContents, limitPermissions } from './window';

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const isAppUrl = createAppUrlCheck(devServerUrl ? [APP_ORIGIN, new URL(devServerUrl).origin] : [APP_ORIGIN]);
const openExternal = async (url: string): Promise<void> => {
  if (isSafeExternalUrl(url)) await shell.openExternal(url);
};

app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { isAppUrl, openExternal }));

/** Native modules rebuilt for Electron's ABI by `npm start` (scripts/electron-native.mjs). */
function electronNative(file: string): string | undefined {
  const candidate = join(app.getAppPath(), 'node_modules', '.gleaner-electron', file);
  return existsSync(candidate) ? candidate : undefined;
}

// The same rule as the CLI (GLEANER_DATA_DIR, else the app's folder), so both share one library.
const dataDir = process.env.GLEANER_DATA_DIR?.trim() ? process.env.GLEANER_DATA_DIR : app.getPath('userData');

let core: Core | undefined;
let mainWindow: BrowserWindow | null = null;

async function start(): Promise<void> {
  await app.whenReady();
  limitPermissions(session.defaultSession, isAppUrl);
  const rendererDir = join(__dirname, '../renderer');
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request.url, core?.dispatch));

  const log = createLogger(createFileLogSink(dataDir));
  const sqliteNativeBinding = electronNative('better_sqlite3.node');
  const keytarBinding = electronNative('keytar.node');
  // Kept for the secret stores and taken out of process.env: the system's opener (shell.openExternal)
  // and the browser it starts would inherit GLEANER_TOKEN and GLEANER_HUB_PASSWORD.
  const secretEnv = takeTokenFromProcessEnvironment();
  // The OS keychain first; Electron's safeStorage where no keychain works (never its basic_text backend).
  const secretStore = createTokenStore({
    env: secretEnv,
    log,
    loadKeytar: keytarBinding ? keytarLoaderFrom(keytarBinding) : loadInstalledKeytar,
    fallback: createSafeStorageSecretStore({ safeStorage, filePath: join(dataDir, SAFE_STORAGE_TOKEN_FILE) }),
  });
  core = createCore({
    dataDir,
    appVersion: app.getVersion(),
    host: 'electron',
    clock: systemClock,
    fetch: net.fetch.bind(net) as typeof fetch,
    secretStore,
    // The team hub's password: like the token, the OS keychain first, else a safeStorage file per hub.
    hubPasswords: createHubPasswordStore({
      env: secretEnv,
      log,
      loadKeytar: keytarBinding ? keytarLoaderFrom(keytarBinding) : loadInstalledKeytar,
      fallback: (account) =>
        createSafeStorageSecretStore({
          safeStorage,
          filePath: join(dataDir, safeStorageHubPasswordFile(account)),
          secret: HUB_PASSWORD_SECRET,
        }),
    }),
    // The case-bundle signing key: the OS keychain only (GLEANER_SIGNING_KEY for scripts).
    signingKeys: createSigningKeyStore({
      env: secretEnv,
      log,
      loadKeytar: keytarBinding ? keytarLoaderFrom(keytarBinding) : loadInstalledKeytar,
    }),
    log,
    // CDN-like picture addresses, as on a platform, so the pictures setting has something to act on.
    startDemo: () => startDemoService({ port: 0, mediaAddresses: 'cdn-like' }),
    ...(sqliteNativeBinding ? { sqliteNativeBinding } : {}),
    chooseExportDestination: createExportDestinationChooser(
      () => dialog,
      () => mainWindow,
      () => app.getPath('documents'),
    ),
    confirmTokenOrigin: createTokenOriginDialog(
      () => dialog,
      () => mainWindow,
    ),
  });
  registerBridgeIpc(ipcMain, core.dispatch, isAppUrl);
  core.startQueue();

  const window = createMainWindow(
    { BrowserWindow },
    { preloadPath: join(__dirname, '../preload/index.js'), startUrl: devServerUrl ?? `${APP_ORIGIN}/index.html`, iconPath: appIcon() },
  );
  mainWindow = window;
  const notifyWatchChanges = createWatchNotifier({
    notifications: { isSupported: () => Notification.isSupported(), create: (options) => new Notification(options) },
    windowFocused: () => !window.isDestroyed() && window.isFocused(),
    showWatchView: () => {
      if (window.isDestroyed()) return;
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      void window.webContents.executeJavaScript(`location.hash = ${JSON.stringify(WATCH_VIEW_HASH)}`);
    },
  });
  const unsubscribe = core.events.subscribe((event, payload) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, { event, payload });
    notifyWatchChanges(event, payload);
  });
  window.on('closed', () => {
    unsubscribe();
    mainWindow = null;
  });
}

/** The window's icon (taskbar and window list on Linux and Windows), from `resources/` beside `out/`; none if it is missing. */
function appIcon(): string | undefined {
  const path = join(__dirname, '../../resources/icon.png');
  return existsSync(path) ? path : undefined;
}

app.on('window-all-closed', () => app.quit());
// Quitting waits for the core to close: requests on their way are withdrawn and their jobs put
// back in line, and the database is closed whole. Otherwise they stayed "running" until another
// process took over the lease and sent them again. app.exit skips Chromium's own shutdown, so the
// window's local storage (unsaved notes, pasted links, the Fetch view) is written out first.
let closing = false;
app.on('will-quit', (event: Electron.Event) => {
  if (!core || closing) return;
  closing = true;
  event.preventDefault();
  void core.close().finally(() => {
    session.defaultSession.flushStorageData();
    app.exit(0);
  });
});

/**
 * A second start of the app (its launcher clicked again) brings this window forward. Started
 * for another library (GLEANER_DATA_DIR), it is told why this one came up instead, and how
 * to open that library beside it.
 */
function onSecondInstance(_event: unknown, _argv: unknown, _cwd: unknown, asked: unknown): void {
  const window = mainWindow;
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
  const other = typeof asked === 'object' && asked !== null ? (asked as { dataDir?: unknown }).dataDir : undefined;
  if (typeof other === 'string' && other.length <= 4096 && resolve(other) !== resolve(dataDir)) {
    void dialog.showMessageBox(window, {
      type: 'info',
      message: 'Gleaner is already open, on another library.',
      detail: `This window shows the library in ${dataDir}. To work in ${other} at the same time, open it in browser mode: gleaner serve --data-dir "${other}"`,
    });
  }
}

// One app window at a time: a second would open the same library beside the first, two
// windows each showing part of what the other does.
if (app.requestSingleInstanceLock({ dataDir })) {
  app.on('second-instance', onSecondInstance);
  start().catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Gleaner could not start: ${reason}\n`);
    // Started from a launcher there is no terminal: say it in a window too (a data folder that cannot be made, say).
    dialog.showErrorBox('Gleaner could not start', reason);
    app.exit(1);
  });
} else {
  app.quit();
}
