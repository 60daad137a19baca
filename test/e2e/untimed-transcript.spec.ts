/**
 * A researcher finds a video message by words said in it: its transcript came as one text with
 * no timings (the short-message site's). The library search finds it by those words, the item
 * shows the transcript as paragraphs, and she copies one paragraph as a quote with its source.
 */
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, searchLibrary, seedItems } from './library-helpers';

const MESSAGE = '1712345678901234567';
const SPEECH = 'The pilots walked out at dawn.\nThe ferries stayed in port all morning.';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.beforeAll(async () => {
  ({ served, stop } = await startServe({
    seedDataDir(dataDir) {
      seedItems(
        dataDir,
        [{ nativeId: MESSAGE, platform: 'tweetsite', kind: 'tweet', text: 'Our video from the harbour' }],
        [
          [
            {
              nativeId: MESSAGE,
              url: null,
              kind: 'tweet',
              language: null,
              available: true,
              format: 'text',
              fullText: SPEECH,
              segments: [],
            },
          ],
        ],
      );
    },
  }));
});

test.afterAll(async () => {
  await stop?.();
});

test('finds a message by words of its untimed transcript, shows them as paragraphs and quotes one', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  const results = await searchLibrary(page, 'ferries');
  await expect(results.getByRole('option')).toHaveCount(1);
  await results.getByRole('option').first().click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  const paragraphs = detail.getByTestId('transcript-paragraphs').getByRole('listitem');
  await expect(paragraphs).toHaveCount(2);
  await expect(paragraphs.nth(1)).toContainText('The ferries stayed in port all morning.');
  await detail.getByRole('button', { name: 'Copy a quote of paragraph 2 with its source' }).click();
  const quote = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
  expect(quote[0]).toBe('“The ferries stayed in port all morning.”');
  // The fetch moments read in words with their zone, as every citation does.
  expect(quote[1]).toMatch(/^— in: .*\. Fetched \d{1,2} \w+ \d{4}, \d\d:\d\d UTC by \S+, request id req_test_\d+\.$/);
  expect(quote[2]).toMatch(/^Transcript \(without timings\) fetched \d{1,2} \w+ \d{4}, \d\d:\d\d UTC by \S+, request id req_test_\d+\.$/);
});
