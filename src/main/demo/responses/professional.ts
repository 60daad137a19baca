/** Professional network: one post or article, answered for any URL of it. */
import { hostileTextFor, isHostileItem } from '../hostile';
import { createRandom } from '../random';
import { pickLanguage, sampleParagraph, samplePerson, sampleTitle } from '../sample-text';
import { SAMPLE_OFFSETS, isoWithOffset, pastTime } from '../time-format';
import { urlKey, type PlatformHandlers } from './context';
import { PAGE_HOSTS, media, slug } from './sample-urls';

const HEADLINES = [
  'Investigative reporter | data & public records',
  'Head of Research at a civic tech nonprofit',
  'Periodista de datos',
  'Redakteurin für Wissenschaft und Umwelt',
  'Chargée de projet, innovation sociale',
  'محللة بيانات في مؤسسة إعلامية',
  'מנהל מוצר, חברת מדיה',
  'データジャーナリスト',
];

const post: PlatformHandlers<'professional'>['professional/post'] = (ctx) => {
  const url = ctx.params.get('url') ?? '';
  const key = urlKey(url);
  const random = createRandom(ctx.seed, 'pro-post', key);
  const language = pickLanguage(random);
  const author = samplePerson(random, language);
  const isArticle = /\/pulse\//.test(key) || random.chance(0.2);
  const title = sampleTitle(random, language);
  let description = sampleParagraph(random, language, isArticle ? random.int(6, 12) : random.int(1, 4));
  let name = isArticle ? title : `${author.name}: ${title}`;
  if (isHostileItem(ctx.seed, 'professional', key)) {
    const hostile = hostileTextFor(ctx.seed, 'professional', key);
    name = `${hostile.title} ${name}`;
    description = `${hostile.body} ${description}`;
  }
  const likeCount = random.skewed(15_000);
  return {
    '@type': isArticle ? 'Article' : 'SocialMediaPosting',
    url,
    name,
    headline: random.pick(HEADLINES),
    description,
    commentCount: Math.floor(likeCount * random.next() * 0.15),
    likeCount,
    datePublished: isoWithOffset(pastTime(random.next()) + random.int(0, 999), random.pick(SAMPLE_OFFSETS), true),
    inLanguage: language,
    image: media('professional', `image/${slug(title, 'post')}.jpg`),
    author: {
      name: author.name,
      url: `${PAGE_HOSTS.professional}/in/${slug(author.handle, 'member')}-${random.int(1000, 9999)}`,
      followers: random.skewed(80_000),
    },
  };
};

export const professional: PlatformHandlers<'professional'> = { 'professional/post': post };
