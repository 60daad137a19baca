import { EmptyState } from '../../components/EmptyState';

export function PasteView() {
  return (
    <EmptyState title="Paste URLs">
      <p>Paste post, video or profile links, one per line. Gleaner recognises each one and shows what the import will cost before it runs.</p>
    </EmptyState>
  );
}
