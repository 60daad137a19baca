/** A journalist organises a story: a collection, its items in order, notes, tags, its own search. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fetchInto, rpc } from './library-helpers';

async function openCollections(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections', exact: true }).click();
  await expect(page.getByRole('main', { name: 'Collections' })).toBeVisible();
}

const titlesIn = (page: Page) => page.getByTestId('collection-item').locator('.item-open');

test('create, rename, add items, reorder, note, tag, search within, delete and undo', async ({ page, gleaner }) => {
  const { itemIds } = await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  const chosen = itemIds.slice(0, 3);
  expect(chosen).toHaveLength(3);

  await page.goto(gleaner.url);
  await openCollections(page);
  await expect(page.getByTestId('collections-empty')).toBeVisible();

  // Create: an empty name and a duplicate are refused in words.
  await page.getByLabel('New collection').fill('Flood story draft');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Flood story draft' })).toBeVisible();
  await expect(page.getByTestId('collection-empty')).toBeVisible();
  await page.getByLabel('New collection').fill('flood story draft');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.locator('#new-collection-error')).toHaveText('There is already a collection called “flood story draft”.');

  // Rename.
  await page.getByRole('button', { name: 'Rename…' }).click();
  await page.getByLabel('New name').fill('Flood story');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { name: 'Flood story', exact: true })).toBeVisible();
  expect((await rpc<{ name: string }[]>(gleaner, 'collections.list')).map((c) => c.name)).toEqual(['Flood story']);

  // Items arrive (as from the Library's bulk bar), and show in the collection's order.
  await rpc(gleaner, 'collections.add', { name: 'Flood story', itemIds: chosen });
  await page
    .getByRole('list', { name: 'Your collections' })
    .getByRole('button', { name: /Flood story/ })
    .click();
  await expect(page.getByTestId('collection-item')).toHaveCount(3);
  const before = await titlesIn(page).allTextContents();

  // Reorder: a button moves the first item down; Alt+↑ on the keyboard moves it back up.
  await page.getByRole('button', { name: `Move down: ${before[0]}` }).click();
  await expect(titlesIn(page)).toHaveText([before[1]!, before[0]!, before[2]!]);
  await expect(page.getByText('Moved to position 2 of 3.')).toBeVisible();
  const stored = await rpc<{ items: { id: number }[] }>(gleaner, 'collections.items', { name: 'Flood story' });
  expect(stored.items.map((i) => i.id)).toEqual([chosen[1], chosen[0], chosen[2]]);
  await titlesIn(page).nth(1).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(titlesIn(page)).toHaveText(before);
  await expect(titlesIn(page).first()).toBeFocused();

  // A note and a tag in this collection.
  const first = page.getByTestId('collection-item').first();
  // A row's note and tags open on demand.
  await first.getByRole('button', { name: `Note & tags: ${before[0]}` }).click();
  await first.getByLabel(`Note in this collection on ${before[0]}`).fill('Check the date with the agency.');
  await first.getByRole('button', { name: `Save note: ${before[0]}` }).click();
  await expect(page.getByText('Note saved.')).toBeVisible();
  await first.getByLabel(`New tag on ${before[0]}`).fill('verify');
  await first.getByRole('button', { name: `Add tag: ${before[0]}` }).click();
  await expect(first.getByRole('list', { name: `Tags on ${before[0]}` })).toContainText('verify');

  // Open an item in the detail pane.
  await titlesIn(page).first().click();
  await expect(page.getByRole('complementary', { name: 'Item detail' }).getByRole('heading', { level: 2 })).toHaveText(before[0]!);

  // The collection's own search finds the note's words, and only in this collection.
  await page.getByLabel('Search this collection').fill('agency');
  await expect(page.getByTestId('collection-item')).toHaveCount(1);
  await expect(titlesIn(page)).toHaveText([before[0]!]);
  await page.getByLabel('Search this collection').fill('');
  await expect(page.getByTestId('collection-item')).toHaveCount(3);

  // Remove the first, then undo: it is back in first place, with its note and tag here.
  await page.getByRole('button', { name: `Remove from collection: ${before[0]}` }).click();
  await expect(titlesIn(page)).toHaveText([before[1]!, before[2]!]);
  const message = page.locator('.collection-message');
  await expect(message).toContainText(`Removed “${before[0]}” from the collection`);
  await message.getByRole('button', { name: 'Undo' }).click();
  await expect(titlesIn(page)).toHaveText(before);
  await expect(message).toContainText(`“${before[0]}” is back in its place.`);
  await expect(message.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(page.getByTestId('collection-item').first().getByLabel(`Note in this collection on ${before[0]}`)).toHaveValue(
    'Check the date with the agency.',
  );

  // Remove one item: it leaves the collection, not the library; its note there is kept, and said to be.
  await rpc(gleaner, 'items.setNote', { itemId: chosen[2], body: 'Kept for later.', collection: 'Flood story' });
  await titlesIn(page).nth(2).click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(before[2]!);
  await page.getByRole('button', { name: `Remove from collection: ${before[2]}` }).click();
  await expect(page.getByTestId('collection-item')).toHaveCount(2);
  await expect(detail.getByText('Note in “Flood story” (the item has left this collection; the note is kept)')).toBeVisible();

  // Delete, then undo: order, note and tag come back.
  await page.getByRole('button', { name: 'Delete collection' }).click();
  await expect(page.getByTestId('collection-undo')).toContainText('Deleted “Flood story”');
  expect(await rpc(gleaner, 'collections.list')).toEqual([]);
  await page.getByTestId('collection-undo').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('heading', { name: 'Flood story', exact: true })).toBeVisible();
  await expect(titlesIn(page)).toHaveText([before[0]!, before[1]!]);
  const restored = await rpc<{ items: { id: number; note: string | null; tags: { collection: string | null; tag: string }[] }[] }>(
    gleaner,
    'collections.items',
    { name: 'Flood story' },
  );
  expect(restored.items.map((i) => i.id)).toEqual([chosen[0], chosen[1]]);
  expect(restored.items[0]).toMatchObject({
    note: 'Check the date with the agency.',
    tags: [{ collection: 'Flood story', tag: 'verify' }],
  });
});

test('Collections passes an axe scan in light and dark', async ({ page, gleaner }) => {
  const { itemIds } = await fetchInto(gleaner, 'videosite/search', { query: 'city' });
  await rpc(gleaner, 'collections.create', { name: 'City desk' });
  await rpc(gleaner, 'collections.add', { name: 'City desk', itemIds: itemIds.slice(0, 2) });
  // A library-wide tag, one of the collection's own, and an unsaved note: every look a row can have.
  await rpc(gleaner, 'items.tag', { itemIds: [itemIds[0]], tag: 'verified' });
  await rpc(gleaner, 'items.tag', { itemIds: [itemIds[0]], tag: 'lead', collection: 'City desk' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(gleaner.url);
  await openCollections(page);
  await page
    .getByRole('list', { name: 'Your collections' })
    .getByRole('button', { name: /City desk/ })
    .click();
  await expect(page.getByTestId('collection-item')).toHaveCount(2);
  await page
    .getByTestId('collection-item')
    .first()
    .getByRole('button', { name: /^Note & tags/ })
    .click();
  await page.getByTestId('collection-item').first().getByRole('textbox').first().fill('Not saved yet');
  await expect(page.getByTestId('note-unsaved')).toBeVisible();
  for (const theme of ['light', 'dark']) {
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    if (theme === 'light') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  }
});
