/**
 * Paste URLs, as a journalist with a tip sheet uses it: paste a list of links with junk in it
 * (and add a few more from a file), see what each line is or why it is rejected, see what the
 * import costs, run it into a new collection and watch it finish.
 *
 * 20 requests to the built-in demo service (the default Starter plan allows 30 a minute).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { rpc } from './library-helpers';

/** Twenty links of every single-item kind the paste view recognises. */
const LINKS = Array.from({ length: 20 }, (_, i) => {
  const n = String(i).padStart(2, '0');
  switch (i % 6) {
    case 0:
      return `https://www.youtube.com/watch?v=paste${n}vidA`;
    case 1:
      return `https://www.tiktok.com/@reporter${n}/video/72000000000000000${n}`;
    case 2:
      return `https://www.instagram.com/p/CxPaste${n}/`;
    case 3:
      return `https://bsky.app/profile/source${n}.bsky.social/post/3kpaste${n}aaaa`;
    case 4:
      return `https://www.pinterest.com/pin/1000000000${n}/`;
    default:
      return `https://youtu.be/paste${n}vidB?si=tracking`;
  }
});

const JUNK = ['not a link at all', 'javascript:alert(1)', 'ftp://files.example.org/list.txt', 'https://example.com/whatever'];

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('paste 20 links with junk, see each line recognised or rejected and the plan, run it into a new collection', async ({
  page,
  gleaner,
}) => {
  // A long story with three accessibility scans and twenty requests.
  test.slow();
  await page.goto(gleaner.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Paste URLs', exact: true }).click();
  const main = page.getByRole('main', { name: 'Paste URLs' });
  const counts = main.getByTestId('paste-counts');
  await expect(counts).toHaveText(/Paste links above/);

  // Fifteen links pasted among junk, a duplicate and a comment...
  const pasted = [
    '# tip sheet from the desk',
    LINKS[0],
    JUNK[0],
    ...LINKS.slice(1, 8),
    JUNK[1],
    LINKS[3],
    ...LINKS.slice(8, 15),
    JUNK[2],
    '',
    JUNK[3],
  ].join('\n');
  await main.getByLabel('Links, one per line').fill(pasted);
  await expect(counts).toHaveText('15 links to fetch · 4 rejected · 1 duplicate · 1 comment');

  // ...and five more from a file, added below.
  await main
    .getByLabel('Or add the links in a text file')
    .setInputFiles({ name: 'more-links.txt', mimeType: 'text/plain', buffer: Buffer.from(LINKS.slice(15).join('\n')) });
  await expect(main.getByLabel('Links, one per line')).toHaveValue(new RegExp(`${LINKS[19]!.replace(/[.?]/g, '\\$&')}$`));
  await expect(counts).toHaveText('20 links to fetch · 4 rejected · 1 duplicate · 1 comment');

  // Each line says what it is, or why it is skipped.
  const lines = main.getByRole('table').locator('tbody tr');
  const line = (text: string) => lines.filter({ has: page.getByRole('cell', { name: text, exact: true }) });
  await expect(line(LINKS[0]!)).toHaveAttribute('data-status', 'fetch');
  await expect(line(LINKS[0]!)).toContainText('YouTube · Video details');
  await expect(line(LINKS[1]!)).toContainText('TikTok · Video details');
  await expect(line(LINKS[4]!)).toContainText('Pinterest · Pin');
  for (const junk of JUNK) {
    await expect(line(junk)).toHaveAttribute('data-status', 'rejected');
    await expect(line(junk).getByRole('cell').last()).not.toBeEmpty();
  }
  await expect(line('javascript:alert(1)')).toContainText('Rejected');
  await expect(lines.filter({ hasText: 'Duplicate' })).toContainText('Same as line 6.');
  await expect(main.locator('a[href^="javascript:" i]')).toHaveCount(0);

  // The cost before anything is spent.
  const quota = main.getByTestId('paste-quota');
  await expect(quota).toContainText('20 requests');
  await expect(quota).toContainText('at 30 a minute');
  await expect(quota).toContainText('2 % of today’s remaining 1,000 (of 1,000 a day)');

  await main.getByLabel('Put the items in').selectOption({ label: 'New collection…' });
  await main.getByLabel('Name of the new collection').fill('Tip sheet');

  await page.emulateMedia({ colorScheme: 'light' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  expect(await seriousViolations(page)).toEqual([]);

  await main.getByRole('button', { name: 'Fetch 20 links' }).click();
  const progress = main.getByTestId('paste-progress');
  await expect(progress).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(progress).toHaveAttribute('max', '20');
  await expect(progress).toHaveJSProperty('value', 20);
  await expect(main.getByText('Done: 20 of 20 requests.')).toBeVisible();
  await expect(main.getByTestId('paste-outcome')).toContainText('“Tip sheet”');

  // The items are in the collection, one per link.
  const stored = await rpc<{ collection: { itemCount: number }; items: { url: string | null }[] }>(gleaner, 'collections.items', {
    name: 'Tip sheet',
  });
  expect(stored.collection.itemCount).toBe(20);

  // The same list again: everything is already in the library, so nothing would be spent.
  await expect(counts).toHaveText('0 links to fetch · 4 rejected · 1 duplicate · 20 already fetched · 1 comment');
  await main.getByLabel('Put the items in').selectOption({ label: 'No collection' });
  await expect(main.getByRole('button', { name: 'Fetch links' })).toBeDisabled();
  // Into another collection, though, the links already fetched go without a request.
  await main.getByLabel('Put the items in').selectOption({ label: 'New collection…' });
  await main.getByLabel('Name of the new collection').fill('Second look');
  await main.getByRole('button', { name: 'Add 20 items to the collection' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'already in your library' })).toHaveText(
    '20 links were already in your library: now in “Second look”.',
  );
  const second = await rpc<{ collection: { itemCount: number }; items: { url: string | null }[] }>(gleaner, 'collections.items', {
    name: 'Second look',
  });
  expect(second.items.map((i) => i.url).sort()).toEqual(stored.items.map((i) => i.url).sort());
  const queue = await rpc<{ counts: Record<string, number> }>(gleaner, 'queue.status', {});
  expect(queue.counts.done).toBe(20);
  // The new collection is now the one chosen, and the first import's progress has given way to the notice.
  await expect(main.getByLabel('Put the items in')).toHaveValue('Second look');
  await expect(main.getByTestId('paste-progress')).toHaveCount(0);
  // A hovered primary button stays readable.
  await main.getByRole('button', { name: 'Add 20 items to the collection' }).hover();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an import cancelled before any answer came says nothing was fetched, not that the items are in the library', async ({
  page,
  gleaner,
}) => {
  await rpc(gleaner, 'queue.pause');
  await rpc(gleaner, 'import.start', { text: 'https://www.youtube.com/watch?v=Cancelled01\nhttps://www.youtube.com/watch?v=Cancelled02' });
  await page.goto(gleaner.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Paste URLs', exact: true }).click();
  const main = page.getByRole('main', { name: 'Paste URLs' });
  await main.getByRole('button', { name: 'Cancel the import' }).click();
  await expect(main.getByTestId('paste-outcome')).toHaveText('Nothing was fetched: no request of this import succeeded.');
});

test('a budget spent after the plan was shown stops the start with the new figures and the choice to carry over, and makes no empty collection', async ({
  page,
  gleaner,
}) => {
  await rpc(gleaner, 'queue.pause');
  await page.goto(gleaner.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Paste URLs', exact: true }).click();
  const main = page.getByRole('main', { name: 'Paste URLs' });
  await main.getByLabel('Links, one per line').fill(LINKS.slice(0, 3).join('\n'));
  await expect(main.getByTestId('paste-quota')).toContainText('3 requests');
  await main.getByLabel('Put the items in').selectOption({ label: 'New collection…' });
  await main.getByLabel('Name of the new collection').fill('Late tips');

  // Meanwhile the day's budget shrinks to two requests (a colleague's work, here a setting).
  await rpc(gleaner, 'settings.set', { key: 'limits.per-day', value: '2' });
  await main.getByRole('button', { name: 'Fetch 3 links' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'Nothing was started' })).toContainText('no longer fits in what is left today');
  expect(await rpc<{ name: string }[]>(gleaner, 'collections.list', {})).toEqual([]);
  // The figures are redone, and the choice the start needs is offered.
  const carryOver = main.getByLabel('Let the import carry over to the next days');
  await expect(carryOver).not.toBeChecked();
  await expect(main.getByRole('button', { name: 'Fetch 3 links' })).toBeDisabled();
  await carryOver.check();
  await main.getByRole('button', { name: 'Fetch 3 links' }).click();
  await expect(main.getByTestId('paste-progress')).toBeVisible();
  expect((await rpc<{ name: string }[]>(gleaner, 'collections.list', {})).map((c) => c.name)).toEqual(['Late tips']);
  expect((await rpc<{ counts: Record<string, number> }>(gleaner, 'queue.status', {})).counts.queued).toBe(3);
});

test('an import on a paused queue says why it waits, and carries on when the queue is resumed from there', async ({ page, gleaner }) => {
  await rpc(gleaner, 'queue.pause');
  await page.goto(gleaner.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Paste URLs', exact: true }).click();
  const main = page.getByRole('main', { name: 'Paste URLs' });
  await main.getByLabel('Links, one per line').fill(LINKS.slice(0, 2).join('\n'));
  await main.getByLabel('Put the items in').selectOption({ label: 'No collection' });
  await main.getByRole('button', { name: 'Fetch 2 links' }).click();
  const paused = main.getByTestId('paste-paused');
  await expect(paused).toHaveText(/^Paused by you: this import waits, and nothing is lost\. Resume the queue to carry on\./);
  await paused.getByRole('button', { name: 'Resume the queue' }).click();
  await expect(main.getByRole('heading', { name: 'Import finished' })).toBeVisible();
  await expect(main.getByText('Done: 2 of 2 requests.')).toBeVisible();
  await expect(paused).toHaveCount(0);
});

test('pasted links and their options come back after the page is reloaded, until the box is emptied', async ({ page, gleaner }) => {
  await page.goto(gleaner.url);
  const openPaste = async () => {
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Paste URLs', exact: true }).click();
    return page.getByRole('main', { name: 'Paste URLs' });
  };
  let main = await openPaste();
  const pasted = ['# from the tip sheet', ...LINKS.slice(0, 3)].join('\n');
  await main.getByLabel('Links, one per line').fill(pasted);
  await main.getByLabel('Also fetch transcripts').check();
  await expect(main.getByTestId('paste-counts')).toHaveText('3 links to fetch · 1 comment');

  await page.reload();
  main = await openPaste();
  await expect(main.getByLabel('Links, one per line')).toHaveValue(pasted);
  await expect(main.getByLabel('Also fetch transcripts')).toBeChecked();
  await expect(main.getByTestId('paste-counts')).toHaveText('3 links to fetch · 1 comment');

  await main.getByLabel('Links, one per line').fill('');
  await expect(main.getByTestId('paste-counts')).toHaveText(/Paste links above/);
  await page.reload();
  main = await openPaste();
  await expect(main.getByLabel('Links, one per line')).toHaveValue('');
});
