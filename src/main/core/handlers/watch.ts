import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';

type WatchMethods =
  | 'watch.plan'
  | 'watch.add'
  | 'watch.list'
  | 'watch.remove'
  | 'watch.pause'
  | 'watch.resume'
  | 'watch.run'
  | 'watch.changes'
  | 'watch.markRead';

/** Watches (issue 30): validated by the contract, delegated to the watch service. */
export function createWatchHandlers(ctx: Pick<CoreContext, 'watches'>): Pick<Handlers, WatchMethods> {
  const { watches } = ctx;
  return {
    'watch.plan': ({ target, interval }) => watches.plan(target, interval),
    'watch.add': (request) => watches.add(request),
    'watch.list': () => watches.list(),
    'watch.remove': ({ id }) => watches.remove(id),
    'watch.pause': ({ id }) => watches.setPaused(id, true),
    'watch.resume': ({ id }) => watches.setPaused(id, false),
    'watch.run': (request) => watches.run(request),
    'watch.changes': (query) => watches.changes(query),
    'watch.markRead': (request) => watches.markRead(request),
  };
}
