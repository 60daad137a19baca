/**
 * Loads the real Electron entry point against a stand-in `electron` module and checks the
 * shell wires the core, the protocol, the IPC and the window the way the security model says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METHOD_NAMES, ipcChannelForMethod } from '../../../src/shared/bridge-names';
import { FakeBrowserWindow, FakeIpcMain, FakeSession, FakeWebContents, frame } from './fake-electron';

const fake = vi.hoisted(() => ({
  appListeners: new Map<string, (...args: unknown[]) => void>(),
  privileged: [] as unknown[],
  protocolHandlers: new Map<string, (request: { url: string }) => Promise<Response>>(),
  openExternal: [] as string[],
  lockData: [] as unknown[],
  messageBoxes: [] as { detail: string }[],
}));

const ipcMain = new FakeIpcMain();
const session = new FakeSession();

vi.mock('electron', () => ({
  app: {
    isPackaged: true,
    on: (event: string, listener: (...args: unknown[]) => void) => fake.appListeners.set(event, listener),
    whenReady: () => Promise.resolve(),
    requestSingleInstanceLock: (data: unknown) => fake.lockData.push(data) > 0,
    getVersion: () => '9.9.9',
    getPath: () => '/nonexistent-user-data',
    getAppPath: () => '/nonexistent-app',
    quit: vi.fn(),
    exit: vi.fn(),
  },
  BrowserWindow: FakeBrowserWindow,
  dialog: {
    showMessageBox: async (_window: unknown, options: { detail: string }) => void fake.messageBoxes.push(options),
    showErrorBox: vi.fn(),
  },
  ipcMain,
  net: { fetch: vi.fn() },
  Notification: { isSupported: () => false },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => fake.privileged.push(...schemes),
    handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) => fake.protocolHandlers.set(scheme, handler),
  },
  safeStorage: {
    isEncryptionAvailable: () => false,
    getSelectedStorageBackend: () => 'basic_text',
    encryptString: vi.fn(),
    decryptString: vi.fn(),
  },
  session: { defaultSession: session },
  shell: { openExternal: async (url: string) => void fake.openExternal.push(url) },
}));

let dataDir: string;
const ENV_TOKEN = 'tok_from_the_environment_123';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gleaner-electron-'));
  process.env.GLEANER_DATA_DIR = dataDir;
  process.env.GLEANER_TOKEN = ENV_TOKEN;
  await import('../../../src/main/electron/main');
  await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
});

afterAll(async () => {
  // Quitting waits for the core to close, writes the window's local storage (unsaved notes,
  // pasted links) to disk, then exits.
  const event = { preventDefault: vi.fn() };
  fake.appListeners.get('will-quit')?.(event);
  expect(event.preventDefault).toHaveBeenCalled();
  const { app } = await import('electron');
  await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(0));
  expect(session.storageFlushes).toBe(1);
  delete process.env.GLEANER_DATA_DIR;
  delete process.env.GLEANER_TOKEN;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Electron shell wiring', () => {
  it('registers the app:// scheme as standard and secure before the app is ready', () => {
    expect(fake.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    expect(fake.protocolHandlers.has('app')).toBe(true);
  });

  it('serves the renderer over app:// with the CSP, and nothing outside it', async () => {
    const handler = fake.protocolHandlers.get('app')!;
    const escape = await handler({ url: 'app://gleaner/..%2f..%2fpackage.json' });
    expect(escape.status).toBe(404);
    const foreign = await handler({ url: 'app://elsewhere/index.html' });
    expect(foreign.status).toBe(404);
  });

  it('brings its window forward when the app is started again, instead of a second window on the library', () => {
    const window = FakeBrowserWindow.instances[0]!;
    expect(fake.lockData).toEqual([{ dataDir }]);
    window.minimized = true;
    fake.appListeners.get('second-instance')!({}, ['gleaner'], '/', { dataDir: `${dataDir}/` });
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect(fake.messageBoxes).toEqual([]);
    // Started for another library: this window comes forward, and says how to open that one too.
    fake.appListeners.get('second-instance')!({}, ['gleaner'], '/', { dataDir: '/elsewhere/library' });
    expect(fake.messageBoxes).toHaveLength(1);
    expect(fake.messageBoxes[0]!.detail).toContain('gleaner serve --data-dir "/elsewhere/library"');
  });

  it('opens one window with the hardened settings on the app:// page', () => {
    const window = FakeBrowserWindow.instances[0]!;
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(window.loadedUrl).toBe('app://gleaner/index.html');
  });

  it('denies every permission but the clipboard write from its own page', () => {
    const callback = vi.fn();
    session.permissionRequestHandler!({}, 'media', callback, { requestingUrl: 'app://gleaner/index.html' });
    session.permissionRequestHandler!({}, 'clipboard-sanitized-write', callback, { requestingUrl: 'https://evil.example/' });
    session.permissionRequestHandler!({}, 'clipboard-sanitized-write', callback, { requestingUrl: 'app://gleaner/index.html' });
    expect(callback.mock.calls).toEqual([[false], [false], [true]]);
  });

  it('hardens every web contents the app creates', () => {
    const contents = new FakeWebContents();
    fake.appListeners.get('web-contents-created')!({}, contents);
    expect(contents.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.windowOpenHandler!({ url: 'https://example.org/a' })).toEqual({ action: 'deny' });
  });

  it('registers every bridge method, answering with the data folder it was given', async () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(METHOD_NAMES.map(ipcChannelForMethod).sort());
    const envelope = await ipcMain.handlers.get(ipcChannelForMethod('app.info'))!({ senderFrame: frame('app://gleaner/index.html') }, {});
    expect(envelope).toMatchObject({ ok: true, value: { dataDir, host: 'electron', version: '9.9.9' } });
  });

  it('uses GLEANER_TOKEN but takes it out of the environment the system opener inherits', async () => {
    expect(process.env.GLEANER_TOKEN).toBeUndefined();
    const envelope = await ipcMain.handlers.get(ipcChannelForMethod('token.status'))!(
      { senderFrame: frame('app://gleaner/index.html') },
      {},
    );
    expect(envelope).toMatchObject({ ok: true, value: { stored: true, location: 'the GLEANER_TOKEN environment variable' } });
  });

  it('refuses bridge calls from a foreign frame', async () => {
    const envelope = await ipcMain.handlers.get(ipcChannelForMethod('app.info'))!({ senderFrame: frame('https://evil.example/') }, {});
    expect(envelope).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
