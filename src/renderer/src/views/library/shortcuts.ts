/** Keyboard shortcuts of the Library, as a pure decision so they can be tested without a DOM. */

export type ShortcutAction =
  | { type: 'focus-search' }
  /** `keepSelection`: only the cursor moves (Ctrl+↑/↓), so Space can add rows that are not next to each other. */
  | { type: 'move'; delta: number; extend: boolean; keepSelection?: true }
  | { type: 'first' }
  | { type: 'last' }
  | { type: 'open' }
  | { type: 'toggle' }
  | { type: 'select-all' }
  | { type: 'clear-selection' };

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Where the key was pressed. */
export type KeyTarget = 'editable' | 'list' | 'body' | 'other';

export const PAGE_ROWS = 10;

export function shortcutFor(event: KeyInput, target: KeyTarget): ShortcutAction | null {
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && (event.key === 'f' || event.key === 'F')) return { type: 'focus-search' };
  // In the list (not elsewhere on the page, where Ctrl+A selects text as usual).
  if (command && !event.altKey && !event.shiftKey && (event.key === 'a' || event.key === 'A') && target === 'list')
    return { type: 'select-all' };
  if (command && !event.altKey && !event.shiftKey && target === 'list') {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp')
      return { type: 'move', delta: event.key === 'ArrowDown' ? 1 : -1, extend: false, keepSelection: true };
    if (event.key === ' ') return { type: 'toggle' };
  }
  if (target === 'editable' || event.altKey || command) return null;
  const listy = target === 'list' || target === 'body';
  switch (event.key) {
    case '/':
      return { type: 'focus-search' };
    case 'j':
    case 'J':
      return { type: 'move', delta: 1, extend: event.shiftKey };
    case 'k':
    case 'K':
      return { type: 'move', delta: -1, extend: event.shiftKey };
    case 'ArrowDown':
      return listy ? { type: 'move', delta: 1, extend: event.shiftKey } : null;
    case 'ArrowUp':
      return listy ? { type: 'move', delta: -1, extend: event.shiftKey } : null;
    case 'PageDown':
      return target === 'list' ? { type: 'move', delta: PAGE_ROWS, extend: event.shiftKey } : null;
    case 'PageUp':
      return target === 'list' ? { type: 'move', delta: -PAGE_ROWS, extend: event.shiftKey } : null;
    case 'Home':
      return target === 'list' ? { type: 'first' } : null;
    case 'End':
      return target === 'list' ? { type: 'last' } : null;
    case 'Enter':
      return listy ? { type: 'open' } : null;
    case ' ':
      return target === 'list' ? { type: 'toggle' } : null;
    case 'Escape':
      return target === 'list' ? { type: 'clear-selection' } : null;
    default:
      return null;
  }
}
