/**
 * A reporter's collection is full of posts without titles. Each one reads the same wherever she
 * meets it: in the Library, in the collection, in the item's detail and in the citation she
 * copies: the start of its words, or "Untitled reel by @liam" where it has none. Platforms go by
 * the names she knows (Instagram, X), and the citation style she picks is kept.
 */
import type { Page } from '@playwright/test';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, rpc, searchLibrary, seedItems } from './library-helpers';

const STORY = 'Harbour reels';
const REEL_LABEL = 'Untitled reel by @liam';
const POST_TEXT = 'Water over the harbour wall this morning, and the ferry is not running until the tide turns again tonight';
const POST_LABEL = 'Water over the harbour wall this morning, and the ferry is not running until…';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe({
    seedDataDir(dataDir) {
      seedItems(dataDir, [
        {
          nativeId: 'ReelNoWords1',
          platform: 'photoshare',
          kind: 'reel',
          url: 'https://www.instagram.com/reel/ReelNoWords1/',
          title: null,
          text: null,
          author: { name: 'Liam Brooks', handle: 'liam', id: null, url: null },
          publishedAt: '2026-11-20T07:00:00Z',
        },
        {
          nativeId: '1790000000000000001',
          platform: 'tweetsite',
          kind: 'tweet',
          url: 'https://x.com/harbourdesk/status/1790000000000000001',
          title: null,
          text: POST_TEXT,
          author: { name: 'Harbour Desk', handle: 'harbourdesk', id: null, url: null },
        },
      ]);
    },
  }));
  const { ids } = await rpc<{ ids: number[] }>(served, 'library.ids', { search: {}, limit: 10 });
  await rpc(served, 'collections.create', { name: STORY });
  await rpc(served, 'collections.add', { name: STORY, itemIds: ids });
});

test.afterAll(async () => {
  await stop?.();
});

async function openView(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name, exact: true }).click();
}

test('an untitled reel and an untitled post carry one label in the Library, the collection and the detail', async ({ page }) => {
  await page.goto(await browserLink(served));
  await openView(page, 'Library');
  const results = await searchLibrary(page, '');
  const reelRow = results.getByRole('option').filter({ hasText: REEL_LABEL });
  await expect(reelRow.locator('.row-title')).toHaveText(REEL_LABEL);
  await expect(reelRow.locator('.row-platform')).toHaveText('Instagram');
  await expect(results.getByRole('option').filter({ hasText: 'Water over' }).locator('.row-title')).toHaveText(POST_LABEL);

  await openView(page, 'Collections');
  await page
    .getByRole('list', { name: 'Your collections' })
    .getByRole('button', { name: new RegExp(STORY) })
    .click();
  const labels = page.getByTestId('collection-item').locator('.item-open');
  await expect(labels).toHaveCount(2);
  await expect(labels.filter({ hasText: 'Untitled' })).toHaveText(REEL_LABEL);
  await expect(labels.filter({ hasText: 'Water over' })).toHaveText(POST_LABEL);

  await labels.filter({ hasText: 'Untitled' }).click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(REEL_LABEL);
  await expect(detail.locator('.detail-kicker')).toHaveText('Instagram · Reel');
});

test('the citation names the platform as its users know it, in the style chosen, and the choice is kept', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
  await page.goto(await browserLink(served));
  await openView(page, 'Library');
  await (await searchLibrary(page, '')).getByRole('option').filter({ hasText: REEL_LABEL }).click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(REEL_LABEL);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await detail.getByRole('button', { name: 'Copy citation' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Citation copied to the clipboard.' })).toBeVisible();
  expect(await clipboard()).toMatch(
    /^Liam Brooks \(@liam\), untitled Instagram reel, published 20 November 2026\. https:\/\/www\.instagram\.com\/reel\/ReelNoWords1\/\. Fetched \d{1,2} \w+ \d{4}, \d\d:\d\d UTC by \S+, request id req_test_\d+\.$/,
  );

  await detail.getByLabel('Citation style').selectOption({ label: 'APA 7' });
  await detail.getByRole('button', { name: 'Copy citation' }).click();
  await expect
    .poll(clipboard)
    .toMatch(/^Liam Brooks \[@liam\]\. \(2026, November 20\)\. \[Reel\]\. Instagram\. Retrieved .+ UTC, from https:/);

  await page.reload();
  await openView(page, 'Library');
  await (await searchLibrary(page, '')).getByRole('option').filter({ hasText: REEL_LABEL }).click();
  await expect(page.getByRole('complementary', { name: 'Item detail' }).getByLabel('Citation style')).toHaveValue('apa');
});
