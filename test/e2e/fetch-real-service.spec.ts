/**
 * The Fetch view against "the real service" (a demo process, see real-service.ts) when its
 * answers go wrong in ways the built-in demo never does on its own.
 */
import type { Locator, Page } from '@playwright/test';
import type { RunningDemo } from '../helpers/cli';
import { expect } from './fixtures';
import { rpc } from './library-helpers';
import { control, starterToken, test, type KeyedGleaner } from './real-service';

/** Gleaner pointed at the demo process as its real service, with a Starter team's token. */
async function useService(keyed: KeyedGleaner, service: RunningDemo): Promise<void> {
  await rpc(keyed, 'settings.set', { key: 'base-url', value: service.url });
  await rpc(keyed, 'token.set', { token: starterToken(service) });
}

/** Opens Fetch and runs a video-site search for `query`; the Fetch view. */
async function searchVideoSite(page: Page, keyed: KeyedGleaner, query: string): Promise<Locator> {
  await page.goto(keyed.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Fetch', exact: true }).click();
  const main = page.getByRole('main', { name: 'Fetch' });
  await main.getByLabel('Platform', { exact: true }).selectOption({ label: 'YouTube' });
  await main.getByLabel('Operation', { exact: true }).selectOption({ label: 'Search' });
  await main.getByLabel(/^Query/).fill(query);
  await main.getByRole('button', { name: 'Run', exact: true }).click();
  return main;
}

test('an answer whose records cannot be read says so, with the reasons and the answer as received, not “no items”', async ({
  page,
  keyed,
  service,
}) => {
  await useService(keyed, service);
  // The service's records change shape: valid JSON, but no record Gleaner can read.
  await control(service, 'faults', { rules: [{ kind: 'garbled', nextN: 1 }] });

  const main = await searchVideoSite(page, keyed, 'flood');

  const unread = main.getByTestId('fetch-unread');
  await expect(unread.getByRole('heading', { name: 'No item could be read' })).toBeVisible();
  await expect(unread).toContainText('kept in your library exactly as received');
  await expect(unread.getByRole('list', { name: 'Parts of the answer not read' })).toContainText(
    '20 of 20 records in videos could not be read.',
  );
  await expect(main.getByText(/Try other words/)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'no item could be read' })).toHaveCount(1);
  await unread.getByText('Show the answer as received').click();
  await expect(unread.getByRole('region', { name: 'The answer as received' })).toContainText('unreadable record (injected fault)');

  // The fault is over: the same search reads its items again.
  await main.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(main.getByTestId('fetch-result-count')).toContainText('items from 1 page');
  await expect(unread).toHaveCount(0);
});

test('a reload while a run is on its way follows that run again and shows its answer, sending nothing twice', async ({
  page,
  keyed,
  service,
}) => {
  await useService(keyed, service);
  // The service takes its time: long enough to reload the window meanwhile, even on a busy machine.
  await control(service, 'faults', { rules: [{ kind: 'latency', latencyMs: 10_000, nextN: 1 }] });

  const main = await searchVideoSite(page, keyed, 'flood');
  await expect.poll(async () => (await rpc<{ counts: { running: number } }>(keyed, 'queue.status')).counts.running).toBe(1);

  await page.reload();
  // Back on Fetch (the view is kept), the run is shown on its way, with its Cancel, and then its answer.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Fetch', exact: true }).click();
  await expect(main.getByLabel(/^Query/)).toHaveValue('flood');
  await expect(main.getByRole('button', { name: 'Running…' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await expect(main.getByTestId('fetch-result-count')).toContainText('items from 1 page', { timeout: 20_000 });
  await expect(main.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'items found.' })).toHaveCount(1);
  expect(await rpc(keyed, 'queue.status')).toMatchObject({ counts: { done: 1, running: 0, queued: 0 } });
});
