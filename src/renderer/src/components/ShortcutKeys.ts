/**
 * App-wide keyboard shortcuts, decided without a DOM so they can be tested: `?` opens the
 * overview, `g` then a letter switches view (as in mail clients; no Ctrl+digit, which the
 * browser keeps for its tabs). Nothing fires while the user types in a field.
 */
import type { ViewId } from '../views/registry';

export interface GlobalKeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export type GlobalShortcut = { type: 'overview' } | { type: 'close-overview' } | { type: 'arm-go' } | { type: 'go'; view: ViewId };

/** How long after `g` the second letter still counts. */
export const GO_PREFIX_MS = 1500;

export const GO_KEYS: Readonly<Record<string, ViewId>> = {
  f: 'fetch',
  p: 'paste',
  l: 'library',
  c: 'collections',
  w: 'watch',
  a: 'activity',
  s: 'settings',
};

/**
 * @param editable whether the key was pressed in a text field (then only Escape counts)
 * @param goArmedAt when `g` was last pressed (null when not), `now` the current time
 */
export function globalShortcutFor(
  event: GlobalKeyInput,
  editable: boolean,
  overviewOpen: boolean,
  goArmedAt: number | null,
  now: number,
): GlobalShortcut | null {
  if (event.key === 'Escape' && overviewOpen) return { type: 'close-overview' };
  if (editable || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === '?') return overviewOpen ? { type: 'close-overview' } : { type: 'overview' };
  const key = event.key.toLowerCase();
  if (goArmedAt !== null && now - goArmedAt <= GO_PREFIX_MS && key in GO_KEYS) return { type: 'go', view: GO_KEYS[key]! };
  if (key === 'g') return { type: 'arm-go' };
  return null;
}

/** Whether a key event's target takes text (inputs, text areas, selects, editable content). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  return false;
}

/** Whether a modal dialog (the export) is open: keys then belong to it alone. */
export function modalDialogOpen(): boolean {
  return typeof document !== 'undefined' && document.querySelector('[aria-modal="true"]') !== null;
}

/** The overview's content: every shortcut in the app, grouped where it works. */
/** `together`: keys held down at once (Ctrl+A); otherwise pressed one after the other (g then f). */
export const SHORTCUT_GROUPS: readonly { title: string; keys: readonly { keys: string[]; together?: true; does: string }[] }[] = [
  {
    title: 'Anywhere',
    keys: [
      { keys: ['?'], does: 'Show or hide this list of shortcuts' },
      { keys: ['g', 'f'], does: 'Go to Fetch' },
      { keys: ['g', 'p'], does: 'Go to Paste URLs' },
      { keys: ['g', 'l'], does: 'Go to Library' },
      { keys: ['g', 'c'], does: 'Go to Collections' },
      { keys: ['g', 'w'], does: 'Go to Watch' },
      { keys: ['g', 'a'], does: 'Go to Activity' },
      { keys: ['g', 's'], does: 'Go to Settings' },
      { keys: ['Esc'], does: 'Close this list' },
    ],
  },
  {
    title: 'Library',
    keys: [
      { keys: ['/'], does: 'Focus the search box (also Ctrl+F)' },
      { keys: ['j'], does: 'Next item (also ↓ in the list)' },
      { keys: ['k'], does: 'Previous item (also ↑ in the list)' },
      { keys: ['Shift', 'j / k'], together: true, does: 'Extend the selection (also Shift+↑ / ↓)' },
      { keys: ['Enter'], does: 'Open the item in the detail pane' },
      { keys: ['Space'], does: 'Select or unselect the item, keeping the others' },
      { keys: ['Ctrl', '↑ / ↓'], together: true, does: 'Move without changing the selection (then Space adds the item)' },
      { keys: ['Ctrl', 'A'], together: true, does: 'Select every item found (in the list)' },
      { keys: ['Home / End'], does: 'First or last item' },
      { keys: ['Page Up / Down'], does: 'Move ten items' },
      { keys: ['Esc'], does: 'Clear the selection' },
    ],
  },
  {
    title: 'Collections',
    keys: [
      { keys: ['Alt', '↑'], together: true, does: 'Move the focused item up' },
      { keys: ['Alt', '↓'], together: true, does: 'Move the focused item down' },
      { keys: ['Enter'], does: 'Open the focused item in the detail pane' },
    ],
  },
];
