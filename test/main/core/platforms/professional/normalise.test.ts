import { describe, it, expect } from 'vitest';
import { normaliseProfessional } from '../../../../../src/main/core/platforms/professional/normalise';
import { NO_AUTHOR, metrics } from '../helpers';

const POST_URL = 'https://www.linkedin.com/posts/janedoe_hiring-activity-7151234567890123456-AbCd';

/** The post `data` as the spec shows it. */
const record = {
  url: POST_URL,
  name: 'We are hiring',
  headline: 'We are hiring engineers',
  commentCount: 12,
  likeCount: 340,
  datePublished: '2024-01-15T09:30:00.000+01:00',
  description: 'We are hiring engineers in Berlin. Apply now!',
  author: { name: 'Jane Doe', url: 'https://www.linkedin.com/in/janedoe', followers: 5400 },
};

describe('professional post', () => {
  it('maps every field of a post', () => {
    const result = normaliseProfessional('professional/post', record, { url: POST_URL });
    expect(result.warnings).toEqual([]);
    expect(result.items).toEqual([
      {
        platform: 'professional',
        kind: 'post',
        nativeId: '7151234567890123456',
        url: POST_URL,
        title: 'We are hiring',
        text: 'We are hiring engineers in Berlin. Apply now!',
        author: { name: 'Jane Doe', handle: 'janedoe', id: null, url: 'https://www.linkedin.com/in/janedoe' },
        publishedAt: '2024-01-15T08:30:00.000Z',
        publishedText: null,
        durationMs: null,
        thumbnailUrl: null,
        metrics: metrics({ likes: 340, comments: 12, followers: 5400 }),
        extras: { headline: 'We are hiring engineers' },
        sourcePath: '',
      },
    ]);
  });

  it('knows an article by its /pulse/ URL or by what the record says', () => {
    const article = normaliseProfessional(
      'professional/post',
      { ...record, url: 'https://www.linkedin.com/pulse/future-work-jane-doe' },
      {},
    );
    expect(article.items[0]).toMatchObject({ kind: 'article', url: 'https://www.linkedin.com/pulse/future-work-jane-doe', nativeId: null });
    const typed = normaliseProfessional('professional/post', { ...record, url: undefined, '@type': 'NewsArticle' }, { url: POST_URL });
    expect(typed.items[0]).toMatchObject({ kind: 'article', url: POST_URL });
    const byParams = normaliseProfessional('professional/post', { name: 'x' }, { url: 'https://www.linkedin.com/pulse/some-article-slug' });
    expect(byParams.items[0]?.kind).toBe('article');
  });

  it('uses the headline as the title when there is no name, else as text when there is no description', () => {
    const { name: _name, ...rest } = record;
    expect(normaliseProfessional('professional/post', rest, {}).items[0]).toMatchObject({
      title: 'We are hiring engineers',
      text: 'We are hiring engineers in Berlin. Apply now!',
    });
    const { description: _description, ...noDescription } = record;
    expect(normaliseProfessional('professional/post', noDescription, {}).items[0]).toMatchObject({
      title: 'We are hiring',
      text: 'We are hiring engineers',
    });
  });

  it('reads trimmed records, nulls and numeric strings', () => {
    const trimmed = normaliseProfessional(
      'professional/post',
      { likeCount: '9', commentCount: null, author: null, datePublished: 'last week' },
      { url: POST_URL },
    );
    expect(trimmed.warnings).toEqual([]);
    expect(trimmed.items[0]).toMatchObject({
      kind: 'post',
      nativeId: '7151234567890123456',
      url: POST_URL,
      title: null,
      text: null,
      author: NO_AUTHOR,
      publishedAt: null,
      publishedText: 'last week',
      metrics: metrics({ likes: 9 }),
    });
    const empty = normaliseProfessional('professional/post', {}, {});
    expect(empty.items).toHaveLength(1);
    expect(empty.items[0]).toMatchObject({ nativeId: null, url: null, author: NO_AUTHOR });
  });

  it('keeps an author given as plain text, and unknown extra fields do no harm', () => {
    const [item] = normaliseProfessional(
      'professional/post',
      { ...record, author: 'Jane', interactionStatistic: [{}], image: { url: 'https://media.licdn.com/a.jpg' } },
      {},
    ).items;
    expect(item?.author).toEqual({ name: 'Jane', handle: null, id: null, url: null });
    expect(item?.thumbnailUrl).toBe('https://media.licdn.com/a.jpg');
  });

  it('says so for data that is not an object', () => {
    expect(normaliseProfessional('professional/post', [record], {}).items).toEqual([]);
    expect(normaliseProfessional('professional/post', [record], {}).warnings).toHaveLength(1);
  });
});
