/** First run: the welcome says the app is on demo data, blocks nothing, and goes when dismissed. Plus the shortcut list. */
import { expect, test } from './fixtures';
import { fetchInto } from './library-helpers';

test('a new user sees the demo-data welcome, can use the app around it, and dismiss it for good', async ({ page, gleaner }) => {
  await page.goto(gleaner.url);
  const welcome = page.getByTestId('welcome');
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('you are on demo data');
  await expect(welcome).toContainText('base URL');
  // Not a modal: the views stay usable while it shows.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('main', { name: 'Activity' })).toBeVisible();
  // Its link to Settings works.
  await welcome.getByRole('link', { name: 'Settings view' }).click();
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();

  await welcome.getByRole('button', { name: 'Dismiss welcome' }).click();
  await expect(welcome).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('welcome')).toHaveCount(0);
});

test('the welcome goes away by itself once the library has items', async ({ page, gleaner }) => {
  await page.goto(gleaner.url);
  await expect(page.getByTestId('welcome')).toBeVisible();
  await fetchInto(gleaner, 'videosite/search', { query: 'harbour' });
  await expect(page.getByTestId('welcome')).toHaveCount(0);
});

test('? lists the keyboard shortcuts; g then a letter switches view; typing in a field does neither', async ({ page, gleaner }) => {
  await page.goto(gleaner.url);
  await expect(page.getByRole('main', { name: 'Library' })).toBeVisible();
  await page.locator('body').press('?');
  const overview = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(overview).toBeVisible();
  await expect(overview).toContainText('Focus the search box');
  await expect(overview).toContainText('Go to Activity');
  await page.keyboard.press('Escape');
  await expect(overview).toHaveCount(0);

  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page.getByRole('main', { name: 'Activity' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();

  await page.getByLabel('Real retrieval service', { exact: false }).check();
  const field = page.getByLabel('Base URL of the service');
  await field.fill('');
  await field.press('g');
  await field.press('a');
  await field.press('?');
  await expect(field).toHaveValue('ga?');
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();
  await expect(overview).toHaveCount(0);
});
