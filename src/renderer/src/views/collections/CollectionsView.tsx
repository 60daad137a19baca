import { EmptyState } from '../../components/EmptyState';

export function CollectionsView() {
  return (
    <EmptyState title="No collections yet">
      <p>Collections group items for a story. Select items in the library and add them to a new collection.</p>
    </EmptyState>
  );
}
