import { EmptyState } from '../components/EmptyState';

export function FetchView() {
  return (
    <EmptyState title="Fetch">
      <p>Pick a platform and one of its operations, fill in the form, and run it. Results land in your library.</p>
    </EmptyState>
  );
}

export function PasteView() {
  return (
    <EmptyState title="Paste URLs">
      <p>Paste post, video or profile links, one per line. Gleaner recognises each one and shows what the import will cost before it runs.</p>
    </EmptyState>
  );
}

export function CollectionsView() {
  return (
    <EmptyState title="No collections yet">
      <p>Collections group items for a story. Select items in the library and add them to a new collection.</p>
    </EmptyState>
  );
}

export function ActivityView() {
  return (
    <EmptyState title="Nothing in the queue">
      <p>Requests you start appear here with their progress, and your plan’s quota for this minute and today.</p>
    </EmptyState>
  );
}
