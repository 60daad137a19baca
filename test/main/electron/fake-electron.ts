/**
 * A stand-in for the parts of the `electron` module the shell uses, recording what the
 * shell asked of it, so its security settings and wiring can be tested under Node.
 */
import { vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

export class FakeWebContents {
  listeners = new Map<string, Listener[]>();
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  sent: { channel: string; message: unknown }[] = [];
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, message: unknown) {
    this.sent.push({ channel, message });
  }
  /** Fires an event the way Electron does and says whether a listener prevented it. */
  fire(event: string, ...args: unknown[]): boolean {
    let prevented = false;
    const e = { preventDefault: () => (prevented = true) };
    for (const listener of this.listeners.get(event) ?? []) listener(e, ...args);
    return prevented;
  }
}

export class FakeBrowserWindow {
  static instances: FakeBrowserWindow[] = [];
  webContents = new FakeWebContents();
  loadedUrl: string | undefined;
  onceListeners = new Map<string, Listener>();
  constructor(public options: Record<string, unknown>) {
    FakeBrowserWindow.instances.push(this);
  }
  once(event: string, listener: Listener) {
    this.onceListeners.set(event, listener);
    return this;
  }
  on() {
    return this;
  }
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn();
  minimized = false;
  isMinimized = () => this.minimized;
  isDestroyed = () => false;
  loadURL(url: string) {
    this.loadedUrl = url;
    return Promise.resolve();
  }
}

export class FakeSession {
  permissionRequestHandler:
    ((wc: unknown, permission: string, cb: (granted: boolean) => void, details: { requestingUrl: string }) => void) | undefined;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | undefined;
  devicePermissionHandler: ((...args: unknown[]) => boolean) | undefined;
  setPermissionRequestHandler(h: FakeSession['permissionRequestHandler']) {
    this.permissionRequestHandler = h;
  }
  setPermissionCheckHandler(h: FakeSession['permissionCheckHandler']) {
    this.permissionCheckHandler = h;
  }
  setDevicePermissionHandler(h: FakeSession['devicePermissionHandler']) {
    this.devicePermissionHandler = h;
  }
  storageFlushes = 0;
  flushStorageData() {
    this.storageFlushes += 1;
  }
}

export class FakeIpcMain {
  handlers = new Map<string, Listener>();
  handle(channel: string, listener: Listener) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
}

/** A frame as Electron describes the sender of an IPC message. */
export const frame = (url: string, parent: unknown = null) => ({ url, parent });
