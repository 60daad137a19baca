import { useEffect } from 'react';
import { useWatchStore } from '../../stores/watch-store';
import { ChangeTimeline } from './ChangeTimeline';
import { WatchList } from './WatchList';
import './watch.css';

/** Watched items, listings and searches, and every change their re-fetches noticed. */
export function WatchView() {
  const message = useWatchStore((s) => s.message);
  const running = useWatchStore((s) => s.busy.run === true);

  useEffect(() => {
    const store = useWatchStore.getState();
    store.setShown(true);
    void store.loadWatches();
    void store.loadChanges();
    return () => useWatchStore.getState().setShown(false);
  }, []);

  return (
    <div className="watch">
      <h2>Watch</h2>
      <p className="muted">
        Watched items, accounts and searches are fetched again at their interval while Gleaner is open (or by <code>gleaner watch run</code>
        ), after imports and calls. Each change keeps the answer that showed it.
      </p>
      <div className="watch-toolbar">
        <button type="button" className="primary" disabled={running} onClick={() => void useWatchStore.getState().runDue()}>
          {running ? 'Queueing…' : 'Run due watches now'}
        </button>
        <button type="button" disabled={running} onClick={() => void useWatchStore.getState().runDue(true)}>
          Run every watch now
        </button>
      </div>
      <p className={message?.tone === 'error' ? 'error' : 'muted'} role="status" data-testid="watch-message">
        {message?.text ?? ''}
      </p>
      <WatchList />
      <ChangeTimeline />
    </div>
  );
}
