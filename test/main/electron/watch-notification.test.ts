import type { NotificationConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createWatchNotifier, watchNotificationText, type WatchNotifierDeps } from '../../../src/main/electron/watch-notification';

function setup(options: { focused?: boolean; supported?: boolean } = {}) {
  const shown: NotificationConstructorOptions[] = [];
  const clicks: (() => void)[] = [];
  const showWatchView = vi.fn();
  const deps: WatchNotifierDeps = {
    notifications: {
      isSupported: () => options.supported ?? true,
      create: (opts) => ({
        on: (_event, listener) => clicks.push(listener),
        show: () => shown.push(opts),
      }),
    },
    windowFocused: () => options.focused ?? false,
    showWatchView,
  };
  return { notify: createWatchNotifier(deps), shown, clicks, showWatchView };
}

describe('the desktop notification for new watch changes', () => {
  it('tells how many changes a run added and how many wait unread; a click opens the Watch view', () => {
    const { notify, shown, clicks, showWatchView } = setup();
    notify('watch.changed', { unread: 5, added: 2 });
    expect(shown).toEqual([{ title: 'Gleaner noticed 2 changes', body: '5 changes unread in the Watch view.', silent: false }]);
    clicks[0]!();
    expect(showWatchView).toHaveBeenCalledTimes(1);
  });

  it('stays quiet for other events, for runs that added nothing, for a window in front, and where notifications do not work', () => {
    const quiet = setup();
    quiet.notify('queue.status', { unread: 5, added: 2 });
    quiet.notify('watch.changed', { unread: 5, added: 0 });
    quiet.notify('watch.changed', { unread: 'x', added: 1 });
    quiet.notify('watch.changed', null);
    expect(quiet.shown).toEqual([]);
    const focused = setup({ focused: true });
    focused.notify('watch.changed', { unread: 1, added: 1 });
    expect(focused.shown).toEqual([]);
    const unsupported = setup({ supported: false });
    unsupported.notify('watch.changed', { unread: 1, added: 1 });
    expect(unsupported.shown).toEqual([]);
  });

  it('uses the singular for one change', () => {
    expect(watchNotificationText(1, 1)).toEqual({ title: 'Gleaner noticed 1 change', body: '1 change unread in the Watch view.' });
  });
});
