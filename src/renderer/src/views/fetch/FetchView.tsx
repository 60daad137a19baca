import { EmptyState } from '../../components/EmptyState';

export function FetchView() {
  return (
    <EmptyState title="Fetch">
      <p>Pick a platform and one of its operations, fill in the form, and run it. Results land in your library.</p>
    </EmptyState>
  );
}
