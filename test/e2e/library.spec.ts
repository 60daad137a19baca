/**
 * The Library and the item detail, as a journalist uses them: search as you type, filter,
 * open an item and cite it, read and search its transcript, annotate, build a collection,
 * drive it all from the keyboard — and stay safe from hostile platform content.
 *
 * One `gleaner serve` with a small seeded library (four requests to the built-in demo
 * service) serves every story in this file; each story opens its own page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, fetchInto, rpc, searchLibrary, seedLibrary } from './library-helpers';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe());
  await seedLibrary(served);
});

test.afterAll(async () => {
  await stop?.();
});

const HOSTILE_TITLE = '<script>alert(1)</script> Les inondations expliquées en dix minutes';

async function openLibrary(page: Page): Promise<{ search: Locator; results: Locator; detail: Locator; count: Locator }> {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  const count = page.getByTestId('result-count');
  await expect(count).toHaveText(/^\d+ items$/);
  return {
    search: page.getByRole('searchbox', { name: 'Search the library' }),
    results: page.getByRole('listbox', { name: 'Results' }),
    detail: page.getByRole('complementary', { name: 'Item detail' }),
    count,
  };
}

/** Types a search and waits until the list shows its results (not the previous ones). */
test('typing searches the library at once, with the matched words highlighted; filters narrow it', async ({ page }) => {
  const { search, results, count } = await openLibrary(page);
  const everything = Number((await count.textContent())!.replace(/\D/g, ''));
  expect(everything).toBeGreaterThan(100);

  // Typed key by key, like a person: results follow before the word is finished.
  await search.pressSequentially('inond', { delay: 30 });
  await expect(count).toHaveText(/^[1-9]\d* items? match(es)?$/);
  const first = results.getByRole('option').first();
  await expect(first.locator('mark').first()).toHaveText(/^inond/i);

  await searchLibrary(page, 'council');
  await expect(count).toHaveText(/^[1-9]\d* items? match(es)?$/);
  await expect(results.locator('mark', { hasText: /^council$/i }).first()).toBeVisible();
  // A hit inside a transcript says so, with the moment it was said.
  await expect(results.getByRole('option').filter({ hasText: /Transcript at \d+:\d\d/ })).toHaveCount(1);

  // Filter by platform: only short messages remain.
  await page.getByLabel('Platform', { exact: true }).selectOption({ label: 'X' });
  await expect(count).toHaveText(/match \(1 filter\)$/);
  const rows = results.getByRole('option');
  const n = await rows.count();
  for (let i = 0; i < n; i++) await expect(rows.nth(i).locator('.row-platform')).toHaveText('X');

  // Clearing the words lists every item that passes the filter.
  await search.fill('');
  await expect(count).toHaveText('52 items (1 filter)');
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(count).toHaveText(`${everything} items`);

  // A search that finds nothing says what to try.
  await search.fill('zzzznotaword');
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  // An unfinished phrase is explained, not sent.
  await search.fill('"sea level');
  await expect(page.locator('#library-search-hint')).toHaveText(/quotation mark is not closed/);
});

test('an opened item shows its fields, its provenance with the request id, and its raw JSON on demand', async ({ page }) => {
  const { results, detail } = await openLibrary(page);
  await searchLibrary(page, 'bookbinding');
  await results.getByRole('option').first().click();

  const title = detail.getByRole('heading', { level: 2 });
  await expect(title).toHaveText(/bookbinding/i);
  const fields = detail.getByTestId('item-fields');
  await expect(fields).toContainText('Address');
  await expect(fields).toContainText('First fetched');

  const provenance = detail.getByTestId('provenance').first();
  await expect(provenance).toContainText('videosite/search');
  await expect(provenance).toContainText(/query = (flood|city)/);
  await expect(provenance.getByTestId('request-id')).toHaveText(/^req_[0-9a-f]+$/);
  await expect(provenance.getByTestId('sha256')).toHaveText(/^[0-9a-f]{64}$/);

  const rawToggle = provenance.getByRole('button', { name: 'Show raw JSON' });
  await expect(rawToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(provenance.getByTestId('raw-json')).toHaveCount(0);
  await rawToggle.click();
  await expect(provenance.getByRole('button', { name: 'Hide raw JSON' })).toHaveAttribute('aria-expanded', 'true');
  const raw = provenance.getByTestId('raw-json');
  await expect(raw).toContainText('"request_id"');
  await expect(raw).toContainText('"success": true');
  await provenance.getByRole('button', { name: 'Hide raw JSON' }).click();
  await expect(raw).toBeHidden();
});

test('a transcript can be searched, and each timestamp opens the video at that moment', async ({ page }) => {
  const { results, detail } = await openLibrary(page);
  await searchLibrary(page, 'council');
  await results
    .getByRole('option')
    .filter({ hasText: /Transcript at/ })
    .click();

  const transcript = detail.getByTestId('transcript-segments');
  const segments = transcript.getByRole('listitem');
  // count() does not wait: poll until the transcript has drawn its segments.
  await expect.poll(() => segments.count()).toBeGreaterThan(3);
  const all = await segments.count();

  const link = segments.first().getByRole('link');
  await expect(link).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ&t=0s$/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  await detail.getByLabel('Search in transcript').fill('open data');
  await expect(detail.getByText(/\d+ of \d+ segments match/)).toBeVisible();
  const matching = await segments.count();
  expect(matching).toBeGreaterThan(0);
  expect(matching).toBeLessThan(all);
  await expect(segments.first().locator('mark')).toHaveText(/open data/i);
  // Later segments link to their own second.
  const href = await segments.first().getByRole('link').getAttribute('href');
  expect(href).toMatch(/&t=\d+s$/);
  expect(href).not.toMatch(/&t=0s$/);
});

test('a note and a tag are saved, and the search finds the note', async ({ page }) => {
  const { search, results, detail, count } = await openLibrary(page);
  await searchLibrary(page, 'bookbinding');
  const row = results.getByRole('option').first();
  const itemId = await row.getAttribute('data-item-id');
  await row.click();
  await expect(detail.locator('article')).toHaveAttribute('data-item-id', itemId!);

  await detail.getByLabel('Note', { exact: true }).fill('Ask the regional archivist about the workshop lease.');
  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(detail.getByText('Note saved.')).toBeVisible();

  await detail.getByLabel('New tag').fill('lead');
  await detail.getByRole('button', { name: 'Add tag' }).click();
  await expect(detail.getByRole('button', { name: 'Remove tag lead' })).toBeVisible();

  await searchLibrary(page, 'archivist');
  await expect(count).toHaveText('1 item matches');
  const hit = results.getByRole('option').first();
  await expect(hit).toHaveAttribute('data-item-id', itemId!);
  await expect(hit).toContainText('Note:');
  await expect(hit.locator('mark')).toHaveText(/archivist/i);

  await search.fill('');
  await page.getByLabel('Tag', { exact: true }).fill('lead');
  await expect(count).toHaveText('1 item (1 filter)');

  // The note survives a reload: it is stored, not just shown.
  await page.reload();
  await searchLibrary(page, 'archivist');
  await page.getByRole('listbox', { name: 'Results' }).getByRole('option').first().click();
  await expect(page.getByRole('complementary', { name: 'Item detail' }).getByLabel('Note', { exact: true })).toHaveValue(
    /regional archivist/,
  );
});

test('three selected items go into a new collection, and can be tagged together', async ({ page }) => {
  const { results, count } = await openLibrary(page);
  const rows = results.getByRole('option');
  await rows.nth(0).click();
  await rows.nth(2).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selection-count')).toHaveText('3 items selected');
  for (const i of [0, 1, 2]) await expect(rows.nth(i)).toHaveAttribute('aria-selected', 'true');
  const ids = await Promise.all([0, 1, 2].map((i) => rows.nth(i).getAttribute('data-item-id')));

  // Ctrl-click toggles one out and back in.
  await rows.nth(1).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 items selected');
  await rows.nth(1).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('selection-count')).toHaveText('3 items selected');

  await page.getByRole('button', { name: 'Add to collection…' }).click();
  const form = page.getByRole('form', { name: 'Add to collection' });
  await form.getByLabel('Collection', { exact: true }).selectOption({ label: 'New collection…' });
  await form.getByLabel('Name of the new collection').fill('Flood story');
  await form.getByRole('button', { name: 'Add 3 items' }).click();
  await expect(page.getByText('Added 3 items to “Flood story”.')).toBeVisible();

  await page.getByRole('button', { name: 'Tag…' }).click();
  const tagForm = page.getByRole('form', { name: 'Tag selected items' });
  await tagForm.getByLabel('Tag').fill('needs-checking');
  await tagForm.getByRole('button', { name: 'Tag 3 items' }).click();
  await expect(page.getByText('Tagged 3 items “needs-checking”.')).toBeVisible();

  await page.getByLabel('Collection', { exact: true }).selectOption('Flood story');
  await expect(count).toHaveText('3 items (1 filter)');

  const stored = await rpc<{ items: { id: number; tags: { collection: string | null; tag: string }[] }[] }>(served, 'collections.items', {
    name: 'Flood story',
  });
  expect(stored.items.map((i) => String(i.id)).sort()).toEqual([...ids].sort());
  // Tagged from the Library: library-wide, not only in the collection.
  for (const item of stored.items) expect(item.tags).toContainEqual({ collection: null, tag: 'needs-checking' });
});

test('the keyboard drives the library: / and Ctrl+F search, j/k and arrows move, Enter opens', async ({ page }) => {
  const { search, results, detail } = await openLibrary(page);
  const rows = results.getByRole('option');

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type('bus routes');
  // Results follow the typing; wait for those of the whole text.
  await expect(results).toHaveAttribute('data-results-for', 'bus routes*');
  await expect(page.getByTestId('result-count')).toHaveText(/match/);
  // Down from the search box enters the results on the first item.
  await page.keyboard.press('ArrowDown');
  await expect(results).toBeFocused();
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('j');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'false');
  await expect(results).toHaveAttribute('aria-activedescendant', 'library-row-1');
  const second = await rows.nth(1).getAttribute('data-item-id');
  await expect(detail.locator('article')).toHaveAttribute('data-item-id', second!);

  await page.keyboard.press('k');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  const first = await rows.nth(0).getAttribute('data-item-id');

  await page.keyboard.press('Enter');
  await expect(detail.locator('article')).toBeFocused();
  await expect(detail.locator('article')).toHaveAttribute('data-item-id', first!);

  await page.keyboard.press('Control+f');
  await expect(search).toBeFocused();
  // The search text is selected, ready to be replaced; letters typed into a field are text, not shortcuts.
  await page.keyboard.press('End');
  await page.keyboard.type(' jk');
  await expect(search).toHaveValue('bus routes jk');
});

test('hostile platform content is shown as text and never runs', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { results, detail } = await openLibrary(page);

  await searchLibrary(page, 'script');
  const row = results.getByRole('option').first();
  await expect(row).toContainText(HOSTILE_TITLE);
  await row.click();
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(HOSTILE_TITLE);
  // Its description carries markup and javascript: links: text, and no link made of them.
  const text = detail.getByTestId('item-text');
  if (await text.count()) await expect(text).not.toBeEmpty();
  await expect(detail.locator('a[href^="javascript:" i]')).toHaveCount(0);

  await searchLibrary(page, 'onerror');
  const tweet = results.getByRole('option').first();
  await expect(tweet).toContainText('<img src=x onerror=alert(1)>');
  await tweet.click();
  await expect(detail.getByTestId('item-text')).toContainText('<img src=x onerror=alert(1)>');
  await expect(detail.getByTestId('item-text')).toContainText('JaVaScRiPt:alert(document.domain)');
  await expect(detail.locator('a[href^="javascript:" i]')).toHaveCount(0);

  await expect(page.locator('#root script, #root img, #root iframe, #root [onerror], #root [onload]')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});

test('items fetched while the Library is open appear without a reload', async ({ page }) => {
  const { count } = await openLibrary(page);
  const before = Number((await count.textContent())!.replace(/\D/g, ''));
  await fetchInto(served, 'videosite/search', { query: 'river' });
  await expect(count).not.toHaveText(`${before} items`);
  const after = Number((await count.textContent())!.replace(/\D/g, ''));
  expect(after).toBeGreaterThan(before);
});

test('the list is virtualised: only rows near the view are in the page, the rest load as it scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const { results, count } = await openLibrary(page);
  const total = Number((await count.textContent())!.replace(/\D/g, ''));
  const rendered = await results.getByRole('option').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(total);
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-setsize', String(total));

  await results.evaluate((list) => (list.scrollTop = list.scrollHeight));
  const last = results.getByRole('option').last();
  await expect(last).toHaveAttribute('aria-posinset', String(total));
  await expect(last).not.toHaveAttribute('aria-busy', 'true');
  expect(await results.getByRole('option').count()).toBeLessThan(total);
  // The keyboard reaches the top again.
  await results.focus();
  await page.keyboard.press('Home');
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-posinset', '1');
});

test('the Library with an item open has no serious accessibility problems, in light and in dark', async ({ page }) => {
  // Tall enough that the whole detail pane is on screen and every part of it gets checked.
  await page.setViewportSize({ width: 1400, height: 2400 });
  await page.emulateMedia({ colorScheme: 'light' });
  const { results, detail } = await openLibrary(page);
  await searchLibrary(page, 'council');
  await results
    .getByRole('option')
    .filter({ hasText: /Transcript at/ })
    .click();
  await expect(detail.getByTestId('transcript-segments')).toBeVisible();
  await results
    .getByRole('option')
    .nth(1)
    .click({ modifiers: ['ControlOrMeta'] });
  await detail.getByRole('button', { name: 'Show raw JSON' }).first().click();
  await expect(detail.getByTestId('raw-json').first()).toBeVisible();

  const serious = async (): Promise<string[]> => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await serious()).toEqual([]);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await serious()).toEqual([]);
});

test('an item shows what its platform gives beyond the common fields, addresses as links', async ({ page }) => {
  const { itemIds } = await fetchInto(served, 'microblog/post', {
    url: 'https://bsky.app/profile/newsroom.bsky.social/post/3kabcdefghi2x',
  });
  const record = await rpc<{ item: { text: string; extras: { authorAvatarUrl?: string } } }>(served, 'items.get', { id: itemIds[0] });
  const avatar = record.item.extras.authorAvatarUrl!;
  expect(avatar).toMatch(/^https:\/\//);
  const words = record.item.text.split(/\s+/).slice(0, 3).join(' ').replace(/"/g, '');
  const { detail } = await openLibrary(page);
  await page.getByRole('searchbox', { name: 'Search the library' }).fill(`"${words}"`);
  await page.locator(`[role="option"][data-item-id="${itemIds[0]}"]`).click();
  const fields = detail.getByTestId('item-fields');
  await expect(fields.locator('dt', { hasText: 'Author’s picture' })).toBeVisible();
  await expect(fields.getByRole('link', { name: avatar })).toHaveAttribute('href', avatar);
});

// Last in this file: it gives two items transcripts, which the stories above do not expect.
test('selected videos without transcripts go to Paste URLs, where their transcripts are planned and fetched', async ({ page }) => {
  const { results, count } = await openLibrary(page);
  await page.getByLabel('Platform', { exact: true }).selectOption({ label: 'YouTube' });
  await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Video' });
  await page.getByLabel('Transcript', { exact: true }).selectOption({ label: 'No transcript' });
  const rows = results.getByRole('option');
  await expect(count).toHaveText(/^\d+ items \(3 filters\)$/);
  await expect(rows.nth(0)).not.toContainText('Transcript');
  await expect(rows.nth(1)).not.toContainText('Transcript');
  await rows.nth(0).click();
  await rows.nth(1).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 items selected');
  const ids = (await Promise.all([0, 1].map((i) => rows.nth(i).getAttribute('data-item-id')))).map(Number);

  await page.getByRole('button', { name: 'Fetch transcripts…' }).click();
  const main = page.getByRole('main', { name: 'Paste URLs' });
  await expect(main).toBeVisible();
  await expect(main.getByLabel('Also fetch transcripts (videos)')).toBeChecked();
  await expect(main.getByTestId('paste-counts')).toHaveText('2 links to fetch');
  await expect(main.getByRole('row').filter({ hasText: 'only its transcript is fetched' })).toHaveCount(2);
  await main.getByLabel('Put the items in').selectOption({ label: 'No collection' });
  await main.getByRole('button', { name: 'Fetch 2 links' }).click();
  await expect(main.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  for (const id of ids) {
    const detail = await rpc<{ transcripts: unknown[] }>(served, 'items.get', { id });
    expect(detail.transcripts.length, `transcripts of item ${id}`).toBeGreaterThan(0);
  }
});
