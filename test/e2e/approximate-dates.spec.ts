/**
 * A journalist's video-site search comes back dated only "1 year ago", "3 weeks ago": the Library
 * still finds those videos by a published date (approximately, and says so), and "Get exact date"
 * fetches one video's details, its plan shown first, so its exact date replaces the approximate one.
 */
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, fetchInto, rpc } from './library-helpers';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe());
  await fetchInto(served, 'videosite/search', { query: 'flood' });
});

test.afterAll(async () => {
  await stop?.();
});

interface Detail {
  item: { id: number; kind: string; publishedAt: string | null; publishedApproximate: boolean };
}

test('videos dated only in words are found by a published date, marked ≈, and one gets its exact date', async ({ page }) => {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  const count = page.getByTestId('result-count');
  await expect(count).toHaveText(/^\d+ items$/);
  const everything = Number((await count.textContent())!.replace(/\D/g, ''));

  // A date range keeps them (before, a "Published from" dropped every one without a word), and says why.
  await page.getByLabel('Published from').fill('2000-01-01');
  await expect(page.getByTestId('approximate-dates-hint')).toContainText('“1 year ago”');
  await expect(count).toHaveText(/^[1-9]\d* items?/);
  const results = page.getByRole('listbox', { name: 'Results' });
  const approximate = results.getByRole('option').filter({ hasText: '≈' });
  await expect(approximate.first()).toBeVisible();
  expect(Number((await count.textContent())!.replace(/\D/g, ''))).toBeGreaterThan(everything / 2);

  // The item detail gives the wording and the approximate date, and offers the exact one.
  await approximate.first().click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  const published = detail.getByTestId('item-published');
  await expect(published).toContainText('≈');
  await expect(published).toContainText('Approximate');
  await published.getByRole('button', { name: 'Get exact date…' }).click();
  const plan = detail.getByTestId('exact-dates-plan');
  await expect(plan).toContainText('1 item dated approximately');
  await expect(plan).toContainText('1 request');
  await expect(plan).toContainText('of today’s remaining');
  const ids = (await rpc<{ ids: number[] }>(served, 'library.ids', { search: { publishedFrom: '2000-01-01' }, limit: 1000 })).ids;
  const stillApproximate = async (): Promise<number> =>
    (await Promise.all(ids.map((id) => rpc<Detail>(served, 'items.get', { id })))).filter((d) => d.item.publishedApproximate).length;
  const before = await stillApproximate();
  expect(before).toBeGreaterThan(0);
  await detail.getByRole('button', { name: 'Queue 1 request' }).click();
  await expect(published).toContainText('Queued 1 request for exact dates');

  // The details answer brings the exact time, which replaces the approximate one.
  await expect.poll(stillApproximate).toBe(before - 1);
});

test('a collection row marks an approximate date as approximate', async ({ page }) => {
  const ids = (await rpc<{ ids: number[] }>(served, 'library.ids', { search: { publishedFrom: '2000-01-01' }, limit: 3 })).ids;
  await rpc(served, 'collections.create', { name: 'Dated in words' });
  await rpc(served, 'collections.add', { name: 'Dated in words', itemIds: ids });
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections', exact: true }).click();
  await page
    .getByRole('list', { name: 'Your collections' })
    .getByRole('button', { name: /Dated in words/ })
    .click();
  const rows = page.getByTestId('collection-item');
  await expect(rows).toHaveCount(ids.length);
  await expect(rows.filter({ hasText: '≈' }).first()).toBeVisible();
});
