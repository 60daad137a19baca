/**
 * A desk that uses its width (issue 28.8, 28.9): on a laptop (1280), a desktop (1440) and a wide
 * screen (1920), the Fetch results table fits without a scrollbar, its platform cells on one line;
 * no view keeps an empty detail pane when no item is open; at 1440×900 a collection shows at least
 * ten rows, its notes and tags opening on demand. The results say which query brought them and
 * are marked stale once the form changes.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, rpc } from './library-helpers';

const WIDTHS = [1280, 1440, 1920] as const;
const STORY = 'Market story';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe());
});

test.afterAll(async () => {
  await stop();
});

/** Platform thumbnails point at CDNs: the browser never leaves 127.0.0.1 (pictures get nothing). Returns what was asked for outside. */
async function stayLocal(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.route(
    (url) => url.origin !== served.origin,
    (route) => {
      outside.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return outside;
}

async function openView(page: Page, name: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name, exact: true }).click();
  const main = page.getByRole('main', { name });
  await expect(main).toBeVisible();
  return main;
}

/** How many lines of text an element's content takes. */
const linesOf = (cell: Locator): Promise<number> =>
  cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

/** The table fits its scroller (nothing hidden behind a horizontal scrollbar) and every platform cell is one line. */
async function expectTableFits(main: Locator): Promise<void> {
  const scroller = main.getByRole('region', { name: 'Results table' });
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const platformCells = main.locator('tbody td.fetch-col-platform');
  expect(await platformCells.count()).toBeGreaterThan(0);
  for (const cell of await platformCells.all()) expect(await linesOf(cell)).toBe(1);
}

test('the Fetch table fits at 1280, 1440 and 1920 px, with no empty detail pane, and says which query it answers', async ({ page }) => {
  const outside = await stayLocal(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(await browserLink(served));
  const main = await openView(page, 'Fetch');
  await main.getByLabel('Platform', { exact: true }).selectOption({ label: 'TikTok' });
  await main.getByLabel('Operation', { exact: true }).selectOption({ label: 'Search videos' });
  await main.getByLabel(/^Keyword/).fill('market');
  await main.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(main.locator('tbody tr').first()).toBeVisible();

  // Which query brought these results, and nothing stale while the form still asks it.
  await expect(main.getByTestId('fetch-results-query')).toHaveText('for Search videos: Keyword “market”');
  await expect(main.getByTestId('fetch-results-stale')).toHaveCount(0);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // No item is open: there is no detail pane at all, and the view has the width.
    await expect(page.getByRole('complementary', { name: 'Item detail' })).toHaveCount(0);
    await expectTableFits(main);
  }

  // An item opened from the results brings the pane; the table still fits beside it.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    if (width === WIDTHS[0]) await main.locator('tbody tr .fetch-open').first().click();
    await expect(page.getByRole('complementary', { name: 'Item detail' })).toBeVisible();
    await expectTableFits(main);
  }

  // Closing the item gives the width back.
  await page.getByRole('complementary', { name: 'Item detail' }).getByRole('button', { name: 'Close item' }).click();
  await expect(page.getByRole('complementary', { name: 'Item detail' })).toHaveCount(0);

  // Privacy: with pictures from platforms blocked, the table shows placeholders and asks for none.
  // Until then the thumbnails were asked for (and refused here).
  expect(outside.length).toBeGreaterThan(0);
  const settings = await openView(page, 'Settings');
  await settings.getByRole('checkbox', { name: 'Block pictures from platforms’ servers' }).check();
  await expect(settings.getByTestId('remote-images-state')).toHaveText(/^Pictures from platforms are blocked/);
  await openView(page, 'Fetch');
  const askedBefore = outside.length;
  await expect(main.getByTestId('platform-image-placeholder').first()).toBeVisible();
  await expect(main.locator('img')).toHaveCount(0);
  await main.getByRole('button', { name: 'Load more' }).click();
  await expect(main.getByTestId('fetch-result-count')).toContainText('2 pages');
  expect(outside.slice(askedBefore)).toEqual([]);

  // The form changes: the results say they answer the query above, not the form.
  await main.getByLabel(/^Keyword/).fill('harbour');
  await expect(main.getByTestId('fetch-results-stale')).toBeVisible();
  await main.getByLabel(/^Keyword/).fill('market');
  await expect(main.getByTestId('fetch-results-stale')).toHaveCount(0);
});

test('the views without an open item keep no empty right pane', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(await browserLink(served));
  for (const view of ['Fetch', 'Paste URLs', 'Library', 'Collections', 'Activity', 'Settings']) {
    const main = await openView(page, view);
    await expect(page.getByRole('complementary', { name: 'Item detail' })).toHaveCount(0);
    // The view reaches the window's right edge.
    const box = (await main.boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(1440);
  }
});

test('at 1440×900 a collection shows at least ten rows; a row’s note and tags open on demand', async ({ page }) => {
  await stayLocal(page);
  const { itemIds } = await rpc<{ itemIds: number[] }>(served, 'service.call', {
    operation: 'videosite/search',
    params: { query: 'flood' },
  });
  expect(itemIds.length).toBeGreaterThanOrEqual(12);
  await rpc(served, 'collections.create', { name: STORY });
  await rpc(served, 'collections.add', { name: STORY, itemIds: itemIds.slice(0, 12) });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(await browserLink(served));
  const main = await openView(page, 'Collections');
  await main.getByRole('button', { name: new RegExp(STORY) }).click();
  const rows = main.getByTestId('collection-item');
  await expect(rows).toHaveCount(12);

  const visible = await rows.evaluateAll((elements) => {
    const pane = document.getElementById('main-view')!.getBoundingClientRect();
    return elements.filter((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= pane.top && box.bottom <= Math.min(pane.bottom, window.innerHeight);
    }).length;
  });
  expect(visible).toBeGreaterThanOrEqual(10);

  // The note and tags of a row open when asked, and the row keeps them while they are open.
  const first = rows.first();
  await expect(first.getByRole('textbox')).toHaveCount(0);
  const toggle = first.getByRole('button', { name: /^Note & tags/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await first.getByRole('textbox', { name: /^Note in this collection on/ }).fill('Check the date with the agency.');
  await first.getByRole('button', { name: /^Save note:/ }).click();
  await toggle.click();
  // Closed again, the row still says it has a note.
  await expect(first.getByTestId('collection-item-note')).toHaveText('Check the date with the agency.');
});
