/**
 * The preload runs sandboxed: it may require only `electron`, so it uses no package at all.
 * It exposes one function per contract method and a typed subscribe for events; input
 * validation happens on the main side, where it cannot be bypassed.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_NAMES, IPC_EVENT_CHANNEL, METHOD_NAMES, ipcChannelForMethod, isEventName } from '../shared/bridge-names';
import type { PreloadApi } from '../shared/preload-api';

const methods = Object.fromEntries(
  METHOD_NAMES.map((method) => [method, (input: unknown) => ipcRenderer.invoke(ipcChannelForMethod(method), input)]),
) as PreloadApi['methods'];

const subscribe: PreloadApi['subscribe'] = (event, listener) => {
  if (!isEventName(event)) throw new Error(`Unknown event ${String(event)}; known: ${EVENT_NAMES.join(', ')}`);
  const relay = (_e: IpcRendererEvent, message: { event: string; payload: unknown }): void => {
    if (message.event === event) listener(message.payload);
  };
  ipcRenderer.on(IPC_EVENT_CHANNEL, relay);
  return () => {
    ipcRenderer.removeListener(IPC_EVENT_CHANNEL, relay);
  };
};

const api: PreloadApi = { methods, subscribe };
contextBridge.exposeInMainWorld('gleaner', api);
