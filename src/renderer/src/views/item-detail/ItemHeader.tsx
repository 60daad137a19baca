import type { ItemRecord } from '../../../../shared/library';
import { ExternalLink } from '../../components/ExternalLink';
import { formatCount, MAX_TITLE_SHOWN, shorten } from '../../lib/format';
import { safeHttpsUrl } from '../../lib/links';
import { kindLabel, platformLabel } from '../../../../shared/catalogue';

export function ItemHeader({ item }: { item: ItemRecord }) {
  const title = item.title?.trim() || null;
  const who = item.authorName ?? item.authorHandle;
  const url = safeHttpsUrl(item.url);
  return (
    <header className="detail-header">
      <p className="detail-kicker">
        {platformLabel(item.platform)} · {kindLabel(item.kind)}
      </p>
      <h2 id="item-detail-title" className={title ? 'detail-title' : 'detail-title untitled'} dir="auto">
        {title ? shorten(title, MAX_TITLE_SHOWN) : `${kindLabel(item.kind)}${who ? ` by ${who}` : ''} (no title)`}
      </h2>
      {title && title.length > MAX_TITLE_SHOWN && (
        <p className="muted" data-testid="title-shortened">
          Title shortened here: it has {formatCount(title.length)} characters. Exports and the raw JSON keep it whole.
        </p>
      )}
      {(who || url) && (
        <p className="detail-byline">
          {who && (
            <ExternalLink href={item.authorUrl}>
              <bdi>{item.authorName ?? item.authorHandle}</bdi>
              {item.authorName && item.authorHandle ? (
                <>
                  {' '}
                  <span className="muted">
                    <bdi>{item.authorHandle}</bdi>
                  </span>
                </>
              ) : null}
            </ExternalLink>
          )}
          {url && (
            <a className="detail-source" href={url} target="_blank" rel="noopener noreferrer">
              Open on {platformLabel(item.platform)}
            </a>
          )}
        </p>
      )}
    </header>
  );
}
