/**
 * Paste URLs with links sent from the Library (issue 28.10): with links already in the box, the
 * view asks whether the Library's links replace them or join them, and keeps the collection the
 * user chose; counts read "1 link", "3 links"; Clear empties the box.
 */
import { expect, test } from './fixtures';
import { fetchInto, rpc } from './library-helpers';

const TYPED = 'https://www.youtube.com/watch?v=tipsheet001';
const STORY = 'Harbour story';

test('links sent from the Library ask to replace or join the box, keep the chosen collection, and Clear empties it', async ({
  page,
  gleaner,
}) => {
  await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await rpc(gleaner, 'collections.create', { name: STORY });
  await page.route(
    (url) => url.origin !== gleaner.origin,
    (route) => route.abort('blockedbyclient'),
  );
  await page.goto(gleaner.url);
  const views = page.getByRole('navigation', { name: 'Views' });

  // A link from a tip sheet, into the story's collection.
  await views.getByRole('button', { name: 'Paste URLs', exact: true }).click();
  const paste = page.getByRole('main', { name: 'Paste URLs' });
  const box = paste.getByLabel('Links, one per line');
  await box.fill(TYPED);
  await expect(paste.getByTestId('paste-counts')).toHaveText('1 link to fetch');
  await paste.getByLabel('Put the items in').selectOption({ label: `${STORY} (0 items)` });

  // Two videos without a transcript, sent from the Library.
  await views.getByRole('button', { name: 'Library', exact: true }).click();
  const library = page.getByRole('main', { name: 'Library' });
  await library.getByLabel('Kind', { exact: true }).selectOption({ label: 'Video' });
  await library.getByLabel('Transcript', { exact: true }).selectOption({ label: 'No transcript' });
  const rows = library.getByRole('listbox', { name: 'Results' }).getByRole('option');
  await rows.nth(0).click();
  await rows.nth(1).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 items selected');
  await page.getByRole('button', { name: 'Fetch transcripts…' }).click();

  // The box is not changed behind the user's back: the view asks.
  await expect(paste).toBeVisible();
  const question = paste.getByTestId('paste-incoming');
  await expect(question).toContainText('2 links came from the Library');
  await expect(box).toHaveValue(TYPED);
  await question.getByRole('button', { name: 'Add to the box' }).click();
  await expect(question).toHaveCount(0);
  await expect(box).toHaveValue(new RegExp(`^${TYPED.replace(/[.?]/g, '\\$&')}\\nhttps://`));
  await expect(paste.getByTestId('paste-counts')).toHaveText('3 links to fetch');
  await expect(paste.getByLabel('Also fetch transcripts (videos)')).toBeChecked();
  await expect(paste.getByLabel('Put the items in')).toHaveValue(STORY);
  await expect(paste.getByRole('button', { name: 'Fetch 3 links' })).toBeEnabled();

  // Clear empties the box.
  await paste.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(box).toHaveValue('');
  await expect(paste.getByTestId('paste-counts')).toHaveText(/Paste links above/);
});
