/**
 * Professional network: one post or article in `data` (`url`, `name`, `headline`,
 * `commentCount`, `likeCount`, `datePublished`, `description`, `author` with `name`, `url`,
 * `followers`).
 *
 * It is an article when its URL (or the requested URL) is under `/pulse/`, or when the record
 * says so in `@type`/`type` (e.g. `Article`, `NewsArticle`); otherwise a post. The title is
 * `name`, else `headline`; the text is `description`, else `articleBody`, else the headline when
 * it differs from the name. The nativeId is the
 * activity id the URL table reads from the URL, when it has one. The author's follower count
 * goes to `metrics.followers`; the author's handle is the profile or company slug of their URL.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { Author, NormalisedItem, Normaliser } from '../../../../shared/model';
import { firstCount, firstText, has, idText, isRecord, prop, text, type JsonObject } from '../read/json';
import { timeAndText } from '../read/time';
import { canonicalLink, firstImage, type CanonicalLink } from '../read/links';
import { makeItem } from '../read/item';
import { acceptsRecord, emptyNormalisation } from '../read/records';

const RECORD_FIELDS = ['url', 'name', 'headline', 'description', 'author', 'datePublished', 'likeCount', 'commentCount'];

function looksLikeRecord(value: unknown): boolean {
  return isRecord(value) && RECORD_FIELDS.some((key) => has(value, key));
}

function slugOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    const match = new URL(url).pathname.match(/^\/(?:in|company|school|showcase)\/([^/]+)/);
    return match?.[1] === undefined ? null : decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

function authorOf(record: JsonObject): { author: Author | null; followers: number | null } {
  let value = prop(record, 'author');
  if (Array.isArray(value)) value = value.find(isRecord);
  if (typeof value === 'string') return { author: { name: text(value), handle: null, id: null, url: null }, followers: null };
  if (!isRecord(value)) return { author: null, followers: null };
  const url = canonicalLink(value.url)?.url ?? null;
  return {
    author: { name: text(value.name), handle: slugOf(url), id: idText(value.id), url },
    followers: firstCount(value.followers, value.followerCount),
  };
}

function isArticle(record: JsonObject, link: CanonicalLink | null, fromParams: CanonicalLink | null): boolean {
  for (const candidate of [link, fromParams]) {
    if (candidate?.kind === 'article' || candidate?.url.includes('/pulse/')) return true;
  }
  const type = firstText(record['@type'], record.type, record.kind);
  return type !== null && /article/i.test(type);
}

export function readProfessionalRecord(record: JsonObject, sourcePath: string, fromParams: CanonicalLink | null): NormalisedItem {
  const link = canonicalLink(record.url);
  const { author, followers } = authorOf(record);
  const published = timeAndText(record.datePublished);
  const title = firstText(record.name, record.headline);
  return makeItem('professional', sourcePath, {
    kind: isArticle(record, link, fromParams) ? 'article' : 'post',
    nativeId: link?.nativeId ?? fromParams?.nativeId ?? null,
    url: link?.url ?? fromParams?.url ?? null,
    title,
    // With a name as title, a different headline is the next best text.
    text: firstText(
      record.description,
      record.articleBody,
      text(record.name) !== null && record.headline !== record.name ? record.headline : null,
    ),
    author,
    publishedAt: published.at ?? timeAndText(record.dateCreated).at,
    publishedText: published.text,
    thumbnailUrl: firstImage(record.image, record.thumbnailUrl),
    metrics: {
      likes: firstCount(record.likeCount),
      comments: firstCount(record.commentCount),
      followers,
    },
    extras: { headline: text(record.headline) },
  });
}

export const normaliseProfessional: Normaliser = (operation: OperationId, data: unknown, params) => {
  const out = emptyNormalisation();
  if (!acceptsRecord(out, operation, operation === 'professional/post', 'professional', data)) return out;
  const fromParams = canonicalLink(params.url);
  const inData = data.data;
  const inPost = data.post;
  if (looksLikeRecord(data)) out.items.push(readProfessionalRecord(data, '', fromParams));
  else if (isRecord(inData) && looksLikeRecord(inData)) out.items.push(readProfessionalRecord(inData, 'data', fromParams));
  else if (isRecord(inPost) && looksLikeRecord(inPost)) out.items.push(readProfessionalRecord(inPost, 'post', fromParams));
  // A trimmed record may hold none of the known fields; it is still the record asked for.
  else out.items.push(readProfessionalRecord(data, '', fromParams));
  return out;
};
