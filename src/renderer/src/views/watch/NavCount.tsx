import { unreadBadge } from '../../lib/watch-text';
import { useWatchStore } from '../../stores/watch-store';

/** The unread changes next to Watch in the sidebar; the button keeps its name, the count describes it. */
export function NavCount({ id }: { id: string }) {
  const unread = useWatchStore((s) => s.unread);
  const badge = unreadBadge(unread);
  return (
    <span id={id} className={badge ? 'nav-count' : 'visually-hidden'} data-testid="nav-watch-unread">
      {badge ?? ''}
      <span className="visually-hidden">{badge ? ` unread ${unread === 1 ? 'change' : 'changes'}` : ''}</span>
    </span>
  );
}
