/**
 * Selecting more than is on screen: a researcher with 1,500 items selects a range by Shift-clicking
 * after a long scroll, or every item a search found, and acts on all of them — not only on the
 * rows the list happened to have loaded (the list loads 200 rows at a time, as they come into view).
 */
import type { Page } from '@playwright/test';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, harbourPosts, rpc, seedItems } from './library-helpers';

const ITEMS = 1500;

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe({
    seedDataDir(dataDir) {
      // Every third item is about the harbour.
      seedItems(dataDir, harbourPosts(ITEMS, { nativePrefix: 'sel', firstStatus: 1_000_000 }));
    },
  }));
});

test.afterAll(async () => {
  await stop?.();
});

async function openLibrary(page: Page) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText('1,500 items');
  return page.getByRole('listbox', { name: 'Results' });
}

test('a Shift-click after scrolling to the end selects every row between, loaded or not', async ({ page }) => {
  const results = await openLibrary(page);
  await results.getByRole('option').first().click();
  await expect(page.getByTestId('selection-count')).toHaveText('1 item selected');

  // Straight to the bottom: the pages in between are never loaded.
  await results.evaluate((list) => (list.scrollTop = list.scrollHeight));
  const last = results.getByRole('option').last();
  await expect(last).toHaveAttribute('aria-posinset', String(ITEMS));
  await expect(last).not.toHaveAttribute('aria-busy', 'true');
  await last.click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selection-count')).toHaveText('1,500 items selected');
  await expect(page.getByTestId('selection-note')).toHaveCount(0);

  // Escape clears it; Ctrl+A in the list selects everything again.
  await results.focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('selection-count')).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+a');
  await expect(page.getByTestId('selection-count')).toHaveText('1,500 items selected');
});

test('Enter in the search box on results already shown keeps them, and the row the cursor is on', async ({ page }) => {
  const results = await openLibrary(page);
  const search = page.getByRole('searchbox', { name: 'Search the library' });
  await search.fill('harbour');
  await expect(page.getByTestId('result-count')).toHaveText('500 items match');
  const rows = results.getByRole('option');
  await rows.nth(3).click();
  await expect(rows.nth(3)).toHaveAttribute('aria-selected', 'true');
  await search.focus();
  await page.keyboard.press('Enter');
  await expect(results).toBeFocused();
  await expect(rows.nth(3)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(4)).toHaveAttribute('aria-selected', 'true');
});

test('the tag filter offers the tags in use, and follows a collection renamed while the Library filters on it', async ({ page }) => {
  const found = await rpc<{ hits: { id: number }[] }>(served, 'library.search', { query: 'harbour', limit: 5 });
  const ids = found.hits.map((hit) => hit.id);
  await rpc(served, 'items.tag', { itemIds: ids.slice(0, 2), tag: 'Verified' });
  await rpc(served, 'collections.create', { name: 'Port desk' });
  await rpc(served, 'collections.add', { name: 'Port desk', itemIds: ids });

  await openLibrary(page);
  await page.getByLabel('Tag', { exact: true }).focus();
  await expect(page.getByTestId('tag-suggestions').locator('option')).toHaveCount(1);
  await expect(page.getByTestId('tag-suggestions').locator('option')).toHaveAttribute('value', 'Verified');

  await page.getByLabel('Collection', { exact: true }).selectOption('Port desk');
  await expect(page.getByTestId('result-count')).toHaveText(/^5 items/);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections', exact: true }).click();
  await page
    .getByRole('list', { name: 'Your collections' })
    .getByRole('button', { name: /Port desk/ })
    .click();
  await page.getByRole('button', { name: 'Rename…' }).click();
  await page.getByLabel('New name').fill('Harbour desk');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour desk', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByLabel('Collection', { exact: true })).toHaveValue('Harbour desk');
  await expect(page.getByTestId('result-count')).toHaveText(/^5 items/);
});

test('a collection of 1,500 draws its rows 200 at a time, and its search finds past a thousand', async ({ page }) => {
  const { ids } = await rpc<{ ids: number[] }>(served, 'library.ids', { search: {}, limit: ITEMS });
  await rpc(served, 'collections.create', { name: 'Everything here' });
  await rpc(served, 'collections.add', { name: 'Everything here', itemIds: ids });
  await openLibrary(page);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections', exact: true }).click();
  await page
    .getByRole('list', { name: 'Your collections' })
    .getByRole('button', { name: /Everything here/ })
    .click();
  const rows = page.getByTestId('collection-item');
  await expect(rows).toHaveCount(200);
  await page.getByRole('button', { name: 'Show 200 more (1,300 not shown yet)' }).click();
  await expect(rows).toHaveCount(400);
  // Every item matches: more than the thousand a page of hits held.
  await page.getByLabel('Search this collection').fill('report OR minute');
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toContainText('1,500 items of 1,500 match');
  await expect(rows).toHaveCount(200);
});

test('every item a search found goes into a collection with "Select all"', async ({ page }) => {
  await openLibrary(page);
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('harbour');
  await expect(page.getByTestId('result-count')).toHaveText('500 items match');

  await page.getByRole('button', { name: 'Select all 500 items' }).click();
  await expect(page.getByTestId('selection-count')).toHaveText('500 items selected');
  // Everything found is selected: nothing more to offer.
  await expect(page.getByRole('button', { name: /^Select all/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add to collection…' }).click();
  const form = page.getByRole('form', { name: 'Add to collection' });
  await form.getByLabel('Collection', { exact: true }).selectOption({ label: 'New collection…' });
  await form.getByLabel('Name of the new collection').fill('Harbour reports');
  await form.getByRole('button', { name: 'Add 500 items' }).click();
  await expect(page.getByText('Added 500 items to “Harbour reports”.')).toBeVisible();

  // All 500, and only the harbour reports.
  const inCollection = await rpc<{ total: number }>(served, 'library.search', { collection: 'Harbour reports' });
  const harbourInCollection = await rpc<{ total: number }>(served, 'library.search', { collection: 'Harbour reports', query: 'harbour' });
  expect([inCollection.total, harbourInCollection.total]).toEqual([500, 500]);
});
