/**
 * The links in Paste URLs outlive a reload, a crash or quitting: a tip sheet of forty links is
 * work, and Ctrl+R (or a closed tab) should not throw it away. The text and its options are
 * kept in local storage, one entry per library, from shortly after typing pauses until the box
 * is emptied; they are put back when the view starts with an empty box.
 */
import { pageStorage, writeEntry } from '../lib/page-storage';
import { usePasteStore, type PasteOptions } from './paste-store';

const PASTE_ENTRY = 'gleaner.paste:';
/** Typing can be fast and the text long (up to 5 MB): it is written once typing pauses. */
const WRITE_DELAY_MS = 400;

const entryOf = (library: string): string => `${PASTE_ENTRY}${JSON.stringify(library)}`;

interface KeptPaste {
  text: string;
  options: PasteOptions;
}

let keptFor: string | null = null;
let pending: ReturnType<typeof setTimeout> | null = null;

/** What the entry holds, or null when it holds nothing usable (edited by hand, or damaged). */
function readKept(value: string | null): KeptPaste | null {
  if (value === null) return null;
  try {
    const { text, options } = JSON.parse(value) as Partial<KeptPaste>;
    if (typeof text !== 'string' || text === '' || typeof options !== 'object' || options === null) return null;
    return { text, options: { transcripts: options.transcripts === true, refresh: options.refresh === true } };
  } catch {
    return null;
  }
}

/** Writes the box as it is now; an empty box (or one storage refuses) leaves no entry behind. */
function writeNow(): void {
  pending = null;
  const store = pageStorage();
  if (keptFor === null || store === null) return;
  const { text, options } = usePasteStore.getState();
  // A refused write must not leave older text to come back after a reload.
  if (text.trim() === '' || !writeEntry(store, entryOf(keptFor), JSON.stringify({ text, options }))) store.removeItem(entryOf(keptFor));
}

/** Keeps the pasted links under this library's entry, and brings back those left there last time. */
export function keepPasteFor(databasePath: string): void {
  keptFor = databasePath;
  const kept = readKept(pageStorage()?.getItem(entryOf(databasePath)) ?? null);
  // Links typed or sent from another view before the library was known are not replaced.
  if (kept && usePasteStore.getState().text === '') usePasteStore.setState({ text: kept.text, options: kept.options });
}

/** Writes at once what is waiting to be written (the page is going away). */
export function flushPaste(): void {
  if (pending === null) return;
  clearTimeout(pending);
  writeNow();
}

usePasteStore.subscribe((state, previous) => {
  if (keptFor === null || (state.text === previous.text && state.options === previous.options)) return;
  if (pending !== null) clearTimeout(pending);
  pending = setTimeout(writeNow, WRITE_DELAY_MS);
});

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushPaste);
