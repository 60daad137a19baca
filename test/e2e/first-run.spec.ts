import { test, expect } from './fixtures';
import { browserLink } from './library-helpers';

const VIEWS = ['Fetch', 'Paste URLs', 'Library', 'Collections', 'Watch', 'Activity', 'Settings'];

test.describe('a new user opens Gleaner in the browser', () => {
  test('the printed link opens the app, and every view is reachable', async ({ page, gleaner }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(gleaner.url);
    // The key is traded for a cookie and leaves the address bar; the app's own path stays.
    await expect.poll(() => page.url().replace(/#.*$/, '')).toBe(gleaner.url.replace(/\?.*$/, ''));
    await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();

    for (const view of VIEWS) {
      await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: view, exact: true }).click();
      await expect(page.getByRole('main', { name: view })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: view, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    // Nothing failed on the way, not even a request for an icon the host does not serve.
    expect(consoleErrors).toEqual([]);
  });

  test('the app.info slice shows version, data folder and SQLite version', async ({ page, gleaner }) => {
    await page.goto(gleaner.url);
    await expect(page.getByTestId('status-info')).toContainText(gleaner.dataDir);
    await expect(page.getByTestId('status-info')).toContainText(/SQLite 3\.\d+/);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.getByTestId('app-data-dir')).toHaveText(gleaner.dataDir);
    await expect(page.getByTestId('app-sqlite-version')).toHaveText(/^3\.\d+\.\d+$/);
    await expect(page.getByTestId('app-version')).toHaveText(/^\d+\.\d+\.\d+/);
  });

  test('the theme switches between light and dark and is remembered', async ({ page, gleaner }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(gleaner.url);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('the page’s CSP blocks inline script', async ({ page, gleaner }) => {
    const violations: string[] = [];
    page.on('console', (message) => violations.push(message.text()));
    await page.goto(gleaner.url);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "pwned"';
      document.body.appendChild(script);
    });
    // The title names the open view; the injected script would have made it "pwned".
    await expect(page).toHaveTitle('Library – Gleaner');
    expect(violations.join('\n')).toMatch(/Content Security Policy/);
  });
});

test.describe('the browser-mode host guards its door', () => {
  test('/rpc/app.info answers with the secret and refuses without it', async ({ request, gleaner }) => {
    const withSecret = await request.post(`${gleaner.origin}/rpc/app.info`, {
      headers: { authorization: `Bearer ${gleaner.secret}` },
      data: {},
    });
    expect(withSecret.status()).toBe(200);
    expect(await withSecret.json()).toMatchObject({ ok: true, value: { dataDir: gleaner.dataDir } });

    const without = await request.post(`${gleaner.origin}/rpc/app.info`, { data: {} });
    expect(without.status()).toBe(401);
  });

  test('a page without the key gets 401', async ({ page, gleaner }) => {
    const response = await page.goto(gleaner.origin);
    expect(response?.status()).toBe(401);
    const app = await page.goto(gleaner.url.replace(/\?.*$/, ''));
    expect(app?.status()).toBe(401);
  });

  test('the printed link opens one browser: there it keeps working, elsewhere it takes a new link', async ({ page, browser, gleaner }) => {
    const views = (p: typeof page) => p.getByRole('navigation', { name: 'Views' });
    await page.goto(gleaner.url);
    await expect(views(page)).toBeVisible();
    // The same browser opening the link again, from its history or in a new tab: the app.
    const tab = await page.context().newPage();
    await tab.goto(gleaner.url);
    await expect(views(tab)).toBeVisible();
    await tab.reload();
    await expect(views(tab)).toBeVisible();

    // Another browser, with the link read from the first one's history: nothing.
    const other = await browser.newContext();
    try {
      const elsewhere = await other.newPage();
      expect((await elsewhere.goto(gleaner.url))?.status()).toBe(401);
      await expect(elsewhere.getByText('already opened Gleaner in a browser')).toBeVisible();
      // A link asked of the running server opens it.
      await elsewhere.goto(await browserLink(gleaner));
      await expect(views(elsewhere)).toBeVisible();
      // Its session is its own, not the first browser's, and neither holds the run's secret.
      const [first] = await page.context().cookies();
      const [second] = await other.cookies();
      expect(second!.value).not.toBe(first!.value);
      expect([first!.value, second!.value]).not.toContain(gleaner.secret);
    } finally {
      await other.close();
    }
  });
});
