import type { ReactNode } from 'react';
import { safeHttpsUrl } from '../lib/links';

/**
 * A link to the outside world. Only https: URLs become links; the Electron shell hands
 * target=_blank links to the system browser. Anything else is shown as inert text.
 */
export function ExternalLink({
  href,
  children,
  className,
  title,
}: {
  href: string | null | undefined;
  children?: ReactNode;
  className?: string;
  title?: string;
}) {
  const safe = safeHttpsUrl(href);
  if (!safe) return <span className={className}>{children ?? href ?? ''}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className={className} title={title}>
      {children ?? safe}
    </a>
  );
}
