/**
 * Platform text made to mislead, as the window shows it: a title whose right-to-left override
 * would turn "invoice‮gnp.exe" into what reads as "invoiceexe.png" and reverse the rest of its
 * line, and an Arabic author set beside a date. The override is shown as a mark, each piece of
 * platform text is isolated, and the row reads author then date at every width.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, searchLibrary, seedItems } from './library-helpers';

const SPOOF_TITLE = 'spooftitle invoice\u202Egnp.exe and the rest of the line';
const ARABIC_AUTHOR = 'مكتب الأخبار المحلية';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe({
    seedDataDir(dataDir) {
      seedItems(dataDir, [
        {
          nativeId: 'spoof1',
          platform: 'tweetsite',
          kind: 'post',
          url: 'https://x.com/desk/status/9001',
          title: SPOOF_TITLE,
          text: 'An override \u202E reversed? and an isolate \u2067 opened here',
          author: { name: ARABIC_AUTHOR, handle: '@desk', id: null, url: null },
          publishedAt: '2026-03-04T10:00:00.000Z',
        },
      ]);
    },
  }));
});

test.afterAll(async () => {
  await stop?.();
});

async function openLibrary(page: Page): Promise<Locator> {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  return searchLibrary(page, 'spooftitle');
}

/** The text a row's element holds, and whether the element isolates it. */
async function isolation(locator: Locator): Promise<{ text: string; isolated: boolean }> {
  return locator.evaluate((element) => {
    let node: Element | null = element;
    let isolated = false;
    while (node && !isolated) {
      const bidi = getComputedStyle(node).unicodeBidi;
      isolated = node.tagName === 'BDI' || bidi === 'isolate' || bidi === 'isolate-override' || bidi === 'plaintext';
      node = node.parentElement;
    }
    return { text: element.textContent ?? '', isolated };
  });
}

test('an override in a title shows as a mark, isolated, in the row and the item detail', async ({ page }) => {
  const results = await openLibrary(page);
  const row = results.getByRole('option').first();
  await expect(row).toContainText('invoice⟨RLO⟩gnp.exe and the rest of the line');
  const title = row.locator('.row-title bdi');
  expect(await isolation(title)).toEqual({ text: 'spooftitle invoice⟨RLO⟩gnp.exe and the rest of the line', isolated: true });
  // No character that reorders text reaches the page as such.
  expect(await page.locator('#root').textContent()).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);

  await row.click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  const heading = detail.getByRole('heading', { level: 2 });
  await expect(heading).toContainText('invoice⟨RLO⟩gnp.exe and the rest of the line');
  expect((await isolation(heading.locator('bdi').first())).isolated).toBe(true);
  await expect(detail.getByTestId('item-text')).toContainText('⟨RLO⟩ reversed? and an isolate ⟨RLI⟩ opened here');
  expect(await page.locator('#root').textContent()).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
});

test('an Arabic author beside a date reads author, then date, at every width', async ({ page }) => {
  for (const width of [1400, 1000, 720]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await openLibrary(page);
    const meta = results.getByRole('option').first().locator('.row-meta');
    const author = meta.locator('.row-author');
    await expect(author).toHaveText(ARABIC_AUTHOR);
    expect((await isolation(author.locator('bdi'))).isolated).toBe(true);
    const date = meta.getByText('4 Mar 2026', { exact: true });
    await expect(date).toBeVisible();
    const a = (await author.boundingBox())!;
    const d = (await date.boundingBox())!;
    // On one line the date stands to the right of the author; wrapped, on a later line.
    if (Math.abs(a.y - d.y) < a.height / 2) expect(d.x, `width ${width}`).toBeGreaterThanOrEqual(a.x + a.width - 1);
    else expect(d.y, `width ${width}`).toBeGreaterThan(a.y);
  }
});
