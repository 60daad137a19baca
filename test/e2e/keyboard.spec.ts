/**
 * A keyboard-only user, and a window too small for three panes: focus never falls out of the
 * page after an action, modal dialogs keep keys to themselves, the Library's list keeps a usable
 * height at 200 % zoom, and what a run brings is said in the status region.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fetchInto, rpc } from './library-helpers';

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');
const nothingFocused = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

// Thumbnails point at the platforms' hosts: nothing leaves this machine.
test.beforeEach(async ({ page, gleaner }) => {
  await page.route(
    (url) => url.origin !== gleaner.origin,
    (route) => route.abort('blockedbyclient'),
  );
});

async function openView(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('main', { name })).toBeVisible();
}

test('in a collection, each action leaves focus where the next key press expects it', async ({ page, gleaner }) => {
  const { itemIds } = await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await rpc(gleaner, 'collections.create', { name: 'Harbour' });
  await rpc(gleaner, 'collections.add', { name: 'Harbour', itemIds: itemIds.slice(0, 4) });
  await page.goto(gleaner.url);
  await openView(page, 'Collections');
  await page
    .getByRole('list', { name: 'Your collections' })
    .getByRole('button', { name: /Harbour/ })
    .click();
  const rows = page.getByTestId('collection-item');
  await expect(rows).toHaveCount(4);
  const titles = await rows.locator('.item-open').allTextContents();

  // A move button pressed twice moves the item twice: focus stays on the button, in the moved row.
  await page.getByRole('button', { name: `Move down: ${titles[0]}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Move down: ${titles[0]}`, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows.locator('.item-open')).toHaveText([titles[1]!, titles[2]!, titles[0]!, titles[3]!]);
  await expect(page.getByRole('button', { name: `Move down: ${titles[0]}`, exact: true })).toBeFocused();

  // A saved note leaves its Save button disabled: focus settles back on the note, not on the page.
  await page.getByRole('button', { name: `Note & tags: ${titles[1]}`, exact: true }).click();
  const note = page.getByLabel(`Note in this collection on ${titles[1]}`, { exact: true });
  await note.fill('Ask the port authority.');
  await page.getByRole('button', { name: `Save note: ${titles[1]}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Note saved.')).toBeVisible();
  await expect(note).toBeFocused();

  // Remove takes its row away: focus goes to the row that took its place.
  await page.getByRole('button', { name: `Remove from collection: ${titles[2]}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).locator(':focus')).toHaveCount(1);
  expect(await nothingFocused(page)).toBe(false);

  // Escape leaves a rename as it was; Enter on an empty new name says why nothing happens.
  await page.getByRole('button', { name: 'Rename…' }).click();
  await page.getByLabel('New name').fill('Harbour?');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Harbour', exact: true })).toBeVisible();
  await page.getByLabel('New collection').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#new-collection-error')).toHaveText('Give the new collection a name.');
  await expect(page.getByLabel('New collection')).toHaveAttribute('aria-invalid', 'true');

  // Delete: the way back has focus; Undo: focus goes to the collection it brought back.
  await page.getByRole('button', { name: 'Delete collection' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('collection-undo').getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Your collections' }).getByRole('button', { name: /Harbour/ })).toBeFocused();
  await expect(rows).toHaveCount(3);
});

test('Pause turns into Resume under the same focus; switching view by shortcut focuses the view and names it', async ({
  page,
  gleaner,
}) => {
  await page.goto(gleaner.url);
  await openView(page, 'Activity');
  await page.getByRole('button', { name: 'Pause queue' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Resume queue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Pause queue' })).toBeFocused();

  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await page.locator('body').press('g');
  await page.keyboard.press('c');
  await expect(page.getByRole('main', { name: 'Collections' })).toBeFocused();
  await expect(page).toHaveTitle('Collections – Gleaner');
});

test('keys go to the export dialog alone while it is open', async ({ page, gleaner }) => {
  await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await page.goto(gleaner.url);
  await openView(page, 'Library');
  const results = page.getByRole('listbox', { name: /results/i });
  await expect(results.getByRole('option').first()).toBeVisible();
  await page.getByRole('button', { name: 'Export results…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const focused = await focusedName(page);
  await page.keyboard.press('j');
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('main', { name: 'Library' })).toBeAttached();
  expect(await focusedName(page)).toBe(focused);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export results…' })).toBeFocused();
});

test('Ctrl+arrows move through the list without changing the selection, so Space picks rows apart', async ({ page, gleaner }) => {
  await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await page.goto(gleaner.url);
  await openView(page, 'Library');
  const results = page.getByRole('listbox', { name: /results/i });
  await expect(results.getByRole('option').nth(4)).toBeVisible();
  await results.focus();
  await page.keyboard.press('ArrowDown');
  await expect(results.getByRole('option', { selected: true })).toHaveCount(1);
  await page.keyboard.press('Control+ArrowDown');
  await page.keyboard.press('Control+ArrowDown');
  await page.keyboard.press('Space');
  const selected = results.getByRole('option', { selected: true });
  await expect(selected).toHaveCount(2);
  await expect(results.getByRole('option').nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(results.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'false');
  await expect(results.getByRole('option').nth(2)).toHaveAttribute('aria-selected', 'true');
});

test('Fetch says what a run and a further page brought, and Load more hands focus to the first new row', async ({ page, gleaner }) => {
  await page.goto(gleaner.url);
  await openView(page, 'Fetch');
  const main = page.getByRole('main', { name: 'Fetch' });
  await main.getByLabel('Platform', { exact: true }).selectOption({ label: 'YouTube' });
  await main.getByLabel('Operation', { exact: true }).selectOption({ label: 'Search' });
  await main.getByLabel('Query', { exact: false }).fill('flood');
  await main.getByRole('button', { name: 'Run', exact: true }).focus();
  await page.keyboard.press('Enter');
  const status = page.locator('.fetch-status');
  await expect(status).toHaveText(/^\d+ items found\.$/);
  const first = Number((await status.textContent())!.split(' ')[0]);
  await page.getByRole('button', { name: 'Load more' }).focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(/^\d+ more items? loaded, \d+ items in all\.$/);
  const rows = page.locator('.fetch-table tbody tr');
  await expect(rows.nth(first).locator('.fetch-open')).toBeFocused();
});

test('at 200 % zoom (640 × 450) the views stack, nothing scrolls sideways, and the result list keeps its height', async ({
  page,
  gleaner,
}) => {
  await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await page.setViewportSize({ width: 640, height: 450 });
  await page.goto(gleaner.url);
  await openView(page, 'Library');
  const results = page.getByRole('listbox', { name: /results/i });
  await results.getByRole('option').first().click();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('complementary', { name: 'Item detail' }).getByRole('heading').first()).toBeVisible();
  const box = await results.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(240);
  const detail = await page.getByRole('complementary', { name: 'Item detail' }).boundingBox();
  expect(detail!.x).toBeGreaterThanOrEqual(0);
  expect(detail!.x + detail!.width).toBeLessThanOrEqual(640);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(640);
});
