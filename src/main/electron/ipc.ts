import type { IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { METHOD_NAMES, ipcChannelForMethod } from '../../shared/bridge-names';
import type { Envelope } from '../../shared/errors';
import type { Dispatch } from '../core';

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** Only the app's own top-level frame may call the bridge; never an iframe or a foreign page. */
export function isTrustedSender(frame: WebFrameMain | null | undefined, isAppUrl: (url: string) => boolean): boolean {
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

/** Registers one `ipcMain.handle` per contract method; returns a function that removes them. */
export function registerBridgeIpc(ipcMain: IpcMainLike, dispatch: Dispatch, isAppUrl: (url: string) => boolean): () => void {
  const forbidden: Envelope<never> = {
    ok: false,
    error: { code: 'FORBIDDEN', message: 'This window is not allowed to use Gleaner’s bridge.' },
  };
  for (const method of METHOD_NAMES) {
    ipcMain.handle(ipcChannelForMethod(method), async (event, input) => {
      if (!isTrustedSender(event.senderFrame, isAppUrl)) return forbidden;
      return dispatch(method, input);
    });
  }
  return () => {
    for (const method of METHOD_NAMES) ipcMain.removeHandler(ipcChannelForMethod(method));
  };
}
