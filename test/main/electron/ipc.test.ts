import { describe, expect, it, vi } from 'vitest';
import { isTrustedSender, registerBridgeIpc } from '../../../src/main/electron/ipc';
import { APP_ORIGIN, createAppUrlCheck } from '../../../src/main/electron/window';
import { METHOD_NAMES, ipcChannelForMethod } from '../../../src/shared/bridge-names';
import { FakeIpcMain, frame } from './fake-electron';
import { createTestCore } from '../../helpers/core';

const isAppUrl = createAppUrlCheck([APP_ORIGIN]);

describe('IPC registration', () => {
  it('registers one handler per contract method, and removes them all', () => {
    const ipcMain = new FakeIpcMain();
    const unregister = registerBridgeIpc(ipcMain as never, vi.fn(), isAppUrl);
    expect([...ipcMain.handlers.keys()].sort()).toEqual(METHOD_NAMES.map(ipcChannelForMethod).sort());
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('answers the app’s own frame through the real core', async () => {
    const { core, dispose } = createTestCore();
    const ipcMain = new FakeIpcMain();
    registerBridgeIpc(ipcMain as never, core.dispatch, isAppUrl);
    const handler = ipcMain.handlers.get(ipcChannelForMethod('app.info'))!;
    await expect(handler({ senderFrame: frame('app://gleaner/index.html') }, {})).resolves.toMatchObject({ ok: true });
    await dispose();
  });

  it('rejects bad input with INVALID_INPUT naming the field', async () => {
    const { core, dispose } = createTestCore();
    const ipcMain = new FakeIpcMain();
    registerBridgeIpc(ipcMain as never, core.dispatch, isAppUrl);
    const handler = ipcMain.handlers.get(ipcChannelForMethod('app.info'))!;
    const envelope = (await handler({ senderFrame: frame('app://gleaner/index.html') }, { surprise: 1 })) as {
      ok: boolean;
      error: { code: string; message: string };
    };
    expect(envelope.ok).toBe(false);
    expect(envelope.error.code).toBe('INVALID_INPUT');
    expect(envelope.error.message).toContain('surprise');
    await dispose();
  });

  it.each([
    ['a foreign page', frame('https://evil.example/')],
    ['an iframe inside the app', frame('app://gleaner/index.html', frame('app://gleaner/index.html'))],
    ['a file:// page', frame('file:///tmp/x.html')],
    ['a missing frame', null],
  ])('refuses %s without running anything', async (_label, sender) => {
    const dispatch = vi.fn();
    const ipcMain = new FakeIpcMain();
    registerBridgeIpc(ipcMain as never, dispatch, isAppUrl);
    const envelope = await ipcMain.handlers.get(ipcChannelForMethod('app.info'))!({ senderFrame: sender }, {});
    expect(envelope).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('trusts the dev server only when it is configured', () => {
    const withDev = createAppUrlCheck([APP_ORIGIN, 'http://localhost:5173']);
    expect(isTrustedSender(frame('http://localhost:5173/') as never, withDev)).toBe(true);
    expect(isTrustedSender(frame('http://localhost:5173/') as never, isAppUrl)).toBe(false);
  });
});
