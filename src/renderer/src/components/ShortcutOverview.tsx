import { useEffect, useRef } from 'react';
import { useAppStore } from '../stores/app-store';
import { SHORTCUT_GROUPS } from './ShortcutKeys';
import './ShortcutOverview.css';

/**
 * The list of keyboard shortcuts. A non-modal dialog: it takes focus when it opens and gives
 * it back when it closes, but traps nothing.
 */
export function ShortcutOverview() {
  const open = useAppStore((s) => s.shortcutsOpen);
  const setOpen = useAppStore((s) => s.setShortcutsOpen);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open) return null;
  return (
    <div className="shortcut-overview" role="dialog" aria-modal="false" aria-labelledby="shortcut-heading" tabIndex={-1} ref={panelRef}>
      <div className="shortcut-head">
        <h2 id="shortcut-heading">Keyboard shortcuts</h2>
        <button type="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
      <p className="muted">Shortcuts do nothing while you type in a field.</p>
      {SHORTCUT_GROUPS.map((group) => (
        <section key={group.title} aria-label={`${group.title} shortcuts`}>
          <h3>{group.title}</h3>
          <dl>
            {group.keys.map((entry) => (
              <div key={`${entry.keys.join('+')}-${entry.does}`} className="shortcut-row">
                <dt>
                  {entry.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && <span className="muted">{entry.together ? ' + ' : ' then '}</span>}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </dt>
                <dd>{entry.does}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
