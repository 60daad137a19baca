/** Image pinboard: one pin, answered for any URL of it. */
import { hostileTextFor, isHostileItem } from '../hostile';
import { HEX, createRandom, numericId } from '../random';
import { pickLanguage, sampleHashtag, sampleParagraph, samplePerson, sampleTitle } from '../sample-text';
import { pastTime } from '../time-format';
import { urlKey, type PlatformHandlers } from './context';
import { media, pathMatch } from './sample-urls';

const PIN_ID = /^\d{5,25}$/;

const pin: PlatformHandlers<'pinboard'>['pinboard/pin'] = (ctx) => {
  const url = ctx.params.get('url') ?? '';
  const key = urlKey(url);
  const random = createRandom(ctx.seed, 'pin', key);
  const fromUrl = pathMatch(url, /\/pin\/(?:[^/]*--)?([^/?#]+)/);
  const id = fromUrl !== null && PIN_ID.test(fromUrl) ? fromUrl : numericId(random, 18);
  const language = pickLanguage(random);
  const pinner = samplePerson(random, language);
  const title = sampleTitle(random, language);
  let description = sampleParagraph(random, language, random.int(1, 2));
  let link: string | null = `https://blog.example/${sampleHashtag(random, 'en')}/${random.int(100, 999)}`;
  const hostile = isHostileItem(ctx.seed, 'pinboard', key);
  if (hostile) {
    const text = hostileTextFor(ctx.seed, 'pinboard', key);
    description = `${text.title} ${description} ${text.body}`;
    link = 'javascript:alert(1)';
  }
  const width = random.pick([736, 1000, 1080, 1200, 1600]);
  const height = Math.round(width * random.pick([1, 1.25, 1.5, 1.78, 2]));
  const image = (size: string) => media('pinboard', `${size}/${id.slice(0, 2)}/${id.slice(2, 4)}/${id}.jpg`);
  const full = {
    id,
    title,
    description,
    autoAltText: `${hostile ? '<img src=x onerror=alert(1)> ' : ''}a photo of ${random.pick(['a market stall', 'a bicycle', 'a bowl of ramen', 'a city street at night', 'a handwritten note'])}`,
    closeupUnifiedDescription: description,
    dominantColor: `#${random.chars(HEX, 6)}`,
    link,
    originPinner: { id: numericId(random, 18), username: pinner.handle, fullName: pinner.name },
    images: {
      orig: { width, height, url: image('originals') },
      '736x': { width: 736, height: Math.round((736 * height) / width), url: image('736x') },
      '236x': { width: 236, height: Math.round((236 * height) / width), url: image('236x') },
    },
    board: { id: numericId(random, 18), name: sampleTitle(random, language), url: `/${pinner.handle}/${random.int(1, 20)}/` },
    repinCount: random.skewed(50_000),
    createdAt: new Date(pastTime(random.next())).toUTCString().replace('GMT', '+0000'),
  };
  if (!ctx.params.flag('trim')) return full;
  const { board: _board, repinCount: _repins, createdAt: _created, title: _title, ...trimmed } = full;
  return { ...trimmed, images: { orig: full.images.orig } };
};

export const pinboard: PlatformHandlers<'pinboard'> = { 'pinboard/pin': pin };
