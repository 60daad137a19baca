/**
 * The Electron entry point started while another instance holds the lock: it quits at once,
 * before opening the library or a window (the running one is brought forward instead).
 */
import { expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({ listeners: [] as string[], quit: vi.fn(), whenReady: vi.fn(() => Promise.resolve()), windows: 0 }));

vi.mock('electron', () => ({
  app: {
    isPackaged: true,
    on: (event: string) => fake.listeners.push(event),
    requestSingleInstanceLock: () => false,
    getPath: () => '/nonexistent-user-data',
    whenReady: fake.whenReady,
    quit: fake.quit,
    exit: vi.fn(),
  },
  BrowserWindow: class {
    constructor() {
      fake.windows += 1;
    }
  },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  dialog: { showErrorBox: vi.fn() },
  ipcMain: {},
  net: {},
  safeStorage: {},
  session: {},
  shell: {},
}));

it('quits without opening the library when another instance is running', async () => {
  await import('../../../src/main/electron/main');
  expect(fake.quit).toHaveBeenCalledTimes(1);
  expect(fake.whenReady).not.toHaveBeenCalled();
  expect(fake.windows).toBe(0);
  expect(fake.listeners).not.toContain('second-instance');
});
