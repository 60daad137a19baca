import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_FORMULAS, HOSTILE_LONG_TEXT, HOSTILE_MARKDOWN, HOSTILE_MARKUP, HOSTILE_STRINGS } from '../../../src/main/demo';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoService } from '../../../src/main/demo/types';
import type { OperationId } from '../../../src/shared/catalogue';
import { call, dataOf, stringsIn, tickingClock } from './helpers';

let service: DemoService;
beforeAll(async () => {
  service = await startDemoService({ port: 0, clock: tickingClock() });
});
afterAll(async () => {
  await service.close();
});

const isHostile = (text: string): boolean => HOSTILE_STRINGS.some((h) => text.includes(h)) || text.includes(HOSTILE_LONG_TEXT);

/** Strings of several answers of one operation, until one is hostile. */
async function findHostile(operationId: OperationId, paramsFor: (i: number) => Record<string, string>, tries: number): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < tries && found.length === 0; i++) {
    found.push(...stringsIn(dataOf(await call(service, operationId, paramsFor(i)))).filter(isHostile));
  }
  return found;
}

describe('hostile sample content', () => {
  it('exports the hostile strings for other tests', () => {
    expect(HOSTILE_MARKUP).toContain('<script>alert(1)</script>');
    expect(HOSTILE_MARKUP).toContain('<img src=x onerror=alert(1)>');
    for (const prefix of ['=', '+', '-', '@', '\t']) expect(HOSTILE_FORMULAS.some((f) => f.startsWith(prefix))).toBe(true);
    expect(HOSTILE_MARKDOWN.some((m) => m.startsWith('# '))).toBe(true);
    expect(HOSTILE_MARKDOWN.some((m) => m.includes('](javascript:'))).toBe(true);
    expect(HOSTILE_MARKDOWN.some((m) => m.includes('|'))).toBe(true);
    expect(HOSTILE_MARKDOWN.some((m) => m.includes('`'))).toBe(true);
    expect(HOSTILE_STRINGS.some((s) => s.startsWith('javascript:'))).toBe(true);
    expect(HOSTILE_LONG_TEXT.length).toBeGreaterThanOrEqual(20_000);
  });

  it.each<[OperationId, (i: number) => Record<string, string>, number]>([
    ['videosite/search', (i) => ({ query: `q${i}` }), 10],
    ['shortvideo/search', (i) => ({ query: `q${i}` }), 20],
    ['photoshare/post', (i) => ({ url: `https://www.instagram.com/p/hostile${String(i).padStart(4, '0')}/` }), 300],
    ['microblog/user/posts', (i) => ({ handle: `user${i}.bsky.social` }), 20],
    ['professional/post', (i) => ({ url: `https://www.linkedin.com/posts/someone-activity-${1000 + i}` }), 300],
    ['pinboard/pin', (i) => ({ url: `https://www.pinterest.com/pin/${100000 + i}/` }), 300],
    ['socialnet/user/reels', (i) => ({ url: `https://www.facebook.com/page${i}` }), 30],
    ['forum/subreddit/search', (i) => ({ subreddit: `sub${i}` }), 30],
    ['tweetsite/user/tweets', (i) => ({ handle: `user${i}` }), 10],
  ])('plants hostile items on %s', async (operationId, paramsFor, tries) => {
    expect((await findHostile(operationId, paramsFor, tries)).length).toBeGreaterThan(0);
  });

  it('plants the long text and formula prefixes at the start of titles somewhere', async () => {
    const titles: string[] = [];
    let long = false;
    for (let i = 0; i < 30 && !(long && titles.some((t) => /^[=+\-@\t]/.test(t))); i++) {
      const strings = stringsIn(dataOf(await call(service, 'tweetsite/user/tweets', { handle: `long${i}` })));
      long ||= strings.some((s) => s.includes(HOSTILE_LONG_TEXT));
      titles.push(...strings);
    }
    expect(long).toBe(true);
    expect(titles.some((t) => /^[=+\-@\t]/.test(t))).toBe(true);
  });

  it('keeps hostile text intact in JSON: it is data, not markup', async () => {
    for (let i = 0; i < 10; i++) {
      const answer = await call(service, 'videosite/search', { query: `q${i}` });
      const hostile = stringsIn(dataOf(answer)).find((s) => s.includes('<script>'));
      if (hostile) {
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        return;
      }
    }
  });
});

describe('multilingual sample content', () => {
  it('includes right-to-left scripts, Japanese and emoji', async () => {
    const strings: string[] = [];
    for (let i = 0; i < 3; i++) strings.push(...stringsIn(dataOf(await call(service, 'videosite/search', { query: `lang${i}` }))));
    const text = strings.join('\n');
    expect(text).toMatch(/[\u0600-\u06ff]/);
    expect(text).toMatch(/[\u0590-\u05ff]/);
    expect(text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(text).toMatch(/[äöüßéèñ¿]/);
    expect(text).toMatch(/\p{Extended_Pictographic}/u);
  });
});
