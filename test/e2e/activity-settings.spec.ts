/**
 * The Activity and Settings stories, against a demo service running as its own process on
 * 127.0.0.1 and treated as "the real service": Gleaner is pointed at it with a base URL and
 * a team token, as a user would do with the real one.
 *
 * The token goes into the OS keychain. So that nothing touches the user's own keyring, each
 * `gleaner serve` here runs inside scripts/with-keyring.sh: a private D-Bus session with a
 * throwaway, unlocked GNOME Keyring that is removed afterwards.
 */
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect } from './fixtures';
import type { RunningDemo } from '../helpers/cli';
import { control, starterToken, test } from './real-service';
import { rpc } from './library-helpers';

async function requestsSeen(service: RunningDemo): Promise<{ path: string; status: number }[]> {
  const context = await playwrightRequest.newContext();
  try {
    const response = await context.get(`${service.url}/__demo/requests`);
    return ((await response.json()) as { requests: { path: string; status: number }[] }).requests.filter((r) => r.path.startsWith('/api/'));
  } finally {
    await context.dispose();
  }
}

/** Types a value the setting refuses (its error shows beside it), then one it takes; returns the setting's form. */
async function refusedThenSaved(page: Page, formName: string, values: { shown: string; bad: string; error: string; good: string }) {
  const form = page.getByRole('form', { name: formName });
  const field = form.getByRole('textbox');
  await expect(field).toHaveValue(values.shown);
  await field.fill(values.bad);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText(values.error);
  await field.fill(values.good);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved.')).toBeVisible();
  return form;
}

const videoLinks = (count: number, prefix: string): string =>
  Array.from({ length: count }, (_, i) => `https://www.youtube.com/watch?v=${prefix}${String(i).padStart(11 - prefix.length, '0')}`).join(
    '\n',
  );

async function openView(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('main', { name })).toBeVisible();
}

const jobsIn = (page: Page, state: string) => page.getByTestId(`jobs-${state}`).getByTestId('job');

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('the request queue and the token', () => {
  test('a token rejected mid-run → banner → new token → the run finishes', async ({ page, keyed, service }) => {
    // The newsroom uses "the real service" (here the demo process) with its Starter token.
    await rpc(keyed, 'settings.set', { key: 'base-url', value: service.url });
    await rpc(keyed, 'token.set', { token: starterToken(service) });
    // A custom limit of 3 a minute lets the first 3 of 6 requests leave; the others wait their turn.
    await rpc(keyed, 'settings.set', { key: 'limits.per-minute', value: '3' });
    const { batchId } = await rpc<{ batchId: number }>(keyed, 'import.start', { text: videoLinks(6, 'tokenrun') });

    await page.goto(keyed.url);
    await openView(page, 'Activity');
    await expect(jobsIn(page, 'done')).toHaveCount(3);
    await expect(jobsIn(page, 'queued')).toHaveCount(3);
    await expect(page.getByTestId('quota-minute-numbers')).toHaveText('3 / 3');
    await expect(page.getByTestId('quota-next')).not.toContainText('now');
    await expect(page.getByTestId('banner-token-rejected')).toHaveCount(0);

    // Mid-run, the team's token is renewed on the service's side: the old one now gets 401.
    const { token: freshToken } = await control<{ token: string }>(service, 'teams/starter/refresh-token');
    // The limit goes back up and the queue is nudged, so the waiting requests leave now.
    await rpc(keyed, 'settings.set', { key: 'limits.per-minute', value: '30' });
    await rpc(keyed, 'queue.resume');

    const banner = page.getByTestId('banner-token-rejected');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('The service rejected your API token.');
    await expect(page.getByTestId('queue-state')).toContainText('Paused: the service rejected the API token');
    await expect(jobsIn(page, 'done')).toHaveCount(3);
    await expect(jobsIn(page, 'failed')).toHaveCount(0);

    // The banner's button leads straight to the token field.
    await banner.getByRole('button', { name: 'Enter a new token' }).click();
    await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();
    const field = page.getByLabel('New API token');
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('type', 'password');
    await field.fill(freshToken);
    await page.getByRole('button', { name: 'Replace token' }).click();
    await expect(page.getByText('Token saved in the keychain.')).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(banner).toHaveCount(0);

    // The run carries on where it stopped and finishes: all six done, nothing lost or failed.
    await openView(page, 'Activity');
    await expect(jobsIn(page, 'done')).toHaveCount(6);
    await expect(page.getByTestId('queue-state')).toContainText('Idle');
    expect(await rpc(keyed, 'queue.batch', { batchId })).toMatchObject({ total: 6, done: 6, failed: 0, finished: true });
    const seen = await requestsSeen(service);
    expect(seen.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(1);
    expect(seen.filter((r) => r.status === 200)).toHaveLength(6);
    // The token never reaches the page.
    expect(await page.content()).not.toContain(freshToken);
  });

  test('a base URL changed to another address keeps the token home until it is allowed there by name, with a code from the terminal', async ({
    page,
    keyed,
    service,
  }) => {
    await rpc(keyed, 'settings.set', { key: 'base-url', value: service.url });
    await rpc(keyed, 'token.set', { token: starterToken(service) });
    // The same service under another name: for the token, another address (as a typo or a look-alike would be).
    const other = service.url.replace('127.0.0.1', 'localhost');
    const otherOrigin = new URL(other).origin;

    await page.goto(keyed.url);
    await openView(page, 'Settings');
    await page.getByLabel('Base URL of the service').fill(other);
    await page.getByRole('button', { name: 'Use this service' }).click();
    await expect(page.getByTestId('service-current')).toContainText(`retrieval service at ${other}`);

    // Said at once, before any request waits for it.
    const banner = page.getByTestId('banner-token-elsewhere');
    await expect(banner).toContainText(`Your API token is not sent to ${otherOrigin}.`);
    await expect(banner).toContainText(`It was saved for ${new URL(service.url).origin}`);
    const { batchId } = await rpc<{ batchId: number }>(keyed, 'import.start', { text: videoLinks(2, 'elsewhere') });
    await openView(page, 'Activity');
    await expect(page.getByTestId('queue-state')).toContainText('Paused: the token was saved for another address');
    expect(await requestsSeen(service)).toEqual([]);

    await banner.getByRole('button', { name: 'Review in Settings' }).click();
    const alert = page.getByTestId('token-elsewhere');
    await expect(alert).toContainText(`The base URL now points at ${otherOrigin}`);
    expect(await seriousViolations(page)).toEqual([]);
    // The page alone cannot allow it: the terminal that runs Gleaner prints a one-time code.
    await alert.getByRole('button', { name: `Send my token to ${otherOrigin}` }).click();
    await expect(page.getByText('A one-time code was printed in the terminal')).toBeVisible();
    const codeField = alert.getByLabel(/^Code from the terminal/);
    await expect(codeField).toBeFocused();
    await expect.poll(() => /type this code in the page: (\d{6})/.exec(keyed.terminal())?.[1]).toMatch(/^\d{6}$/);
    const code = /type this code in the page: (\d{6})/.exec(keyed.terminal())![1]!;
    expect(keyed.terminal()).toContain(`send your API token to ${otherOrigin}`);
    // A wrong code changes nothing, and says so.
    await codeField.fill(code === '000000' ? '000001' : '000000');
    await alert.getByRole('button', { name: `Send my token to ${otherOrigin}` }).click();
    await expect(page.getByText('That is not the code in the terminal')).toBeVisible();
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await requestsSeen(service)).toEqual([]);
    await codeField.fill(code);
    await alert.getByRole('button', { name: `Send my token to ${otherOrigin}` }).click();
    await expect(page.getByText(`Your token is now sent to ${otherOrigin}.`)).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('token-status')).toContainText(`for ${otherOrigin}`);

    await openView(page, 'Activity');
    await expect(jobsIn(page, 'done')).toHaveCount(2);
    expect(await rpc(keyed, 'queue.batch', { batchId })).toMatchObject({ total: 2, done: 2, failed: 0, finished: true });
    expect((await requestsSeen(service)).filter((r) => r.status === 200)).toHaveLength(2);
  });

  test('an inactive subscription → banner → renewed → resume → the run finishes', async ({ page, keyed, service }) => {
    await rpc(keyed, 'settings.set', { key: 'base-url', value: service.url });
    await rpc(keyed, 'token.set', { token: starterToken(service) });
    await control(service, 'teams/starter/lapse');
    const { batchId } = await rpc<{ batchId: number }>(keyed, 'import.start', { text: videoLinks(2, 'lapsed') });

    await page.goto(keyed.url);
    const banner = page.getByTestId('banner-subscription-inactive');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Your team’s subscription is not active.');

    await control(service, 'teams/starter/reactivate');
    await banner.getByRole('button', { name: 'Resume queue' }).click();
    await expect(banner).toHaveCount(0);
    await openView(page, 'Activity');
    await expect(jobsIn(page, 'done')).toHaveCount(2);
    expect(await rpc(keyed, 'queue.batch', { batchId })).toMatchObject({ done: 2, finished: true });
  });

  test('a running import survives a reload: Paste URLs shows it again, and Activity cancels it alone', async ({ page, keyed, service }) => {
    await rpc(keyed, 'settings.set', { key: 'base-url', value: service.url });
    await rpc(keyed, 'token.set', { token: starterToken(service) });
    await rpc(keyed, 'settings.set', { key: 'limits.per-minute', value: '1' });
    await rpc(keyed, 'collections.create', { name: 'Tip sheet' });
    const { batchId } = await rpc<{ batchId: number }>(keyed, 'import.start', { text: videoLinks(4, 'reload'), collection: 'Tip sheet' });

    await page.goto(keyed.url);
    await openView(page, 'Paste URLs');
    const paste = page.getByRole('main', { name: 'Paste URLs' });
    await expect(paste.getByRole('heading', { name: 'Importing' })).toBeVisible();
    await expect(paste.getByRole('status').filter({ hasText: /of 4 requests finished/ })).toBeVisible();
    await page.reload();
    await openView(page, 'Paste URLs');
    await expect(paste.getByRole('heading', { name: 'Importing' })).toBeVisible();
    await expect(paste.getByRole('button', { name: 'Cancel the import' })).toBeVisible();

    await openView(page, 'Activity');
    const running = page.getByTestId('running-batch');
    await expect(running).toHaveCount(1);
    await expect(running).toContainText('Import of 4 link(s) into “Tip sheet”');
    await running.getByRole('button', { name: 'Cancel this import' }).click();
    await expect(running).toHaveCount(0);
    expect(await rpc(keyed, 'queue.batch', { batchId })).toMatchObject({ finished: true, cancelled: 3 });
  });

  test('Activity cancels and retries single requests and the whole queue', async ({ page, keyed, service }) => {
    await rpc(keyed, 'settings.set', { key: 'base-url', value: service.url });
    await rpc(keyed, 'token.set', { token: starterToken(service) });
    await rpc(keyed, 'settings.set', { key: 'limits.per-minute', value: '1' });
    await rpc(keyed, 'import.start', { text: videoLinks(4, 'cancel') });

    await page.goto(keyed.url);
    await openView(page, 'Activity');
    await expect(jobsIn(page, 'done')).toHaveCount(1);
    await expect(jobsIn(page, 'queued')).toHaveCount(3);

    await jobsIn(page, 'queued')
      .first()
      .getByRole('button', { name: /^Cancel:/ })
      .click();
    await expect(jobsIn(page, 'cancelled')).toHaveCount(1);
    await expect(jobsIn(page, 'queued')).toHaveCount(2);
    await expect(page.getByText('Cancelled 1 request.')).toBeVisible();

    // The whole queue is asked about first, with the count; Escape keeps everything as it was.
    const cancelAll = page.getByRole('button', { name: 'Cancel all waiting' });
    await cancelAll.click();
    const confirm = page.getByTestId('queue-confirm');
    await expect(confirm).toContainText('Cancel all 2 requests waiting, in every import and call?');
    await expect(confirm.getByRole('button', { name: 'Cancel 2 requests' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(cancelAll).toBeFocused();
    await expect(jobsIn(page, 'queued')).toHaveCount(2);
    await cancelAll.click();
    await confirm.getByRole('button', { name: 'Cancel 2 requests' }).click();
    await expect(jobsIn(page, 'cancelled')).toHaveCount(3);
    await expect(jobsIn(page, 'queued')).toHaveCount(0);

    await page.getByRole('button', { name: 'Pause queue' }).click();
    await expect(page.getByTestId('queue-state')).toContainText('Paused by you');
    // Nothing failed, and what the user cancelled stays cancelled unless retried by name.
    await expect(page.getByRole('button', { name: 'Retry all failed' })).toBeDisabled();
    await jobsIn(page, 'cancelled')
      .first()
      .getByRole('button', { name: /^Retry:/ })
      .click();
    await expect(page.getByText('1 request back in the queue.')).toBeVisible();
    await expect(jobsIn(page, 'queued')).toHaveCount(1);
    await expect(jobsIn(page, 'cancelled')).toHaveCount(2);
    await page.getByRole('button', { name: 'Resume queue' }).click();
    await expect(page.getByTestId('queue-state')).not.toContainText('Paused');
  });
});

test.describe('Settings', () => {
  test('switch to a base URL, set a token that is never shown back, remove it; a bad URL is refused in words', async ({
    page,
    keyed,
    service,
  }) => {
    await page.goto(keyed.url);
    await openView(page, 'Settings');
    await expect(page.getByTestId('service-current')).toContainText('built-in demo service');

    await page.getByLabel('The real retrieval service').check();
    const baseUrl = page.getByLabel('Base URL of the service');
    await baseUrl.fill('ftp://files.example.org');
    await page.getByRole('button', { name: 'Use this service' }).click();
    await expect(page.locator('#settings-base-url-error')).toContainText('base-url must start with https://.');
    await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
    await baseUrl.fill('http://news.example.org');
    await page.getByRole('button', { name: 'Use this service' }).click();
    await expect(page.locator('#settings-base-url-error')).toContainText('plain http is allowed only for 127.0.0.1');

    await baseUrl.fill(service.url);
    await page.getByRole('button', { name: 'Use this service' }).click();
    await expect(page.getByTestId('service-current')).toContainText(`retrieval service at ${service.url}`);
    // Real service, no token yet: an app-wide banner says so and leads to the field.
    const noToken = page.getByTestId('banner-no-token');
    await expect(noToken).toBeVisible();
    await noToken.getByRole('button', { name: 'Add your token' }).click();
    const field = page.getByLabel('API token', { exact: true });
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('type', 'password');

    // A malformed token is refused before anything is stored, in words that do not echo it.
    await field.fill('Bearer abc def');
    await page.getByRole('button', { name: 'Save token' }).click();
    await expect(page.locator('#settings-token-error')).toContainText('without “Bearer ”');
    await expect(page.getByTestId('token-status')).toHaveText('No token is saved.');

    const token = starterToken(service);
    await field.fill(token);
    await page.getByRole('button', { name: 'Save token' }).click();
    await expect(page.getByTestId('token-status')).toContainText('A token is saved in');
    await expect(noToken).toHaveCount(0);
    await expect(page.getByLabel('New API token')).toHaveValue('');
    expect(await page.content()).not.toContain(token);
    expect(JSON.stringify(await rpc(keyed, 'token.status'))).not.toContain(token);
    // The saved token works: a fetch against the service succeeds.
    expect(
      await rpc(keyed, 'service.call', { operation: 'videosite/video', params: { url: 'https://www.youtube.com/watch?v=settingsok1' } }),
    ).toMatchObject({ state: 'done' });

    await page.getByRole('button', { name: 'Remove token' }).click();
    await expect(page.getByTestId('token-status')).toHaveText('No token is saved.');
    await expect(noToken).toBeVisible();

    // Back to the demo: no token needed, no banner.
    await page.getByLabel('Built-in demo service (sample data, no account needed)').check();
    await expect(page.getByTestId('service-current')).toContainText('built-in demo service');
    await expect(noToken).toHaveCount(0);
  });

  test('plan, custom limits and a parameter-name override, with errors next to the field', async ({ page, gleaner }) => {
    await page.goto(gleaner.url);
    await openView(page, 'Settings');
    // Choosing a plan in the list sets nothing until it is saved (arrow keys pass over plans).
    const plan = page.getByRole('combobox', { name: 'Your team’s plan' });
    await plan.selectOption('pro');
    await expect(page.getByTestId('plan-limits')).toContainText('30 requests a minute');
    expect(await rpc(gleaner, 'settings.get')).toMatchObject({ plan: 'starter' });
    await page.getByRole('button', { name: 'Save plan' }).click();
    await expect(page.getByTestId('plan-limits')).toContainText('60 requests a minute, 5,000 a day');
    await expect(page.getByRole('button', { name: 'Save plan' })).toBeDisabled();

    await plan.selectOption('custom');
    await page.getByRole('button', { name: 'Save plan' }).click();
    const perMinute = page.getByRole('textbox', { name: 'Requests a minute' });
    await perMinute.fill('0');
    await page.getByRole('form', { name: 'Custom limit: requests a minute' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#settings-limits-per-minute-error')).toContainText('whole number from 1 to 100,000');
    await perMinute.fill('45');
    await page.getByRole('form', { name: 'Custom limit: requests a minute' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('form', { name: 'Custom limit: requests a minute' }).getByText('Saved.')).toBeVisible();
    expect(await rpc(gleaner, 'settings.get')).toMatchObject({ plan: 'custom', limits: { perMinute: 45 } });

    // When the daily budget starts afresh: a sliding 24 hours until the user names the service's reset time.
    const dayReset = await refusedThenSaved(page, 'Daily budget starts afresh', {
      shown: 'rolling',
      bad: '25:00',
      error: 'in UTC, such as 00:00 or 07:30',
      good: '7:30',
    });
    await expect(dayReset.getByRole('textbox')).toHaveValue('07:30');
    expect((await rpc<{ config: Record<string, string> }>(gleaner, 'settings.get')).config).toMatchObject({ 'limits.day-reset': '07:30' });
    await openView(page, 'Activity');
    await expect(page.getByRole('meter', { name: 'Since 07:30 UTC' })).toBeVisible();
    await openView(page, 'Settings');

    // The service's time limits, which its documentation leaves open.
    await refusedThenSaved(page, 'Time limit for a request (seconds)', {
      shown: '60',
      bad: '2',
      error: 'a number of seconds from 5 to 3600',
      good: '90',
    });
    expect((await rpc<{ config: Record<string, unknown> }>(gleaner, 'settings.get')).config).toMatchObject({
      'timeouts.request': 90,
      'timeouts.slow-request': 300,
    });

    const form = page.getByRole('form', { name: 'Add an override' });
    await form.getByLabel('Operation').selectOption('videosite/channel/videos');
    await form.getByLabel('What to change').selectOption('param');
    await form.getByLabel('Parameter', { exact: true }).selectOption('sort');
    await form.getByLabel('Name to send instead').fill('sort order');
    await form.getByRole('button', { name: 'Add override' }).click();
    await expect(page.locator('#override-value-error')).toContainText('A parameter name is 1 to 64 letters');
    await form.getByLabel('Name to send instead').fill('order');
    await form.getByRole('button', { name: 'Add override' }).click();
    const row = page.getByTestId('override-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('order');
    expect((await rpc<{ config: Record<string, string> }>(gleaner, 'settings.get')).config).toMatchObject({
      'param.videosite.channel/videos.sort': 'order',
    });
    await row.getByRole('button', { name: /Remove the override/ }).click();
    await expect(page.getByTestId('no-overrides')).toBeVisible();

    await expect(page.getByTestId('settings-data-dir')).toHaveText(gleaner.dataDir);
    await expect(page.getByText('GLEANER_DATA_DIR')).toBeVisible();
  });

  test('Activity and Settings pass an axe scan in light and dark', async ({ page, gleaner }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(gleaner.url);
    for (const theme of ['light', 'dark']) {
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await openView(page, 'Activity');
      await expect(page.getByRole('heading', { name: 'Quota' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await openView(page, 'Settings');
      await expect(page.getByRole('heading', { name: 'Token for the retrieval service' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (theme === 'light') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    }
  });
});
