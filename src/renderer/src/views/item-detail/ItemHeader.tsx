import { PlatformText } from '../../components/PlatformText';
import type { ItemRecord } from '../../../../shared/library';
import { DemoBadge } from '../../components/DemoBadge';
import { ExternalLink } from '../../components/ExternalLink';
import { DEMO_SENTENCE } from '../../../../shared/demo';
import { formatCount, MAX_TITLE_SHOWN } from '../../lib/format';
import { describeItem } from '../../../../shared/item-label';
import { safeHttpsUrl } from '../../lib/links';
import { kindLabel, platformDetail, platformLabel } from '../../../../shared/catalogue';

export function ItemHeader({ item }: { item: ItemRecord }) {
  const title = item.title?.trim() || null;
  const { label, source } = describeItem(item, { maxTitle: MAX_TITLE_SHOWN });
  const who = item.authorName ?? item.authorHandle;
  const url = safeHttpsUrl(item.url);
  return (
    <header className="detail-header">
      <p className="detail-kicker">
        {item.demo && <DemoBadge />}
        <span title={platformDetail(item.platform)}>{platformLabel(item.platform)}</span> · {kindLabel(item.kind)}
      </p>
      <h2 id="item-detail-title" className={source === 'description' ? 'detail-title untitled' : 'detail-title'} dir="auto">
        <PlatformText text={label} />
      </h2>
      {item.demo && (
        <p className="detail-demo" data-testid="detail-demo">
          {DEMO_SENTENCE} Citations and exports of it say so.
        </p>
      )}
      {title && title.length > MAX_TITLE_SHOWN && (
        <p className="muted" data-testid="title-shortened">
          Title shortened here: it has {formatCount(title.length)} characters. Exports and the raw JSON keep it whole.
        </p>
      )}
      {(who || url) && (
        <p className="detail-byline">
          {who && (
            <ExternalLink href={item.authorUrl}>
              <PlatformText text={item.authorName ?? item.authorHandle ?? ''} />
              {item.authorName && item.authorHandle ? (
                <>
                  {' '}
                  <span className="muted">
                    <PlatformText text={item.authorHandle} />
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
