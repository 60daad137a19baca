/**
 * The names of every bridge method and event, with no imports at all.
 *
 * The sandboxed preload builds `window.gleaner` from these lists, so this file must never
 * import a package. `contract.ts` checks at compile time that its schemas cover exactly
 * these names.
 */
export const METHOD_NAMES = [
  'app.info',
  'service.call',
  'service.cancel',
  'service.follow',
  'settings.get',
  'settings.set',
  'settings.unset',
  'settings.addHosts',
  'settings.removeHost',
  'token.status',
  'token.set',
  'token.clear',
  'token.allow',
  'library.search',
  'library.ids',
  'items.get',
  'items.raw',
  'items.setNote',
  'items.tag',
  'items.untag',
  'items.resolveNoteConflict',
  'tags.list',
  'collections.list',
  'collections.create',
  'collections.rename',
  'collections.delete',
  'collections.add',
  'collections.remove',
  'collections.putBack',
  'collections.move',
  'collections.items',
  'collections.restore',
  'queue.status',
  'queue.jobs',
  'queue.pause',
  'queue.resume',
  'queue.cancel',
  'queue.retry',
  'queue.batch',
  'queue.batches',
  'import.plan',
  'import.start',
  'export.start',
  'export.cancel',
  'service.start',
  'service.results',
  'settings.value',
  'queue.job',
  'import.queue',
  'items.exactDates',
  'team.connect',
  'team.status',
  'team.sync',
  'team.disconnect',
  'bundle.key',
  'bundle.create',
  'custody.list',
  'watch.plan',
  'watch.add',
  'watch.list',
  'watch.remove',
  'watch.pause',
  'watch.resume',
  'watch.run',
  'watch.changes',
  'watch.markRead',
] as const;

export const EVENT_NAMES = ['task.progress', 'queue.status', 'queue.batch', 'export.progress', 'team.status', 'watch.changed'] as const;

export type MethodName = (typeof METHOD_NAMES)[number];
export type EventName = (typeof EVENT_NAMES)[number];

/** IPC channel names, shared by the preload and the Electron shell. */
export const ipcChannelForMethod = (method: MethodName): string => `gleaner:rpc:${method}`;
export const IPC_EVENT_CHANNEL = 'gleaner:event';

export const isMethodName = (value: unknown): value is MethodName =>
  typeof value === 'string' && (METHOD_NAMES as readonly string[]).includes(value);

export const isEventName = (value: unknown): value is EventName =>
  typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value);
