/**
 * A long collection (1,500 items) opens on its first page and never crosses the bridge whole:
 * more rows come a page at a time, a move sends one item and a few places, and the search
 * within it counts every match.
 */
import type { Page, Request } from '@playwright/test';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, harbourPosts, rpc, seedItems } from './library-helpers';

const ITEMS = 1500;
const NAME = 'Harbour desk';

let served: ServedGleaner;
let stop: () => Promise<void>;
let ids: number[];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe({
    seedDataDir(dataDir) {
      // Every third item is about the harbour.
      seedItems(dataDir, harbourPosts(ITEMS, { nativePrefix: 'long', firstStatus: 2_000_000, title: (i) => `Post ${i}` }));
    },
  }));
  ids = (await rpc<{ ids: number[] }>(served, 'library.ids', { search: { sort: 'title' }, limit: ITEMS })).ids;
  await rpc(served, 'collections.create', { name: NAME });
  await rpc(served, 'collections.add', { name: NAME, itemIds: ids });
});

test.afterAll(async () => {
  await stop?.();
});

/** The bridge calls the page makes, with their inputs. */
function bridgeCalls(page: Page): { method: string; input: Record<string, unknown> }[] {
  const calls: { method: string; input: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    const method = /\/rpc\/([^?]+)/.exec(request.url())?.[1];
    if (method) calls.push({ method: decodeURIComponent(method), input: (request.postDataJSON() ?? {}) as Record<string, unknown> });
  });
  return calls;
}

const rows = (page: Page) => page.getByTestId('collection-item');

async function openLong(page: Page) {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections', exact: true }).click();
  await page
    .getByRole('list', { name: 'Your collections' })
    .getByRole('button', { name: new RegExp(NAME) })
    .click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
}

test('opens on its first page, shows more on request, and reads no more than it shows', async ({ page }) => {
  const calls = bridgeCalls(page);
  await openLong(page);
  await expect(rows(page)).toHaveCount(200);
  await expect(page.locator('.collection-head')).toContainText('1,500 items');
  const more = page.getByRole('button', { name: 'Show 200 more (1,300 not shown yet)' });
  await more.click();
  await expect(rows(page)).toHaveCount(400);
  await expect(rows(page).nth(399).locator('.collection-position')).toHaveText('400');
  await expect(page.getByRole('button', { name: 'Show 200 more (1,100 not shown yet)' })).toBeVisible();

  const reads = calls.filter((call) => call.method === 'collections.items').map((call) => call.input);
  expect(reads.length).toBeGreaterThan(0);
  for (const read of reads) expect(read.limit).toBeLessThanOrEqual(200);
});

test('moves the last row shown down past the rows read, sending one item, not the order', async ({ page }) => {
  const calls = bridgeCalls(page);
  await openLong(page);
  await expect(rows(page)).toHaveCount(200);
  const last = rows(page).nth(199);
  const title = (await last.locator('.item-open').textContent())!;
  await page.getByRole('button', { name: `Move down: ${title}` }).click();
  await expect(page.getByText('Moved to position 201 of 1,500.')).toBeVisible();
  await expect(rows(page)).toHaveCount(200);
  await expect(rows(page).nth(199).locator('.item-open')).not.toHaveText(title);

  const order = await rpc<{ items: { id: number }[] }>(served, 'collections.items', { name: NAME, offset: 199, limit: 2 });
  expect(order.items.map((item) => item.id)).toEqual([ids[200], ids[199]]);
  expect(calls.filter((call) => call.method === 'collections.move').map((call) => call.input)).toEqual([
    { name: NAME, itemId: ids[199], delta: 1 },
  ]);
  expect(calls.some((call) => call.method === 'collections.reorder')).toBe(false);
  // Back where it was, for the next story.
  await rpc(served, 'collections.move', { name: NAME, itemId: ids[199], delta: -1 });
});

test('a search within it counts every match and pages through them too', async ({ page }) => {
  await openLong(page);
  await page.getByLabel('Search this collection').fill('harbour');
  await expect(page.getByText('500 items of 1,500 match.')).toBeVisible();
  await expect(rows(page)).toHaveCount(200);
  await page.getByRole('button', { name: 'Show 200 more (300 not shown yet)' }).click();
  await expect(rows(page)).toHaveCount(400);
  // Reordering waits for the search to be cleared: the rows are not next to each other.
  await expect(
    rows(page)
      .first()
      .getByRole('button', { name: /^Move down/ }),
  ).toBeDisabled();
  await page.getByLabel('Search this collection').fill('');
  await expect(page.getByText(/match\./)).toHaveCount(0);
  await expect(rows(page)).toHaveCount(200);
});
