/**
 * The custody log as a journalist sees it: the item detail lists what happened to the item — the
 * fetch that brought it with its request id, the tag put on it — and Activity shows the latest
 * entries with word that the whole log verifies.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fetchInto, rpc } from './library-helpers';

async function goTo(page: Page, view: 'Library' | 'Activity'): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: view, exact: true }).click();
  await expect(page.getByRole('main', { name: view })).toBeVisible();
}

test('the item detail shows the item’s custody entries and Activity the latest, verified', async ({ page, gleaner }) => {
  await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await page.goto(gleaner.url);
  await goTo(page, 'Library');
  const first = page.getByRole('listbox', { name: 'Results' }).getByRole('option').first();
  const itemId = Number(await first.getAttribute('data-item-id'));
  await rpc(gleaner, 'items.tag', { itemIds: [itemId], tag: 'checked' });
  const detail = await rpc<{ provenance: { requestId: string }[] }>(gleaner, 'items.get', { id: itemId });
  const requestId = detail.provenance[0]!.requestId;

  await first.click();
  const custody = page.getByRole('complementary', { name: 'Item detail' }).getByTestId('custody-section');
  const entries = custody.getByRole('list', { name: 'Custody entries for this item' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Fetched videosite/search');
  await expect(entries.nth(0).getByTestId('custody-request-id')).toHaveText(`request ${requestId}`);
  await expect(entries.nth(0).getByTestId('custody-hash')).toHaveText(/^#\d+ [0-9a-f]{12}$/);
  await expect(entries.nth(1)).toContainText('Tagged “checked” (library-wide)');
  await expect(custody.getByTestId('custody-intact')).toBeVisible();

  await goTo(page, 'Activity');
  const log = page.getByTestId('custody-activity');
  await expect(log.getByTestId('custody-intact')).toBeVisible();
  const latest = log.getByRole('list', { name: 'Latest custody entries' }).getByRole('listitem');
  await expect(latest.first()).toContainText('Tagged “checked”');
  await expect(latest.last()).toContainText('Custody log started');
});
