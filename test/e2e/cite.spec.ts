/**
 * A journalist quotes what she found: she opens a video in the library, copies its citation for
 * her draft, then copies one line of its transcript with the moment it is said, a link that opens
 * the video there, and the requests both came from. Where the browser refuses the clipboard, the
 * text is shown selected for her to copy by hand. Then she files the video in a collection for
 * the story, from its detail.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, searchLibrary, seedItems } from './library-helpers';

const VIDEO = 'HarbourWal1';
const TITLE = 'Harbour wall collapse, live';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe({
    seedDataDir(dataDir) {
      seedItems(
        dataDir,
        [
          {
            nativeId: VIDEO,
            platform: 'videosite',
            kind: 'video',
            title: TITLE,
            author: { name: 'Harbour News', handle: '@harbournews', id: null, url: null },
            publishedAt: '2025-03-08T10:00:00Z',
          },
        ],
        [
          [
            {
              nativeId: VIDEO,
              url: null,
              kind: 'video',
              language: 'en',
              available: true,
              format: 'segments',
              fullText: null,
              segments: [
                { startMs: 0, endMs: 4_000, text: 'Good evening from the quay.' },
                { startMs: 83_000, endMs: 88_000, text: 'The wall gave way just after dawn.' },
              ],
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

async function openVideo(page: Page) {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  await (await searchLibrary(page, 'harbour wall')).getByRole('option').first().click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(TITLE);
  return detail;
}

test('copies the item’s citation and a quote of one transcript line, each with its source', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
  const detail = await openVideo(page);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await detail.getByRole('button', { name: 'Copy citation' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Citation copied to the clipboard.' })).toBeVisible();
  expect(await clipboard()).toMatch(
    /^Harbour News \(@harbournews\), “Harbour wall collapse, live”, YouTube video, published 8 March 2025\. https:\/\/www\.youtube\.com\/watch\?v=HarbourWal1\. Fetched \d{1,2} \w+ \d{4}, \d\d:\d\d UTC by tweetsite\/user\/tweets, request id req_test_\d+\.$/,
  );

  await detail.getByRole('button', { name: 'Copy a quote of 1:23 with its source' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Quote at 1:23 copied to the clipboard.' })).toBeVisible();
  const quote = (await clipboard()).split('\n');
  expect(quote[0]).toBe('“The wall gave way just after dawn.”');
  expect(quote[1]).toMatch(/^— at 1:23 in: Harbour News \(@harbournews\), “Harbour wall collapse, live”, YouTube video/);
  expect(quote[2]).toBe('Open at 1:23: https://www.youtube.com/watch?v=HarbourWal1&t=83s');
  expect(quote[3]).toMatch(
    /^Transcript in English \(en\) fetched \d{1,2} \w+ \d{4}, \d\d:\d\d UTC by videosite\/transcript, request id req_test_\d+\.$/,
  );

  const { violations } = await new AxeBuilder({ page }).include('[aria-label="Item detail"]').analyze();
  expect(violations).toEqual([]);
});

test('shows the text selected to copy by hand when the browser refuses the clipboard', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
  });
  const detail = await openVideo(page);
  await detail.getByRole('button', { name: 'Copy a quote of 0:00 with its source' }).click();
  await expect(
    detail.getByRole('status').filter({ hasText: 'The browser did not let Gleaner copy. The quote at 0:00 is selected below' }),
  ).toBeVisible();
  const manual = detail.getByRole('textbox', { name: 'Text to copy' });
  await expect(manual).toBeFocused();
  await expect(manual).toHaveValue(/^“Good evening from the quay\.”\n— at 0:00 in: Harbour News/);
  // All of it is selected, so one keystroke copies it.
  expect(await manual.evaluate((area: HTMLTextAreaElement) => area.selectionEnd - area.selectionStart)).toBe(
    (await manual.inputValue()).length,
  );
});

test('adds the open item to a new collection from its detail, and then to another', async ({ page }) => {
  const detail = await openVideo(page);
  const fields = detail.getByTestId('item-fields');
  await expect(fields).toContainText('In none yet');
  await fields.getByRole('button', { name: 'Add to a collection…' }).click();
  const panel = detail.getByRole('form', { name: 'Add to collection' });
  await panel.getByLabel('Collection', { exact: true }).selectOption({ label: 'New collection…' });
  await panel.getByLabel('Name of the new collection').fill('Harbour wall');
  await panel.getByRole('button', { name: 'Add 1 item' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Added 1 item to “Harbour wall”.' })).toBeVisible();
  await expect(fields.getByRole('button', { name: 'Add to another collection…' })).toBeFocused();
  await expect(fields).toContainText('Harbour wall');

  // Escape closes the panel and gives the focus back, adding nothing. The collection that holds
  // the item is listed but not offered, so the list starts at a new one.
  await fields.getByRole('button', { name: 'Add to another collection…' }).click();
  await expect(panel).toBeVisible();
  const choice = panel.getByLabel('Collection', { exact: true });
  await expect(choice.locator('option:checked')).toHaveText('New collection…');
  await expect(choice.getByRole('option', { name: 'Harbour wall (holds it already)' })).toBeDisabled();
  await expect(panel.getByLabel('Name of the new collection')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(fields.getByRole('button', { name: 'Add to another collection…' })).toBeFocused();
});
