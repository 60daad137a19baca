/**
 * Keeps keyboard focus in place when the control holding it goes away.
 *
 * Many actions disable or remove the very button that started them: Save while saving, Pause
 * turning into Resume, Remove taking its row with it, Show more replacing itself with rows. The
 * browser then drops focus to the page itself, and the next Tab starts again at the top of the
 * window (or leaves it). This watches for that one case — focus on nothing because the focused
 * control was disabled or taken out, never because the user clicked elsewhere — and puts focus
 * back where a keyboard user expects it:
 * - a control that was only disabled gets focus back when it is enabled again within a moment,
 *   else focus settles on the control before it (the field just saved, say);
 * - a control that was removed hands focus to what stood next to it (the next row, else the one
 *   before), else to the nearest part of the page still there that can hold focus.
 * Code that moves focus on purpose (to an Undo button, a dialog, the item detail) is left alone:
 * this acts only while nothing has focus.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), summary';
/** How long a disabled control is waited for before focus settles beside it (a save takes less). */
const REENABLE_WAIT_MS = 1_500;

/** One step of the path from the focused control up to the root, with the neighbours it had. */
interface Step {
  node: Element;
  next: Element | null;
  previous: Element | null;
}

const isDisabled = (element: Element): boolean => element.matches(':disabled') || element.closest('[inert]') !== null;

const canHoldFocus = (element: Element): element is HTMLElement =>
  element instanceof HTMLElement &&
  element.isConnected &&
  !isDisabled(element) &&
  (element.matches(FOCUSABLE) || (element.tabIndex === -1 && element.hasAttribute('tabindex')));

/** The element itself when it can hold focus, else its first descendant that can. */
function focusableIn(element: Element | null): HTMLElement | null {
  if (!element?.isConnected) return null;
  if (canHoldFocus(element)) return element;
  for (const candidate of element.querySelectorAll(FOCUSABLE)) {
    if (canHoldFocus(candidate) && (candidate as HTMLElement).offsetParent !== null) return candidate;
  }
  return null;
}

/** Where focus goes when the control at the head of `path` has been taken out of the page. */
function replacementFor(path: readonly Step[]): HTMLElement | null {
  for (let i = 0; i < path.length; i += 1) {
    const step = path[i]!;
    if (step.node.isConnected) {
      const found = focusableIn(step.node);
      if (found) return found;
      continue;
    }
    const parent = path[i + 1]?.node;
    // The node is gone: try its neighbours, if they are still where they were.
    for (const neighbour of [step.next, step.previous]) {
      if (neighbour?.isConnected && (!parent || neighbour.parentElement === parent)) {
        const found = focusableIn(neighbour);
        if (found) return found;
      }
    }
  }
  return null;
}

function pathOf(element: Element, root: Element): Step[] {
  const path: Step[] = [];
  for (let node: Element | null = element; node && node !== root.parentElement; node = node.parentElement) {
    path.push({ node, next: node.nextElementSibling, previous: node.previousElementSibling });
    if (node === root) break;
  }
  return path;
}

/** The closest control before `element` in the page's order that can take focus, else the closest after it. */
function besideInOrder(element: Element, root: Element): HTMLElement | null {
  let before: HTMLElement | null = null;
  for (const candidate of root.querySelectorAll(FOCUSABLE)) {
    if (candidate === element || !canHoldFocus(candidate) || candidate.offsetParent === null) continue;
    if (element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_PRECEDING) before = candidate;
    else return before ?? candidate;
  }
  return before;
}

export function installFocusRecovery(root: HTMLElement): () => void {
  let path: Step[] = [];
  /** A control disabled while it had focus, and the timer that gives up waiting for it. */
  let waiting: { element: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;

  const nothingFocused = (): boolean => document.activeElement === null || document.activeElement === document.body;
  const stopWaiting = (): void => {
    if (waiting) clearTimeout(waiting.timer);
    waiting = null;
  };

  const onFocusIn = (event: FocusEvent): void => {
    if (!(event.target instanceof Element) || !root.contains(event.target)) return;
    path = pathOf(event.target, root);
    stopWaiting();
  };

  // Focus leaving a control that is still there and usable is the user's doing (a click on the
  // page): nothing to recover. Judged a moment later, as a browser may announce a removal's
  // focus loss while the control is still in the page.
  const onFocusOut = (event: FocusEvent): void => {
    const target = event.target;
    if (event.relatedTarget !== null || !(target instanceof Element)) return;
    setTimeout(() => {
      if (path[0]?.node === target && target.isConnected && !isDisabled(target) && nothingFocused() && document.hasFocus()) path = [];
    }, 0);
  };

  const recover = (): void => {
    if (!nothingFocused() || path.length === 0) return;
    const lost = path[0]!.node;
    if (!(lost instanceof HTMLElement)) return;
    if (lost.isConnected && !isDisabled(lost)) {
      // Enabled again while nothing else took focus: it gets it back.
      if (waiting?.element === lost) {
        stopWaiting();
        lost.focus({ preventScroll: true });
      }
      return;
    }
    if (lost.isConnected) {
      // Disabled for now (a Save while it saves): wait a moment for it, then settle beside it.
      if (waiting?.element !== lost) {
        stopWaiting();
        const timer = setTimeout(() => {
          if (waiting?.element !== lost) return;
          waiting = null;
          if (nothingFocused() && lost.isConnected && isDisabled(lost)) besideInOrder(lost, root)?.focus({ preventScroll: true });
        }, REENABLE_WAIT_MS);
        waiting = { element: lost, timer };
      }
      return;
    }
    stopWaiting();
    replacementFor(path)?.focus({ preventScroll: true });
  };

  // Removals and `disabled` flips are DOM changes: check after each batch of them, and again once
  // the page is drawn (a browser may let go of a disabled control's focus only then).
  const observer = new MutationObserver(() => {
    recover();
    // The later look only when the focused control is gone or disabled: most changes (a list
    // scrolling) leave it be, and need no frame of their own.
    const lost = path[0]?.node;
    if (lost && (!lost.isConnected || isDisabled(lost))) requestAnimationFrame(() => setTimeout(recover, 0));
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'inert'] });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  return () => {
    stopWaiting();
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}
