/**
 * The Fetch view, as a journalist starting a story uses it: on a first run (demo data), search
 * the short-video app, load the next page, put three results in a new collection, open one
 * and fetch its transcript, then find a phrase of it in the Library and open the item at the
 * moment it was said. The same with the video site, whose timestamps link to the source.
 *
 * Each story has its own `gleaner serve` on an empty library and makes a handful of requests
 * (the demo's default Starter plan allows 30 a minute).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type ServedGleaner } from './fixtures';
import { rpc, searchLibrary } from './library-helpers';

/** A 1×1 transparent PNG, served in place of every platform thumbnail. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * Thumbnails point at platform CDNs; the test never lets the browser leave 127.0.0.1. Image
 * requests are answered here with a pixel (and recorded, with the referrer they carried);
 * anything else is refused.
 */
async function stayLocal(page: Page, gleaner: ServedGleaner): Promise<{ url: string; referer: string | undefined }[]> {
  const outside: { url: string; referer: string | undefined }[] = [];
  await page.route(
    (url) => url.origin !== gleaner.origin,
    async (route) => {
      const request = route.request();
      outside.push({ url: request.url(), referer: await request.headerValue('referer').then((v) => v ?? undefined) });
      if (request.resourceType() === 'image') await route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL });
      else await route.abort('blockedbyclient');
    },
  );
  return outside;
}

async function openView(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('main', { name })).toBeVisible();
}

async function chooseOperation(page: Page, platform: string, operation: string): Promise<void> {
  const main = page.getByRole('main', { name: 'Fetch' });
  await main.getByLabel('Platform', { exact: true }).selectOption({ label: platform });
  await main.getByLabel('Operation', { exact: true }).selectOption({ label: operation });
}

/** A phrase of four words from a segment, quoted, as a journalist would type it. */
function phraseOf(segment: string): string {
  const words = segment
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  expect(words.length).toBeGreaterThanOrEqual(4);
  return `"${words.slice(0, 4).join(' ')}"`;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('search the short-video app, load more, collect three, fetch a transcript, find it in the Library at its moment', async ({
  page,
  gleaner,
}) => {
  // A long story with two accessibility scans.
  test.slow();
  const outside = await stayLocal(page, gleaner);
  await page.goto(gleaner.url);
  await openView(page, 'Fetch');
  const main = page.getByRole('main', { name: 'Fetch' });
  const detail = page.getByRole('complementary', { name: 'Item detail' });

  // Before anything runs, the view says what to do.
  await expect(main.getByText(/Nothing fetched yet/)).toBeVisible();

  await chooseOperation(page, 'TikTok', 'Search videos');
  await expect(main.getByText('Region sets the location of the proxy the service searches from.')).toBeVisible();
  const keyword = main.getByLabel(/^Keyword/);
  await expect(keyword).toHaveAttribute('aria-required', 'true');

  // Bad input is explained before any request is spent, and the field gets the focus.
  await main.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(keyword).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByText('Keyword (query) is required for shortvideo/search.')).toBeVisible();
  await expect(keyword).toBeFocused();
  await main.getByLabel(/^Region/).fill('USA');
  await expect(main.getByText(/must be a two-letter country code/)).toBeVisible();
  await main.getByLabel(/^Region/).fill('');
  await expect(main.getByText(/must be a two-letter country code/)).toHaveCount(0);

  await keyword.fill('market');
  await expect(keyword).not.toHaveAttribute('aria-invalid', 'true');
  await main.getByRole('button', { name: 'Run', exact: true }).click();

  const table = main.getByRole('table');
  const rows = table.locator('tbody tr');
  await expect(main.getByTestId('fetch-result-count')).toContainText('10 items from 1 page');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('TikTok');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Select',
    'Picture',
    'Title or text',
    'Platform',
    'Kind',
    'Author',
    'Published',
    'Views',
    'Likes',
    'Comments',
  ]);
  // Thumbnails: https only, lazy, and no referrer sent to the platform.
  const thumb = rows.first().locator('img');
  await expect(thumb).toHaveAttribute('src', /^https:\/\//);
  await expect(thumb).toHaveAttribute('loading', 'lazy');
  await expect(thumb).toHaveAttribute('referrerpolicy', 'no-referrer');
  const firstPageIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-item-id')));

  await main.getByRole('button', { name: 'Load more' }).click();
  await expect(main.getByTestId('fetch-result-count')).toContainText('20 items from 2 pages');
  await expect(rows).toHaveCount(20);
  // The first page stays where it was; the next one is appended below it.
  expect(await rows.evaluateAll((trs) => trs.slice(0, 10).map((tr) => tr.getAttribute('data-item-id')))).toEqual(firstPageIds);

  // Tick the first, Shift-tick the third: three selected.
  await rows.nth(0).getByRole('checkbox').click();
  await rows
    .nth(2)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  await expect(main.getByTestId('fetch-selection-count')).toHaveText('3 items selected');
  const chosen = await Promise.all([0, 1, 2].map((i) => rows.nth(i).getAttribute('data-item-id')));

  await main.getByRole('button', { name: 'Add to collection…' }).click();
  const form = main.getByRole('form', { name: 'Add to collection' });
  await form.getByLabel('Collection', { exact: true }).selectOption({ label: 'New collection…' });
  await form.getByLabel('Name of the new collection').fill('Market story');
  await form.getByRole('button', { name: 'Add 3 items' }).click();
  await expect(main.getByText('Added 3 items to “Market story”.')).toBeVisible();
  const stored = await rpc<{ items: { id: number }[] }>(gleaner, 'collections.items', { name: 'Market story' });
  expect(stored.items.map((i) => String(i.id)).sort()).toEqual([...chosen].sort());

  // The Fetch view with results and the add panel open has no serious accessibility problems.
  await main.getByRole('button', { name: 'Add to collection…' }).click();
  await expect(form).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  expect(await seriousViolations(page)).toEqual([]);

  // Open one of them (with the demo's seed, the third has speech) and fetch its transcript.
  await rows.nth(2).locator('.fetch-open').click();
  const article = detail.locator('article');
  await expect(article).toHaveAttribute('data-item-id', chosen[2]!);
  await expect(detail.getByText('No transcript has been fetched for this item yet.', { exact: false })).toBeVisible();
  await detail.getByRole('button', { name: 'Fetch transcript' }).click();
  await expect(detail.getByText('Transcript fetched.')).toBeVisible();
  const segments = detail.getByTestId('transcript-segments').getByRole('listitem');
  expect(await segments.count()).toBeGreaterThan(3);
  // The button has done its work: the transcript is there, so it is no longer offered.
  await expect(detail.getByRole('button', { name: 'Fetch transcript' })).toHaveCount(0);
  const segmentText = (await segments.nth(3).locator('.segment-text').textContent())!;
  const phrase = phraseOf(segmentText);

  // The Library finds the phrase in the transcript and says at which moment.
  await openView(page, 'Library');
  const results = await searchLibrary(page, phrase);
  const hit = results.getByRole('option').filter({ hasText: /Transcript at \d+:\d\d/ });
  await expect(hit).toHaveCount(1);
  await expect(hit).toHaveAttribute('data-item-id', chosen[2]!);
  const moment = /Transcript at (\d+:\d\d)/.exec((await hit.textContent())!)![1]!;

  // Opening the hit shows the item at that moment of its transcript.
  await hit.click();
  await expect(article).toHaveAttribute('data-item-id', chosen[2]!);
  const shown = detail.locator('.transcript li.is-hit');
  await expect(shown).toBeVisible();
  await expect(shown.locator('.timestamp')).toHaveText(moment);
  await expect(shown).toContainText(phrase.replace(/"/g, '').split(' ')[0]!);

  // Only thumbnails went outside (answered locally), over https, without a referrer.
  expect(outside.length).toBeGreaterThan(0);
  for (const request of outside) {
    expect(request.url).toMatch(/^https:\/\//);
    expect(request.referer).toBeUndefined();
  }
});

test('a run waiting for the plan’s next free request says so, and Cancel ends it with nothing fetched', async ({ page, gleaner }) => {
  await stayLocal(page, gleaner);
  await rpc(gleaner, 'settings.set', { key: 'limits.per-minute', value: '1' });
  await page.goto(gleaner.url);
  await openView(page, 'Fetch');
  const main = page.getByRole('main', { name: 'Fetch' });
  await chooseOperation(page, 'YouTube', 'Search');
  await main.getByLabel('Query', { exact: false }).fill('council');
  await main.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(main.getByRole('table').locator('tbody tr').first()).toBeVisible();

  // The minute's one request is spent: the next run waits, and says for how long.
  await main.getByLabel('Query', { exact: false }).fill('harbour');
  await main.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(main.locator('.fetch-status')).toHaveText(/^Waiting for your plan’s next free request \(in \d+ s\), then running search/);
  // The seconds count down on screen between the queue's updates.
  const countdown = main.getByTestId('fetch-countdown');
  const secondsLeft = async (): Promise<number> => Number(/\(in (\d+) s\)/.exec((await countdown.textContent()) ?? '')?.[1] ?? NaN);
  const first = await secondsLeft();
  await expect.poll(secondsLeft, { timeout: 10_000 }).toBeLessThan(first);
  // A reload meanwhile: the run is still shown waiting, and its Cancel still ends that very run.
  await page.reload();
  await openView(page, 'Fetch');
  await expect(main.locator('.fetch-status')).toHaveText(/^Waiting for your plan’s next free request \(in \d+ s\), then running search/);
  await main.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(main.getByRole('alert')).toHaveText('Cancelled: nothing was fetched.');
  await expect(main.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  expect(await rpc(gleaner, 'queue.status')).toMatchObject({ counts: { cancelled: 1, queued: 0 } });
  // A Run refused by the form answers with the form's problem; the last run's outcome is gone.
  await main.getByLabel('Query', { exact: false }).fill('');
  await main.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(main.getByText('Query (query) is required for videosite/search.')).toBeVisible();
  await expect(main.getByText('Cancelled: nothing was fetched.')).toHaveCount(0);
});

test('a video-site transcript found in the Library opens the video at the moment, through an https link', async ({ page, gleaner }) => {
  await stayLocal(page, gleaner);
  await page.goto(gleaner.url);
  await openView(page, 'Fetch');
  const main = page.getByRole('main', { name: 'Fetch' });
  const detail = page.getByRole('complementary', { name: 'Item detail' });

  await chooseOperation(page, 'YouTube', 'Search');
  // The filter's caveat sits next to the filter, and a clash is caught as it is made.
  await expect(main.getByText('Works only together with a query, and not with “Uploaded” or “Sort by”.')).toBeVisible();
  await main.getByLabel('Query', { exact: false }).fill('council');
  await main.getByLabel('Filter', { exact: true }).selectOption('shorts');
  await main.getByLabel('Sort by', { exact: true }).selectOption('popular');
  await expect(main.getByText('The filter works only with a query, and not together with upload date or sort.')).toBeVisible();
  await main.getByLabel('Sort by', { exact: true }).selectOption('');
  await main.getByLabel('Filter', { exact: true }).selectOption('');
  await expect(main.getByText('The filter works only with a query, and not together with upload date or sort.')).toHaveCount(0);

  await main.getByRole('button', { name: 'Run', exact: true }).click();
  const rows = main.getByRole('table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  // The first video of the results; in the demo's sample data, this one has a transcript.
  const videos = rows.filter({ has: page.getByRole('cell', { name: 'Video', exact: true }) });
  // Read before it opens: beside an open item the narrower table shows the kind under the title.
  const itemId = await videos.first().getAttribute('data-item-id');
  await main.locator(`tbody tr[data-item-id="${itemId}"] .fetch-open`).click();
  const article = detail.locator('article');
  await expect(article).toHaveAttribute('data-item-id', itemId!);
  await detail.getByRole('button', { name: 'Fetch transcript' }).click();
  await expect(detail.getByText('Transcript fetched.')).toBeVisible();
  const segments = detail.getByTestId('transcript-segments').getByRole('listitem');
  const phrase = phraseOf((await segments.nth(2).locator('.segment-text').textContent())!);

  await openView(page, 'Library');
  const results = await searchLibrary(page, phrase);
  const hit = results.getByRole('option').filter({ hasText: /Transcript at \d+:\d\d/ });
  await expect(hit).toHaveAttribute('data-item-id', itemId!);
  await hit.click();
  const shown = detail.locator('.transcript li.is-hit');
  await expect(shown).toBeVisible();
  const link = shown.getByRole('link');
  await expect(link).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9_-]+&t=\d+s$/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

test('after a reload the Fetch view shows the same operation, form and results, and Load more carries on', async ({ page, gleaner }) => {
  await stayLocal(page, gleaner);
  await page.goto(gleaner.url);
  await openView(page, 'Fetch');
  let main = page.getByRole('main', { name: 'Fetch' });
  await chooseOperation(page, 'TikTok', 'Search videos');
  await main.getByLabel(/^Keyword/).fill('harbour');
  await main.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(main.getByTestId('fetch-result-count')).toContainText('10 items from 1 page');
  const rows = () => page.getByRole('main', { name: 'Fetch' }).getByRole('table').locator('tbody tr');
  const ids = await rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-item-id')));

  await page.reload();
  await openView(page, 'Fetch');
  main = page.getByRole('main', { name: 'Fetch' });
  await expect(main.getByLabel('Operation', { exact: true })).toHaveValue('shortvideo/search');
  await expect(main.getByLabel(/^Keyword/)).toHaveValue('harbour');
  await expect(main.getByTestId('fetch-result-count')).toContainText('10 items from 1 page');
  expect(await rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-item-id')))).toEqual(ids);

  await main.getByRole('button', { name: 'Load more' }).click();
  await expect(main.getByTestId('fetch-result-count')).toContainText('20 items from 2 pages');
  expect(await rows().evaluateAll((trs) => trs.slice(0, 10).map((tr) => tr.getAttribute('data-item-id')))).toEqual(ids);
});
