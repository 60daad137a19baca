/**
 * Case bundles as a journalist meets them in browser mode: Settings → Case bundles shows the
 * library's signing key fingerprint to publish, and Export → Case bundle of a collection
 * downloads one zip whose manifest.sha256 holds for every file (as `sha256sum -c` would check
 * it), signed by that key. The host's key comes from GLEANER_SIGNING_KEY, as on a machine
 * without a keychain.
 */
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, rpc, seedLibrary } from './library-helpers';

let served: ServedGleaner;
let stop: () => Promise<void>;
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const spki = publicKey.export({ type: 'spki', format: 'der' });
const fingerprint = createHash('sha256')
  .update(spki.subarray(spki.length - 32))
  .digest('hex')
  .match(/.{4}/g)!
  .join(':');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe({
    env: { GLEANER_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
  }));
  await seedLibrary(served);
});

test.afterAll(async () => {
  await stop?.();
});

test('Settings → Case bundles shows the signing key fingerprint to publish', async ({ page }) => {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings', exact: true }).click();
  const section = page.getByRole('region', { name: 'Case bundles' });
  await expect(section.getByTestId('bundle-fingerprint')).toHaveText(fingerprint);
  // Only the public half's fingerprint is shown; the private key never reaches the page.
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const body = pem.split('\n')[1]!;
  expect(await page.content()).not.toContain(body);
});

test('Settings → Case bundles takes the timestamp authority’s CA file next to its address, and names a path that is not there', async ({
  page,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'gleaner-e2e-ca-'));
  const caFile = join(dir, 'tsa-ca.pem');
  await writeFile(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
  try {
    await page.goto(await browserLink(served));
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings', exact: true }).click();
    const section = page.getByRole('region', { name: 'Case bundles' });
    const form = section.getByRole('form', { name: 'Timestamp authority’s CA certificate' });
    const field = form.getByRole('textbox');
    await expect(field).toHaveValue('');
    await field.fill(join(dir, 'missing.pem'));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toContainText('bundle.tsa-ca: there is no file');
    await field.fill(caFile);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Saved.')).toBeVisible();
    expect(await rpc<{ value: unknown }>(served, 'settings.value', { key: 'bundle.tsa-ca' })).toMatchObject({ value: caFile });
    await rpc(served, 'settings.unset', { key: 'bundle.tsa-ca' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a collection exports as a case bundle whose manifest holds for every file', async ({ page }) => {
  const listed = await rpc<{ hits: { id: number }[] }>(served, 'library.search', { query: 'flood' });
  expect(listed.hits.length).toBeGreaterThan(0);
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
  const arrived = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await arrived;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);

  const files = unzipSync(await readFile((await download.path())!));
  const manifest = files['manifest.sha256'];
  expect(manifest).toBeDefined();
  const lines = strFromU8(manifest!).trimEnd().split('\n');
  const listedPaths = new Set<string>();
  for (const line of lines) {
    const [, hash, path] = line.match(/^([0-9a-f]{64}) {2}(.+)$/) ?? [];
    expect(path, `"${line}" is a manifest line`).toBeDefined();
    expect(files[path!], `${path} is in the zip`).toBeDefined();
    expect(createHash('sha256').update(files[path!]!).digest('hex'), `${path}'s hash`).toBe(hash);
    listedPaths.add(path!);
  }
  // Every file is in the manifest but the manifest and the signature made of it.
  expect(
    Object.keys(files)
      .filter((path) => !listedPaths.has(path))
      .sort(),
  ).toEqual(['manifest.sha256', 'manifest.sig']);
  expect([...listedPaths].filter((path) => path.startsWith('answers/')).length).toBeGreaterThan(0);

  // Signed by the key Settings showed.
  const bundledKey = createPublicKey(strFromU8(files['public-key.pem']!));
  expect(bundledKey.export({ type: 'spki', format: 'der' }).equals(spki)).toBe(true);
  expect(verify(null, manifest!, bundledKey, files['manifest.sig']!)).toBe(true);

  // The collection's items, each pointing at answers the bundle holds.
  const items = JSON.parse(strFromU8(files['items.json']!)) as { id: number; answers: string[] }[];
  expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual(listed.hits.map((hit) => hit.id).sort((a, b) => a - b));
  for (const item of items) for (const sha256 of item.answers) expect(listedPaths.has(`answers/${sha256}.json`)).toBe(true);
});
