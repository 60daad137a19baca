import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoService } from '../../../src/main/demo/types';
import { call, dataOf, tickingClock } from './helpers';

let service: DemoService;
beforeAll(async () => {
  service = await startDemoService({ port: 0, seed: 'relevance', clock: tickingClock() });
});
afterAll(() => service.close());

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether every item that mentions the word comes before every item that does not. */
function matchesLead(texts: readonly string[], word: string): boolean {
  const flags = texts.map((text) => folded(text).includes(word));
  return flags.indexOf(false) === -1 || flags.lastIndexOf(true) < flags.indexOf(false);
}

describe('demo searches rank what mentions the query first', () => {
  it('video site: videos whose title or description holds a query word lead, accents ignored', async () => {
    for (const word of ['market', 'cafeterias']) {
      const data = dataOf(await call(service, 'videosite/search', { query: `${word} zzqx`, includeExtras: 'true' }));
      const videos = data.videos as { title: string; description?: string }[];
      const texts = videos.map((v) => `${v.title} ${v.description ?? ''}`);
      expect(texts.filter((text) => folded(text).includes(word)).length, word).toBeGreaterThan(0);
      expect(matchesLead(texts, word), word).toBe(true);
    }
  });

  it('short-video app: clips whose caption holds a query word lead', async () => {
    const data = dataOf(await call(service, 'shortvideo/search', { query: 'food' }));
    const captions = (data.search_item_list as { aweme_info: { desc: string } }[]).map((entry) => entry.aweme_info.desc);
    expect(captions.filter((caption) => folded(caption).includes('food')).length).toBeGreaterThan(0);
    expect(matchesLead(captions, 'food')).toBe(true);
  });

  it('a query that matches nothing still gets a full page of sample results', async () => {
    const data = dataOf(await call(service, 'videosite/search', { query: 'zzqx' }));
    expect((data.videos as unknown[]).length).toBe(20);
  });
});
