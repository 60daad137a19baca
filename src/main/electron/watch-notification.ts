/**
 * The desktop app's notice when a watch run stored new changes: one system notification per
 * `watch.changed` event that added some, unless the window is in front (its sidebar count says
 * it already). A click brings the window forward on the Watch view.
 */
import type { NotificationConstructorOptions } from 'electron';

export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export interface WatchNotifierDeps {
  /** Electron's Notification, or a stand-in in tests. */
  notifications: { isSupported(): boolean; create(options: NotificationConstructorOptions): NotificationLike };
  /** Whether the app's window is focused now. */
  windowFocused(): boolean;
  /** Brings the window forward on the Watch view. */
  showWatchView(): void;
}

/** The route the renderer reads from its address to open the Watch view. */
export const WATCH_VIEW_HASH = '#/watch';

export function watchNotificationText(added: number, unread: number): { title: string; body: string } {
  const changes = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'change' : 'changes'}`;
  return {
    title: `Gleaner noticed ${changes(added)}`,
    body: `${changes(unread)} unread in the Watch view.`,
  };
}

/** Returns a listener for the core's events; everything but a `watch.changed` that added changes is ignored. */
export function createWatchNotifier(deps: WatchNotifierDeps): (event: string, payload: unknown) => void {
  return (event, payload) => {
    if (event !== 'watch.changed' || typeof payload !== 'object' || payload === null) return;
    const { added, unread } = payload as { added?: unknown; unread?: unknown };
    if (typeof added !== 'number' || !(added > 0) || typeof unread !== 'number') return;
    if (deps.windowFocused() || !deps.notifications.isSupported()) return;
    const notification = deps.notifications.create({ ...watchNotificationText(added, unread), silent: false });
    notification.on('click', () => deps.showWatchView());
    notification.show();
  };
}
