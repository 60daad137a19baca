/**
 * The queue's recovery: the moment a `queue.status` (followed app-wide into the activity store)
 * says the queue runs again after a pause. A problem shown because of the pause (a token
 * refused, a subscription inactive, the user's pause) no longer stands then.
 */
import { useActivityStore } from './activity-store';

/** Calls `listener` each time the queue goes from paused to running; returns the unsubscribe. */
export function onQueueRecovered(listener: () => void): () => void {
  let wasPaused = (useActivityStore.getState().status?.paused ?? null) !== null;
  return useActivityStore.subscribe((state) => {
    // A status that could not be read says nothing about a recovery.
    if (state.status === null) return;
    const paused = state.status.paused !== null;
    if (wasPaused && !paused) listener();
    wasPaused = paused;
  });
}
