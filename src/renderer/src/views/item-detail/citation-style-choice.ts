/**
 * The citation style chosen in the item detail (Copy citation, a transcript's Quote), remembered
 * on this machine so a newsroom that cites in Chicago chooses it once.
 */
import { create } from 'zustand';
import { isCitationStyle, type CitationStyle } from '../../../../shared/citation';
import { pageStorage, writeEntry } from '../../lib/page-storage';

const ENTRY = 'gleaner.citation-style';

function remembered(): CitationStyle {
  const value = pageStorage()?.getItem(ENTRY) ?? null;
  return isCitationStyle(value) ? value : 'newsroom';
}

interface CitationStyleState {
  style: CitationStyle;
  choose(style: CitationStyle): void;
}

export const useCitationStyle = create<CitationStyleState>((set) => ({
  style: remembered(),
  choose(style) {
    const store = pageStorage();
    // Storage may be full or disabled: the choice then holds until the window closes.
    if (store) writeEntry(store, ENTRY, style);
    set({ style });
  },
}));
