import { fetchesUrl, linkCases } from '../url-cases';

const LI_ID = '7123456789012345678';
const LI_POST = `https://www.linkedin.com/posts/satyanadella_ai-activity-${LI_ID}-AbCd`;

linkCases('professional', {
  fetched: [
    // professional: posts, articles, feed updates (also percent-encoded), country subdomains
    [`${LI_POST}?utm_source=share&utm_medium=member_desktop`, fetchesUrl('professional/post', LI_POST, 'post', LI_ID)],
    [
      'linkedin.com/posts/jane-doe_journalism-activity-7000000000000000001-xyz/',
      fetchesUrl(
        'professional/post',
        'https://www.linkedin.com/posts/jane-doe_journalism-activity-7000000000000000001-xyz',
        'post',
        '7000000000000000001',
      ),
    ],
    [
      'https://www.linkedin.com/pulse/future-news-jane-doe',
      fetchesUrl('professional/post', 'https://www.linkedin.com/pulse/future-news-jane-doe', 'article'),
    ],
    [
      'https://uk.linkedin.com/pulse/future-news-jane-doe/',
      fetchesUrl('professional/post', 'https://www.linkedin.com/pulse/future-news-jane-doe', 'article'),
    ],
    [
      `https://www.linkedin.com/feed/update/urn:li:activity:${LI_ID}/`,
      fetchesUrl('professional/post', `https://www.linkedin.com/feed/update/urn:li:activity:${LI_ID}`, 'post', LI_ID),
    ],
    [
      `https://www.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A${LI_ID}`,
      fetchesUrl('professional/post', `https://www.linkedin.com/feed/update/urn:li:activity:${LI_ID}`, 'post', LI_ID),
    ],
    [
      `https://www.linkedin.com/feed/update/urn:li:share:${LI_ID}?trk=public_post`,
      fetchesUrl('professional/post', `https://www.linkedin.com/feed/update/urn:li:share:${LI_ID}`, 'post', LI_ID),
    ],
    [
      `https://www.linkedin.com/embed/feed/update/urn:li:ugcPost:${LI_ID}`,
      fetchesUrl('professional/post', `https://www.linkedin.com/feed/update/urn:li:ugcPost:${LI_ID}`, 'post', LI_ID),
    ],
  ],
  refused: [
    // professional
    ['https://www.linkedin.com/in/janedoe/', /profile or company page/],
    ['https://www.linkedin.com/company/acme-news/', /profile or company page/],
    ['https://www.linkedin.com/feed/', /feed/],
    ['https://www.linkedin.com/search/results/all/?keywords=press', /search page/],
    ['https://lnkd.in/eAbC123', /short link .* can lead to any site/],
  ],
});
