/**
 * The library benchmark's corpus: video titles drawn from a Zipf distribution over a vocabulary
 * whose most frequent words are English function words, and the search answers that carry them
 * (see library.ts for why the corpus has this shape).
 */
const FUNCTION_WORDS = (
  'the of and to a in for is on that by this with you it not or be are from at as your all have new more an was we will ' +
  'can us about if my has but our one other do no they he up may what which their out use any there see only so his when ' +
  'here who also now get'
).split(' ');
export const COMMON_TERMS = ['flood', 'council', 'climate', 'harbour', 'energy'];
const TOPIC_WORDS = [
  ...COMMON_TERMS,
  ...(
    'drought election market housing transport school hospital river storm budget police court protest festival football ' +
    'weather farming wildfire coast bridge railway airport museum library science'
  ).split(' '),
];
const VOCABULARY_SIZE = 20_000;
const ZIPF_EXPONENT = 1;
/** A broad word for comparison: rank 8 of the vocabulary. */
export const BROAD_TERM = FUNCTION_WORDS[7]!;
export const PER_RESPONSE = 50;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vocabulary(): string[] {
  const syllables =
    'ba be bi bo bu da de di do du fa fe fi fo ga ge go ka ke ki ko la le li lo lu ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vo za zo'.split(
      ' ',
    );
  const words = [...FUNCTION_WORDS, ...TOPIC_WORDS];
  for (let n = 0; words.length < VOCABULARY_SIZE; n += 1) {
    const s = syllables.length;
    words.push(`${syllables[n % s]}${syllables[Math.floor(n / s) % s]}${syllables[Math.floor(n / s / s) % s]}`);
  }
  return words;
}

/** `count` titles of 6–14 words, each word drawn by rank from the Zipf distribution. */
export function makeTitles(count: number): string[] {
  const words = vocabulary();
  const cumulative = new Float64Array(words.length);
  let sum = 0;
  for (let rank = 1; rank <= words.length; rank += 1) {
    sum += 1 / rank ** ZIPF_EXPONENT;
    cumulative[rank - 1] = sum;
  }
  const next = random(20_260_101);
  const draw = (): string => {
    const target = next() * sum;
    let low = 0;
    let high = words.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return words[low]!;
  };
  return Array.from({ length: count }, () => {
    const length = 6 + Math.floor(next() * 9);
    const title = Array.from({ length }, draw).join(' ');
    return title[0]!.toUpperCase() + title.slice(1);
  });
}

export function makeData(n: number, titles: readonly string[]) {
  return {
    videos: Array.from({ length: PER_RESPONSE }, (_, i) => {
      const id = n * PER_RESPONSE + i;
      return {
        type: 'video',
        id: `v${String(id).padStart(10, '0')}`,
        url: `https://www.youtube.com/watch?v=v${String(id).padStart(10, '0')}`,
        title: titles[id]!,
        channel: { id: `UC${id % 5000}`, title: `Channel ${id % 5000}`, handle: `@channel${id % 5000}` },
        viewCountInt: (id * 7919) % 1_000_000,
        publishedTimeText: `${(id % 30) + 1} days ago`,
        lengthText: '4:13',
        lengthSeconds: 253,
      };
    }),
    channels: [],
    playlists: [],
    shorts: [],
    continuationToken: `t${n}`,
  };
}

/** One benchmark response as the service would send it: its data, its body text and its fetch time. */
export function makeResponse(n: number, titles: readonly string[]) {
  const data = makeData(n, titles);
  const body = JSON.stringify({ success: true, data, meta: { platform: 'videosite', endpoint: 'search', request_id: `req_bench_${n}` } });
  return { data, body, fetchedAt: new Date(Date.UTC(2026, 0, 1) + n).toISOString() };
}
