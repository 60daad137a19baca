/**
 * Case bundles in browser mode on a machine with no Secret Service (a server, a container): the
 * library's signing key cannot be kept, so Export → Case bundle says so and offers a one-time
 * key; ticked, the bundle downloads signed by a key kept nowhere, and its README says what that
 * proves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, rpc, seedLibrary } from './library-helpers';

let served: ServedGleaner;
let stop: () => Promise<void>;
const noBus = mkdtempSync(join(tmpdir(), 'gleaner-e2e-no-bus-'));

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // No signing key from the environment, and a session bus address where no Secret Service answers.
  ({ served, stop } = await startServe({ env: { GLEANER_SIGNING_KEY: '', DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(noBus, 'none')}` } }));
  await seedLibrary(served);
});

test.afterAll(async () => {
  await stop?.();
  rmSync(noBus, { recursive: true, force: true });
});

test('without a keychain, a case bundle is signed with a one-time key once the journalist ticks it', async ({ page }) => {
  const listed = await rpc<{ hits: { id: number }[] }>(served, 'library.search', { query: 'flood' });
  await rpc(served, 'collections.create', { name: 'Flood story' });
  await rpc(served, 'collections.add', { name: 'Flood story', itemIds: listed.hits.map((hit) => hit.id) });

  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections', exact: true }).click();
  await page
    .getByRole('button', { name: /Flood story/ })
    .first()
    .click();
  await page.getByRole('group', { name: 'Collection actions' }).getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: /Export the collection “Flood story”/ });
  await dialog.getByRole('radio', { name: /^Case bundle/ }).check();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByText(/cannot be kept in the OS keychain/)).toBeVisible();
  await expect(dialog.getByText(/sign each bundle with a one-time key/)).toBeVisible();

  await dialog.getByRole('checkbox', { name: 'Sign with a one-time key, kept nowhere' }).check();
  const arrived = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await arrived;
  const files = unzipSync(await readFile((await download.path())!));
  expect(strFromU8(files['README.txt']!)).toContain('signed with a one-time key');
  expect(JSON.parse(strFromU8(files['datapackage.json']!))).toMatchObject({ gleaner: { signing_key: 'one-time' } });
});

test('Settings → Case bundles says why there is no fingerprint to publish, and what to do instead', async ({ page }) => {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings', exact: true }).click();
  const section = page.getByRole('region', { name: 'Case bundles' });
  await expect(section.getByText(/cannot be kept in the OS keychain.*one-time key/)).toBeVisible();
});
