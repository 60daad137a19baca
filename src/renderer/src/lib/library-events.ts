/**
 * A tiny signal between stores: "something in the library changed" (a note, a tag, a
 * collection, new items). The Library refreshes its results; other views may listen too.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onLibraryChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function libraryChanged(): void {
  for (const listener of [...listeners]) listener();
}
