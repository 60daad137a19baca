/**
 * Watching, as a journalist uses it: a channel's videos are in the library; she opens one,
 * chooses Watch…, sees what it costs against the day's budget before saving, and saves it. Two
 * days pass on the service (the demo's clock); she runs the watches, sees the edit in the Watch
 * view with the changed words marked and the unread count beside Watch, and opens the item to
 * see both versions, each citing its request.
 *
 * Against a demo service of its own, as "the real service", so the test can move its clock.
 */
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type Page } from '@playwright/test';
import type { RunningDemo } from '../helpers/cli';
import { expect } from './fixtures';
import { fetchInto, rpc, searchLibrary } from './library-helpers';
import { control, starterToken, test } from './real-service';

interface TruthChange {
  kind: string;
  url: string;
  field?: string;
  before?: string | number;
  after?: string | number;
}

async function truth(service: RunningDemo): Promise<TruthChange[]> {
  const context = await playwrightRequest.newContext();
  try {
    const response = await context.get(`${service.url}/__demo/truth`);
    return ((await response.json()) as { changes: TruthChange[] }).changes;
  } finally {
    await context.dispose();
  }
}

async function openView(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('main', { name })).toBeVisible();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const CHANNEL = { operation: 'videosite/channel/videos', params: { handle: '@harbour' } } as const;

test('an item watched from its detail pane: its cost first, then its edit noticed, counted and shown in its versions', async ({
  page,
  keyed,
  service,
}) => {
  await rpc(keyed, 'settings.set', { key: 'base-url', value: service.url });
  await rpc(keyed, 'token.set', { token: starterToken(service) });
  await fetchInto(keyed, CHANNEL.operation, CHANNEL.params);

  // The demo's history is a pure function of its clock: look two days ahead for a video of this
  // channel whose title gets edited, then set the clock back to the start.
  await control(service, 'advance', { hours: 48 });
  const edit = (await truth(service)).find((c) => c.kind === 'edited' && c.field === 'title');
  expect(edit, 'the demo edits a title of this channel within two days').toBeDefined();
  await control(service, 'reset');
  const before = String(edit!.before);
  const after = String(edit!.after);
  const { hits } = await rpc<{ hits: { id: number; url: string | null }[] }>(keyed, 'library.search', { limit: 50 });
  const itemId = hits.find((hit) => hit.url === edit!.url)?.id;
  expect(itemId).toBeDefined();

  await page.goto(keyed.url);
  await openView(page, 'Library');
  const results = await searchLibrary(page, before);
  await results.locator(`[data-item-id="${itemId}"]`).click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  await expect(detail.locator('article')).toHaveAttribute('data-item-id', String(itemId));

  // The cost shows before anything is saved.
  await detail.getByRole('button', { name: 'Watch…' }).click();
  const panel = detail.getByRole('form', { name: 'Watch' });
  await panel.getByLabel('How often').selectOption({ label: 'every 6 hours' });
  await expect(panel.getByTestId('watch-cost')).toContainText('This watch: 4 requests a day.');
  await expect(panel.getByTestId('watch-cost')).toContainText(/of the daily budget of [\d,]+/);
  await expect(panel.getByTestId('watch-cost')).toContainText('Cap for all watches together');
  await panel.getByLabel('Label').fill('Harbour video');
  await panel.getByRole('button', { name: 'Save watch' }).click();
  await expect(detail.getByText('Watching “Harbour video” every 6 hours.')).toBeVisible();

  await openView(page, 'Watch');
  const main = page.getByRole('main', { name: 'Watch' });
  const row = main.getByRole('row', { name: /Harbour video/ });
  await expect(row).toContainText('every 6 hours');
  // Its first run is the version later ones are compared with (due at once, run now rather than at the next tick).
  await main.getByRole('button', { name: 'Run due watches now' }).click();
  await expect(main.getByTestId('watch-message')).toContainText('Queued 1 watch');
  await expect(row).toContainText('last run');
  await expect(page.getByTestId('nav-watch-unread')).toHaveText('');

  // Two days pass on the service; the watch is run now rather than waiting for the desk's clock.
  await control(service, 'advance', { hours: 48 });
  await main.getByRole('button', { name: 'Run every watch now' }).click();
  await expect(main.getByTestId('watch-message')).toContainText('Queued 1 watch');

  const timeline = main.getByRole('list', { name: 'Changes, newest first' });
  const edited = timeline.getByRole('listitem').filter({ hasText: 'Edited: the title of' });
  await expect(edited).toBeVisible({ timeout: 30_000 });
  await expect(edited.locator('ins.diff-added')).toContainText(after.replace(before, '').trim());
  await expect(edited).toContainText(/Request \S+/);
  await expect(page.getByTestId('nav-watch-unread')).toHaveText(/^[1-9]\d* unread changes?$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Opening the item marks the change read and shows both versions, newest first.
  await edited.getByRole('button', { name: 'Open item' }).click();
  const versions = detail.getByTestId('item-versions');
  await expect(versions).toContainText('changed: title');
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first().locator('ins.diff-added').first()).toContainText(after.replace(before, '').trim());
  await expect(versions.getByRole('listitem').last()).toContainText('first fetch');
  await expect(edited).not.toContainText('Unread');
});

test('a channel watched from the Fetch view within a tight cap: its new videos noticed two days later', async ({
  page,
  keyed,
  service,
}) => {
  await rpc(keyed, 'settings.set', { key: 'base-url', value: service.url });
  await rpc(keyed, 'token.set', { token: starterToken(service) });
  await page.goto(keyed.url);
  // A tight cap: two requests a day for all watches together (0.2 % of the Starter plan's 1,000).
  await openView(page, 'Settings');
  const capForm = page.getByRole('form', { name: 'Share of the daily budget for all watches' });
  await expect(capForm.getByRole('textbox')).toHaveValue('0.25');
  await capForm.getByRole('textbox').fill('0.002');
  await capForm.getByRole('button', { name: 'Save' }).click();
  await expect(capForm.getByText('Saved.')).toBeVisible();

  await openView(page, 'Fetch');
  const fetchView = page.getByRole('main', { name: 'Fetch' });
  await fetchView.getByLabel('Platform', { exact: true }).selectOption({ label: 'YouTube' });
  await fetchView.getByLabel('Operation', { exact: true }).selectOption({ label: 'Channel videos' });
  await fetchView.getByLabel(/^Channel handle/).fill(CHANNEL.params.handle);
  await fetchView.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(fetchView.getByTestId('fetch-result-count')).toBeVisible();

  await fetchView.getByRole('button', { name: 'Watch this…' }).click();
  const panel = fetchView.getByRole('form', { name: 'Watch' });
  await expect(panel.getByLabel('Label')).toHaveValue('Channel videos: Channel handle “@harbour”');
  await expect(panel.getByTestId('watch-cost')).toContainText('This watch: 1 request a day.');
  // Hourly would pass the cap: Save is refused, with the numbers; daily fits.
  await panel.getByLabel('How often').selectOption({ label: 'hourly' });
  await expect(panel.getByTestId('watch-refusal')).toContainText('all watches would take 24 requests a day, past the cap of 2');
  await expect(panel.getByRole('button', { name: 'Save watch' })).toBeDisabled();
  await panel.getByLabel('How often').selectOption({ label: 'daily' });
  await expect(panel.getByTestId('watch-refusal')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Save watch' }).click();
  await expect(fetchView.getByText('Watching “Channel videos: Channel handle “@harbour”” daily.')).toBeVisible();

  await openView(page, 'Watch');
  const main = page.getByRole('main', { name: 'Watch' });
  const row = main.getByRole('row', { name: /Channel videos/ });
  await main.getByRole('button', { name: 'Run due watches now' }).click();
  await expect(row).toContainText('last run');

  await control(service, 'advance', { hours: 48 });
  const posted = (await truth(service)).filter((c) => c.kind === 'new-post');
  expect(posted.length).toBeGreaterThan(0);
  await main.getByRole('button', { name: 'Run every watch now' }).click();
  await main.getByLabel('Kind').selectOption({ label: 'New' });
  const fresh = main.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
  await expect(fresh.first()).toContainText('New:', { timeout: 30_000 });
  await expect(fresh.filter({ hasNotText: 'New:' })).toHaveCount(0);
  await expect(main.getByTestId('watch-change-count')).toContainText(/^[1-9]\d* changes? · /);
});

test('an item the service takes down: unavailable since then, in the service’s words, its earlier text still shown', async ({
  page,
  keyed,
  service,
}) => {
  await rpc(keyed, 'settings.set', { key: 'base-url', value: service.url });
  await rpc(keyed, 'token.set', { token: starterToken(service) });
  await fetchInto(keyed, CHANNEL.operation, CHANNEL.params);

  // A video of this channel that the demo removes (or makes private) within a week and does not bring back.
  await control(service, 'advance', { hours: 168 });
  const week = await truth(service);
  const gone = week.find(
    (c) => (c.kind === 'removed' || c.kind === 'private') && !week.some((later) => later.kind === 'restored' && later.url === c.url),
  );
  expect(gone, 'the demo takes a video of this channel down within a week').toBeDefined();
  await control(service, 'reset');
  const { hits } = await rpc<{ hits: { id: number; url: string | null; title: string | null }[] }>(keyed, 'library.search', { limit: 50 });
  const hit = hits.find((h) => h.url === gone!.url)!;
  await rpc(keyed, 'watch.add', { target: { kind: 'item', itemId: hit.id }, interval: '1d', label: 'Taken down' });

  await page.goto(keyed.url);
  await openView(page, 'Watch');
  const main = page.getByRole('main', { name: 'Watch' });
  await main.getByRole('button', { name: 'Run due watches now' }).click();
  await expect(main.getByRole('row', { name: /Taken down/ })).toContainText('last run');

  await control(service, 'advance', { hours: 168 });
  await main.getByRole('button', { name: 'Run every watch now' }).click();
  const unavailable = main
    .getByRole('list', { name: 'Changes, newest first' })
    .getByRole('listitem')
    .filter({ hasText: 'Unavailable since' });
  await expect(unavailable).toBeVisible({ timeout: 30_000 });
  await expect(unavailable).toContainText('The service said:');

  await unavailable.getByRole('button', { name: 'Open item' }).click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  await expect(detail.getByTestId('item-unavailable')).toContainText(/^Unavailable since .+ What Gleaner fetched earlier stays below\.$/);
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(hit.title!);
});
