/**
 * A journalist's own words on items: a note typed but not saved is never lost, a tag is
 * removed at the level it was given (the whole library, or one collection), and the item
 * detail and the open collection show the same notes and tags whichever one was used.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, type ServedGleaner } from './fixtures';
import { fetchInto, rpc } from './library-helpers';

interface StoredDetail {
  notes: { collection: string | null; body: string }[];
  tags: { collection: string | null; tag: string }[];
}

async function goTo(page: Page, view: 'Library' | 'Collections'): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: view, exact: true }).click();
  await expect(page.getByRole('main', { name: view })).toBeVisible();
}

async function openCollection(page: Page, name: string): Promise<void> {
  await page.getByRole('list', { name: 'Your collections' }).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

/** A collection of the first `count` flood videos; resolves to their ids. */
async function collectionOfFloodVideos(gleaner: ServedGleaner, name: string, count: number): Promise<number[]> {
  const { itemIds } = await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await rpc(gleaner, 'collections.create', { name });
  await rpc(gleaner, 'collections.add', { name, itemIds: itemIds.slice(0, count) });
  return itemIds;
}

const detailPane = (page: Page): Locator => page.getByRole('complementary', { name: 'Item detail' });
const stored = (gleaner: ServedGleaner, id: number | string) => rpc<StoredDetail>(gleaner, 'items.get', { id: Number(id) });

test('a note typed in the item detail survives opening another item, and is stored only when saved', async ({ page, gleaner }) => {
  await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await page.goto(gleaner.url);
  await goTo(page, 'Library');
  const rows = page.getByRole('listbox', { name: 'Results' }).getByRole('option');
  const detail = detailPane(page);
  const article = detail.locator('article');
  const note = detail.getByLabel('Note', { exact: true });
  const unsaved = detail.getByTestId('note-unsaved');
  const firstId = (await rows.nth(0).getAttribute('data-item-id'))!;
  const secondId = (await rows.nth(1).getAttribute('data-item-id'))!;

  await rows.nth(0).click();
  await expect(article).toHaveAttribute('data-item-id', firstId);
  await note.fill('Ask the agency for the original photo.');
  await expect(unsaved).toHaveText('Unsaved note');

  // Another item has its own (empty) note; coming back brings the typed words back, still marked unsaved.
  await rows.nth(1).click();
  await expect(article).toHaveAttribute('data-item-id', secondId);
  await expect(note).toHaveValue('');
  await expect(unsaved).toHaveCount(0);
  await rows.nth(0).click();
  await expect(article).toHaveAttribute('data-item-id', firstId);
  await expect(note).toHaveValue('Ask the agency for the original photo.');
  await expect(unsaved).toBeVisible();
  expect((await stored(gleaner, firstId)).notes).toEqual([]);

  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(detail.getByText('Note saved.')).toBeVisible();
  await expect(unsaved).toHaveCount(0);
  expect((await stored(gleaner, firstId)).notes).toMatchObject([{ collection: null, body: 'Ask the agency for the original photo.' }]);

  // A second thought can be thrown away on purpose: the saved note comes back.
  await note.fill('On second thoughts…');
  await detail.getByRole('button', { name: 'Discard changes' }).click();
  await expect(note).toHaveValue('Ask the agency for the original photo.');
  await expect(unsaved).toHaveCount(0);
});

test('two tabs typing notes on different items keep both, and each shows the other’s typing', async ({ page, gleaner }) => {
  await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  const openItem = async (tab: Page, index: number): Promise<Locator> => {
    const row = tab.getByRole('listbox', { name: 'Results' }).getByRole('option').nth(index);
    const id = (await row.getAttribute('data-item-id'))!;
    await row.click();
    await expect(detailPane(tab).locator('article')).toHaveAttribute('data-item-id', id);
    return detailPane(tab).getByLabel('Note', { exact: true });
  };
  await page.goto(gleaner.url);
  await goTo(page, 'Library');
  const other = await page.context().newPage();
  await other.goto(gleaner.url);
  await goTo(other, 'Library');

  await (await openItem(page, 0)).fill('Typed in the first tab.');
  await (await openItem(other, 1)).fill('Typed in the second tab.');
  // The second tab opens the first tab's item: the typing is there, unsaved.
  await expect(await openItem(other, 0)).toHaveValue('Typed in the first tab.');
  await expect(detailPane(other).getByTestId('note-unsaved')).toBeVisible();
  await page.getByRole('listbox', { name: 'Results' }).getByRole('option').nth(1).click();
  await expect(detailPane(page).getByLabel('Note', { exact: true })).toHaveValue('Typed in the second tab.');

  // A new window of the library finds both (one shared entry used to keep only the last tab's).
  const third = await page.context().newPage();
  await third.goto(gleaner.url);
  await goTo(third, 'Library');
  await expect(await openItem(third, 0)).toHaveValue('Typed in the first tab.');
  await expect(await openItem(third, 1)).toHaveValue('Typed in the second tab.');
});

test('a note saved elsewhere meanwhile is never overwritten unseen: the save says so, shows it, and a second save replaces it', async ({
  page,
  gleaner,
}) => {
  await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await page.goto(gleaner.url);
  await goTo(page, 'Library');
  const first = page.getByRole('listbox', { name: 'Results' }).getByRole('option').first();
  const id = Number(await first.getAttribute('data-item-id'));
  await first.click();
  const detail = detailPane(page);
  const note = detail.getByLabel('Note', { exact: true });
  await note.fill('Mine: the mayor confirmed by phone.');
  // Another window (or the command line) saves a note on the same item meanwhile.
  await rpc(gleaner, 'items.setNote', { itemId: id, body: 'Theirs: waiting for the press office.' });

  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(detail.getByText(/This note was changed elsewhere .* It now reads: “Theirs: waiting for the press office.”/)).toBeVisible();
  await expect(note).toHaveValue('Mine: the mayor confirmed by phone.');
  await expect(detail.getByTestId('note-unsaved')).toBeVisible();
  expect((await stored(gleaner, id)).notes).toMatchObject([{ body: 'Theirs: waiting for the press office.' }]);

  // Seen now: saving again replaces it on purpose.
  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(detail.getByText('Note saved.')).toBeVisible();
  expect((await stored(gleaner, id)).notes).toMatchObject([{ body: 'Mine: the mayor confirmed by phone.' }]);

  // The same in a collection row.
  await rpc(gleaner, 'collections.create', { name: 'Desk' });
  await rpc(gleaner, 'collections.add', { name: 'Desk', itemIds: [id] });
  await goTo(page, 'Collections');
  await openCollection(page, 'Desk');
  const row = page.getByTestId('collection-item').first();
  // A row's note and tags open on demand.
  await row.getByRole('button', { name: /^Note & tags/ }).click();
  await row.getByRole('textbox').first().fill('Row: check the date.');
  await rpc(gleaner, 'items.setNote', { itemId: id, body: 'Other: date checked.', collection: 'Desk' });
  await row.getByRole('button', { name: /^Save note/ }).click();
  await expect(page.locator('.collection-message')).toContainText('It now reads: “Other: date checked.”');
  await expect(row.getByRole('textbox').first()).toHaveValue('Row: check the date.');
  await row.getByRole('button', { name: /^Save note/ }).click();
  await expect(page.locator('.collection-message')).toContainText('Note saved.');
  expect((await stored(gleaner, id)).notes).toContainEqual(expect.objectContaining({ collection: 'Desk', body: 'Row: check the date.' }));
});

test('a note typed in a collection row survives switching collection and view; leaving the page asks first, and keeps it', async ({
  page,
  gleaner,
}) => {
  const itemIds = await collectionOfFloodVideos(gleaner, 'Flood story', 2);
  await rpc(gleaner, 'collections.create', { name: 'Other story' });
  await rpc(gleaner, 'collections.add', { name: 'Other story', itemIds: [itemIds[2]] });
  await page.goto(gleaner.url);
  await goTo(page, 'Collections');
  await openCollection(page, 'Flood story');
  const first = page.getByTestId('collection-item').first();
  const title = (await first.locator('.item-open').textContent())!;
  const note = first.getByLabel(`Note in this collection on ${title}`);

  await first.getByRole('button', { name: `Note & tags: ${title}` }).click();
  await note.fill('Call the mayor’s office about the pumps.');
  await expect(first.getByTestId('note-unsaved')).toHaveText('Unsaved note');
  await openCollection(page, 'Other story');
  await openCollection(page, 'Flood story');
  await expect(note).toHaveValue('Call the mayor’s office about the pumps.');
  await goTo(page, 'Library');
  await goTo(page, 'Collections');
  await expect(note).toHaveValue('Call the mayor’s office about the pumps.');
  await expect(first.getByTestId('note-unsaved')).toBeVisible();
  expect((await stored(gleaner, itemIds[0]!)).notes).toEqual([]);

  await first.getByRole('button', { name: `Save note: ${title}` }).click();
  await expect(page.getByText('Note saved.')).toBeVisible();
  await expect(first.getByTestId('note-unsaved')).toHaveCount(0);
  expect((await stored(gleaner, itemIds[0]!)).notes).toMatchObject([
    { collection: 'Flood story', body: 'Call the mayor’s office about the pumps.' },
  ]);

  // With words still unsaved, closing the tab asks before it goes.
  await note.fill('Not saved yet');
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.accept();

  // Gone anyway: the words wait in the next window, still unsaved.
  const again = await page.context().newPage();
  await again.goto(gleaner.url);
  await goTo(again, 'Collections');
  await openCollection(again, 'Flood story');
  const row = again.getByTestId('collection-item').first();
  await expect(row.getByLabel(`Note in this collection on ${title}`)).toHaveValue('Not saved yet');
  await expect(row.getByTestId('note-unsaved')).toHaveText('Unsaved note');
  expect((await stored(gleaner, itemIds[0]!)).notes).toMatchObject([
    { collection: 'Flood story', body: 'Call the mayor’s office about the pumps.' },
  ]);
});

test('a library-wide tag is marked as such in a collection row, and × removes it at its own level', async ({ page, gleaner }) => {
  const itemIds = await collectionOfFloodVideos(gleaner, 'Flood story', 2);
  await rpc(gleaner, 'items.tag', { itemIds: [itemIds[0]], tag: 'verified' });
  await rpc(gleaner, 'items.tag', { itemIds: [itemIds[0]], tag: 'eyewitness' });
  await rpc(gleaner, 'items.tag', { itemIds: [itemIds[0]], tag: 'eyewitness', collection: 'Flood story' });
  await page.goto(gleaner.url);
  await goTo(page, 'Collections');
  await openCollection(page, 'Flood story');
  const first = page.getByTestId('collection-item').first();
  const title = (await first.locator('.item-open').textContent())!;
  await first.getByRole('button', { name: `Note & tags: ${title}` }).click();
  const tagList = first.getByRole('list', { name: `Tags on ${title}` });
  const chips = tagList.getByRole('listitem');
  const removeLabels = () =>
    tagList.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));

  // The same word at both levels is two chips, told apart on screen and to a screen reader.
  await expect
    .poll(removeLabels)
    .toEqual([
      `Remove library-wide tag eyewitness from ${title}`,
      `Remove tag eyewitness from ${title}`,
      `Remove library-wide tag verified from ${title}`,
    ]);
  await expect(chips.nth(0)).toContainText('library-wide');
  await expect(chips.nth(1)).not.toContainText('library-wide');

  await first.getByRole('button', { name: `Remove library-wide tag verified from ${title}` }).click();
  await expect(page.getByText('Library-wide tag “verified” removed from the item everywhere.')).toBeVisible();
  await expect.poll(removeLabels).toEqual([`Remove library-wide tag eyewitness from ${title}`, `Remove tag eyewitness from ${title}`]);
  expect((await stored(gleaner, itemIds[0]!)).tags).toEqual([
    { collection: null, tag: 'eyewitness' },
    { collection: 'Flood story', tag: 'eyewitness' },
  ]);
  // One click took it from the whole library: Undo gives it back, at its own level.
  await page.locator('.collection-message').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Tag “verified” is back (library-wide).')).toBeVisible();
  await expect
    .poll(removeLabels)
    .toEqual([
      `Remove library-wide tag eyewitness from ${title}`,
      `Remove tag eyewitness from ${title}`,
      `Remove library-wide tag verified from ${title}`,
    ]);
  await expect(page.locator('.collection-message').getByRole('button', { name: 'Undo' })).toHaveCount(0);

  // The same in the item detail.
  await first.locator('.item-open').click();
  const detail = detailPane(page);
  await detail.getByRole('button', { name: 'Remove tag verified', exact: true }).click();
  await expect(detail.getByTestId('tag-removed')).toHaveText('Tag “verified” removed from the item everywhere (it was library-wide). Undo');
  await detail.getByTestId('tag-removed').getByRole('button', { name: 'Undo' }).click();
  await expect(detail.getByTestId('tag-removed')).toHaveText('');
  await expect(detail.getByRole('button', { name: 'Remove tag verified', exact: true })).toBeVisible();
  expect((await stored(gleaner, itemIds[0]!)).tags).toEqual([
    { collection: null, tag: 'eyewitness' },
    { collection: null, tag: 'verified' },
    { collection: 'Flood story', tag: 'eyewitness' },
  ]);
  await rpc(gleaner, 'items.untag', { itemIds: [itemIds[0]], tag: 'verified' });
  await openCollection(page, 'Flood story');

  await first.getByRole('button', { name: `Remove tag eyewitness from ${title}`, exact: true }).click();
  await expect(page.getByText('Tag “eyewitness” removed.')).toBeVisible();
  await expect.poll(removeLabels).toEqual([`Remove library-wide tag eyewitness from ${title}`]);
  expect((await stored(gleaner, itemIds[0]!)).tags).toEqual([{ collection: null, tag: 'eyewitness' }]);
});

test('the item detail and the open collection show each other’s notes and tags at once', async ({ page, gleaner }) => {
  await collectionOfFloodVideos(gleaner, 'Flood story', 2);
  await page.goto(gleaner.url);
  await goTo(page, 'Collections');
  await openCollection(page, 'Flood story');
  const first = page.getByTestId('collection-item').first();
  const title = (await first.locator('.item-open').textContent())!;
  const detail = detailPane(page);
  await first.locator('.item-open').click();
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(title);

  // Made in the collection row, shown in the detail pane.
  await first.getByRole('button', { name: `Note & tags: ${title}` }).click();
  await first.getByLabel(`New tag on ${title}`).fill('eyewitness');
  await first.getByRole('button', { name: `Add tag: ${title}` }).click();
  await first.getByLabel(`Note in this collection on ${title}`).fill('Check the date with the agency.');
  await first.getByRole('button', { name: `Save note: ${title}` }).click();
  await expect(detail.getByRole('button', { name: 'Remove tag eyewitness in Flood story' })).toBeVisible();
  await expect(detail.getByText('Note in “Flood story”')).toBeVisible();
  await expect(detail.getByText('Check the date with the agency.')).toBeVisible();

  // Made in the detail pane, shown in the collection row (library-wide).
  await detail.getByLabel('New tag').fill('verified');
  await detail.getByRole('button', { name: 'Add tag' }).click();
  await expect(first.getByRole('button', { name: `Remove library-wide tag verified from ${title}` })).toBeVisible();

  // And removed in the row, gone from the detail pane.
  await first.getByRole('button', { name: `Remove library-wide tag verified from ${title}` }).click();
  await expect(detail.getByRole('button', { name: 'Remove tag verified', exact: true })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Remove tag eyewitness in Flood story' })).toBeVisible();
});
