import { EmptyState } from '../../components/EmptyState';

export function ActivityView() {
  return (
    <EmptyState title="Nothing in the queue">
      <p>Requests you start appear here with their progress, and your plan’s quota for this minute and today.</p>
    </EmptyState>
  );
}
