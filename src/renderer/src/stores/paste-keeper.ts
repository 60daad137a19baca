/**
 * The links in Paste URLs outlive a reload, a crash or quitting: a tip sheet of forty links is
 * work, and Ctrl+R (or a closed tab) should not throw it away. The text and its options are kept
 * per library until the box is emptied, and put back when the view starts with an empty box.
 * Text over a million characters is not kept (see MAX_KEPT_PASTE).
 */
import { createKeeper } from '../lib/page-storage';
import { usePasteStore, type PasteOptions } from './paste-store';

/**
 * Longer text is not kept: local storage holds about 5 million characters for all of the app's
 * entries (note drafts too), and a list this long is a file the user can add again.
 */
export const MAX_KEPT_PASTE = 1_000_000;

interface KeptPaste {
  text: string;
  options: PasteOptions;
}

const pasteKeeper = createKeeper<ReturnType<typeof usePasteStore.getState>, KeptPaste>({
  entry: 'gleaner.paste:',
  store: usePasteStore,
  changed: (state, previous) => state.text !== previous.text || state.options !== previous.options,
  pick: ({ text, options }) => (text.trim() === '' || text.length > MAX_KEPT_PASTE ? null : { text, options }),
  read(stored) {
    const { text, options } = stored as Partial<KeptPaste>;
    if (typeof text !== 'string' || text === '' || typeof options !== 'object' || options === null) return null;
    return { text, options: { transcripts: options.transcripts === true, refresh: options.refresh === true } };
  },
  restore(kept) {
    // Links typed or sent from another view before the library was known are not replaced.
    if (usePasteStore.getState().text === '') usePasteStore.setState(kept);
  },
});

/** Keeps the pasted links under this library's entry, and brings back those left there last time. */
export const keepPasteFor = pasteKeeper.keepFor;
