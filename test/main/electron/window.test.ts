import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  APP_ORIGIN,
  CLIPBOARD_WRITE,
  createAppUrlCheck,
  createMainWindow,
  hardenWebContents,
  limitPermissions,
  secureWebPreferences,
} from '../../../src/main/electron/window';
import { FakeBrowserWindow, FakeSession, FakeWebContents } from './fake-electron';

describe('window security settings', () => {
  it('isolates, sandboxes and keeps Node out of the renderer', () => {
    const prefs = secureWebPreferences('/app/preload.js');
    expect(prefs).toMatchObject({
      preload: '/app/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('creates the main window with those settings and loads the app:// page', () => {
    const window = createMainWindow(
      { BrowserWindow: FakeBrowserWindow as never },
      { preloadPath: '/p.js', startUrl: `${APP_ORIGIN}/index.html` },
    ) as unknown as FakeBrowserWindow;
    expect(window.options.webPreferences).toEqual(secureWebPreferences('/p.js'));
    expect(window.loadedUrl).toBe('app://gleaner/index.html');
    expect(window.options.show).toBe(false);
    expect(window.options).not.toHaveProperty('icon');
  });

  it('shows the app icon from resources/, which is the favicon drawn large', () => {
    const window = createMainWindow(
      { BrowserWindow: FakeBrowserWindow as never },
      { preloadPath: '/p.js', startUrl: `${APP_ORIGIN}/index.html`, iconPath: '/app/resources/icon.png' },
    ) as unknown as FakeBrowserWindow;
    expect(window.options.icon).toBe('/app/resources/icon.png');
    const root = join(__dirname, '..', '..', '..');
    const png = readFileSync(join(root, 'resources', 'icon.png'));
    // A PNG of 512 × 512 (its IHDR), big enough for every size a desktop asks for.
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    // The same drawing as the page's favicon.
    const drawing = (svg: string) => /(?:<|%3C)rect[^>]*rx='?"?3[^>]*fill='?"?(?:%23|#)1f5fbf[\s\S]*M4 11h8M4 8h8M4 5h5/.test(svg);
    expect(drawing(readFileSync(join(root, 'resources', 'icon.svg'), 'utf8'))).toBe(true);
    expect(drawing(readFileSync(join(root, 'src', 'renderer', 'index.html'), 'utf8'))).toBe(true);
  });
});

describe('hardenWebContents', () => {
  const setup = () => {
    const contents = new FakeWebContents();
    const openExternal = vi.fn(async () => undefined);
    hardenWebContents(contents as never, { isAppUrl: createAppUrlCheck([APP_ORIGIN]), openExternal });
    return { contents, openExternal };
  };

  it('blocks navigation and redirects away from the app', () => {
    const { contents } = setup();
    expect(contents.fire('will-navigate', 'https://example.com/')).toBe(true);
    expect(contents.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.fire('will-redirect', 'http://127.0.0.1:8080/')).toBe(true);
    expect(contents.fire('will-navigate', 'app://gleaner/index.html#/library')).toBe(false);
  });

  it('never attaches a webview', () => {
    expect(setup().contents.fire('will-attach-webview')).toBe(true);
  });

  it.each([
    ['https://www.youtube.com/watch?v=abc', true],
    ['http://example.com/', false],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['https://user:pass@example.com/', false],
    ['data:text/html,<script>1</script>', false],
  ])('denies window.open of %s and hands it to the system browser: %s', (url, handedOver) => {
    const { contents, openExternal } = setup();
    expect(contents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(handedOver ? 1 : 0);
  });
});

describe('limitPermissions', () => {
  const setup = () => {
    const session = new FakeSession();
    limitPermissions(session as never, createAppUrlCheck([APP_ORIGIN]));
    return session;
  };
  const request = (session: FakeSession, permission: string, requestingUrl: string): unknown => {
    const callback = vi.fn();
    session.permissionRequestHandler!({}, permission, callback, { requestingUrl });
    return callback.mock.calls[0]?.[0];
  };

  it('refuses every permission but the clipboard write, clipboard reading included', () => {
    const session = setup();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      expect(request(session, permission, `${APP_ORIGIN}/index.html`)).toBe(false);
      expect(session.permissionCheckHandler!({}, permission, APP_ORIGIN)).toBe(false);
    }
    expect(session.devicePermissionHandler!()).toBe(false);
  });

  it('grants the clipboard write to the app’s own pages only', () => {
    const session = setup();
    expect(request(session, CLIPBOARD_WRITE, `${APP_ORIGIN}/index.html`)).toBe(true);
    expect(session.permissionCheckHandler!({}, CLIPBOARD_WRITE, APP_ORIGIN)).toBe(true);
    expect(request(session, CLIPBOARD_WRITE, 'https://www.youtube.com/watch?v=abc')).toBe(false);
    expect(session.permissionCheckHandler!({}, CLIPBOARD_WRITE, 'https://evil.example')).toBe(false);
  });
});
