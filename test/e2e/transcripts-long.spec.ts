/**
 * An item with three transcripts, as a long recording gives them: 6,000 timed English segments,
 * an untimed German text, and a later "none in Japanese" answer. A search hit opens on the
 * transcript it was found in, at its moment, with only the segments in view drawn; the
 * language chosen holds when the item is shown again; untimed text can be searched too; a
 * transcript fetched is shown, and a "none" answer is said as such, the earlier one kept.
 */
import type { Page } from '@playwright/test';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, searchLibrary, seedItems } from './library-helpers';

const SEGMENTS = 6_000;
const HIT = 4_321;
const VIDEO = 'LongTalk001';
const TITLE = 'Council budget hearing, three hours';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const transcript = (language: string, rest: Record<string, unknown>) => ({
    nativeId: VIDEO,
    url: null,
    kind: 'video',
    language,
    ...rest,
  });
  ({ served, stop } = await startServe({
    seedDataDir(dataDir) {
      seedItems(
        dataDir,
        [
          { nativeId: VIDEO, platform: 'videosite', kind: 'video', title: TITLE, durationMs: SEGMENTS * 1_800 },
          // The demo service has no transcript at all for the first, and one in English for the second.
          { nativeId: 'QuietTalk01', platform: 'videosite', kind: 'video', title: 'Quiet meeting one' },
          { nativeId: 'QuietTalk07', platform: 'videosite', kind: 'video', title: 'Quiet meeting seven' },
        ],
        [
          [
            transcript('en', {
              available: true,
              format: 'segments',
              fullText: null,
              segments: Array.from({ length: SEGMENTS }, (_, i) => ({
                startMs: i * 1_800,
                endMs: i * 1_800 + 1_700,
                text: i === HIT ? 'the zebracrossing on Harbour Street' : `Segment ${i} of the hearing`,
              })),
            }),
          ],
          [transcript('de', { available: true, format: 'text', fullText: 'Der Haushalt der Stadt wurde lange beraten.', segments: [] })],
          [transcript('ja', { available: false, format: 'none', fullText: null, segments: [] })],
          [
            {
              ...transcript('en', {
                available: true,
                format: 'text',
                fullText: 'What was said in the quiet meeting, kept from before.',
                segments: [],
              }),
              nativeId: 'QuietTalk01',
            },
          ],
          [
            {
              ...transcript('de', { available: true, format: 'text', fullText: 'Die stille Sitzung auf Deutsch.', segments: [] }),
              nativeId: 'QuietTalk07',
            },
          ],
        ],
      );
    },
  }));
});

test.afterAll(async () => {
  await stop?.();
});

async function openLibrary(page: Page) {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ items?$/);
  return {
    search: page.getByRole('searchbox', { name: 'Search the library' }),
    results: page.getByRole('listbox', { name: 'Results' }),
    detail: page.getByRole('complementary', { name: 'Item detail' }),
  };
}

test('a transcript hit opens the transcript it is in, at its moment, drawing only the segments in view', async ({ page }) => {
  const { search, results, detail } = await openLibrary(page);
  await search.fill('zebracrossing');
  const hit = results.getByRole('option').filter({ hasText: 'Transcript at 2:09:37' });
  await expect(hit).toHaveCount(1);
  await hit.click();

  // English, although a newer "none in Japanese" answer heads the list.
  await expect(detail.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue(await optionValue(page, /^English/));
  const shown = detail.locator('.transcript li.is-hit');
  await expect(shown).toBeVisible();
  await expect(shown.locator('.timestamp')).toHaveText('2:09:37');
  await expect(shown).toContainText('zebracrossing');
  await expect(shown).toBeInViewport();
  // Thousands of segments, a few dozen drawn.
  expect(await detail.getByTestId('transcript-segments').getByRole('listitem').count()).toBeLessThan(120);
  await expect(shown).toHaveAttribute('aria-posinset', String(HIT + 1));
  await expect(shown).toHaveAttribute('aria-setsize', String(SEGMENTS));

  // Searching within it filters all 6,000, not only those drawn.
  await detail.getByLabel('Search in transcript').fill('Segment 5998 of');
  await expect(detail.getByText(`1 of ${SEGMENTS} segments match`)).toBeVisible();
  await expect(detail.getByTestId('transcript-segments').getByRole('listitem')).toHaveText([/Segment 5998 of the hearing/]);
});

test('the language chosen holds when the item is shown again, and untimed text can be searched', async ({ page }) => {
  const { detail } = await openLibrary(page);
  await (await searchLibrary(page, 'hearing')).getByRole('option').first().click();
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(TITLE);
  // Opened without a hit: the newest transcript with words, not the "none" answer above it.
  const language = detail.getByRole('combobox', { name: 'Language', exact: true });
  await expect(language).toHaveValue(await optionValue(page, /^German/));
  await expect(detail.getByText('Der Haushalt der Stadt')).toBeVisible();

  const within = detail.getByLabel('Search in transcript');
  await within.fill('Haushalt');
  await expect(detail.locator('.item-text mark')).toHaveText('Haushalt');
  await within.fill('Brücke');
  await expect(detail.getByText('“Brücke” does not occur in this transcript.')).toBeVisible();

  await language.selectOption({ label: (await optionLabel(page, /^Japanese/))! });
  await expect(detail.getByText('The service had no transcript in Japanese')).toBeVisible();
  // A tag reloads the item; the transcript shown stays the one chosen.
  await detail.getByLabel('New tag').fill('hearing');
  await detail.getByRole('button', { name: 'Add tag' }).click();
  await expect(detail.getByRole('list', { name: /Tags/ }).getByText('hearing')).toBeVisible();
  await expect(language).toHaveValue(await optionValue(page, /^Japanese/));
});

test('fetching a transcript shows the one it brought, and says so when the service had none, keeping the earlier one', async ({ page }) => {
  const { detail } = await openLibrary(page);
  const fetchIn = async (language: string) => {
    await detail.getByRole('textbox', { name: 'Another language' }).fill(language);
    await detail.getByRole('button', { name: 'Fetch transcript in this language' }).click();
  };
  await (await searchLibrary(page, 'quiet meeting one')).getByRole('option').first().click();
  await expect(detail.getByText('kept from before')).toBeVisible();
  await fetchIn('en');
  await expect(
    detail.getByText('The service has no transcript for this item (or in that language). The one fetched earlier is kept.'),
  ).toBeVisible();
  await expect(detail.getByText('kept from before')).toBeVisible();

  await (await searchLibrary(page, 'quiet meeting seven')).getByRole('option').first().click();
  const language = detail.getByRole('combobox', { name: 'Language', exact: true });
  await expect(detail.getByText('Die stille Sitzung')).toBeVisible();
  await fetchIn('en');
  await expect(detail.getByText('Transcript fetched.')).toBeVisible();
  // The English one just fetched is shown, not the German one that was on screen.
  await expect(language).toHaveValue(await optionValue(page, /^English/));
  await expect(detail.getByTestId('transcript-segments').getByRole('listitem').first()).toBeVisible();
});

async function optionValue(page: Page, label: RegExp): Promise<string> {
  const option = page
    .getByRole('complementary', { name: 'Item detail' })
    .getByRole('combobox', { name: 'Language', exact: true })
    .locator('option')
    .filter({ hasText: label });
  return (await option.getAttribute('value'))!;
}

async function optionLabel(page: Page, label: RegExp): Promise<string | null> {
  return page
    .getByRole('complementary', { name: 'Item detail' })
    .getByRole('combobox', { name: 'Language', exact: true })
    .locator('option')
    .filter({ hasText: label })
    .textContent();
}
