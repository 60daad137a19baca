import { forwardRef, type KeyboardEvent } from 'react';
import { useLibraryStore } from '../../stores/library-store';

interface Props {
  /** Called for ArrowDown/Enter: move into the results. */
  onEnterResults(): void;
}

export const SearchBox = forwardRef<HTMLInputElement, Props>(function SearchBox({ onEnterResults }, ref) {
  const query = useLibraryStore((s) => s.query);
  const queryHint = useLibraryStore((s) => s.queryHint);
  const setQuery = useLibraryStore((s) => s.setQuery);
  const search = useLibraryStore((s) => s.search);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      onEnterResults();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      search();
      onEnterResults();
    }
  };

  return (
    <form role="search" className="library-search" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="library-search-input" className="visually-hidden">
        Search the library
      </label>
      <input
        ref={ref}
        id="library-search-input"
        type="search"
        placeholder="Search titles, text, notes and transcripts  ( / )"
        autoComplete="off"
        spellCheck={false}
        value={query}
        aria-describedby="library-search-hint"
        aria-invalid={queryHint ? true : undefined}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id="library-search-hint" className={queryHint ? 'search-hint search-hint-problem' : 'search-hint'} aria-live="polite">
        {queryHint ?? 'Words must all match; use "a phrase", clim* for a prefix, OR, and -word to exclude.'}
      </p>
    </form>
  );
});
