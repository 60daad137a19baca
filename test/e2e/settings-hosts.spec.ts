/**
 * Link hosts, as a researcher whose community forum is reached through a mirror uses them: a link
 * on the mirror is rejected in Paste URLs with "add it under Link hosts in Settings"; they add the mirror's host for
 * the forum in Settings (a bad entry is refused and changes nothing), the link is now recognised
 * as the forum's, and removing the host brings the rejection back.
 *
 * No request reaches the built-in demo service: recognising links is free.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { rpc } from './library-helpers';

/** A community page on a host Gleaner does not know: the forum's rules fetch it once the host is the forum's. */
const MIRROR_LINK = 'https://forum.example.org/r/history';

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

const savedConfig = async (gleaner: Parameters<typeof rpc>[0]) =>
  (await rpc<{ config: Record<string, string | number> }>(gleaner, 'settings.get')).config;

test('a link on an unknown host → add the host for the forum in Settings → recognised; removed → rejected again', async ({
  page,
  gleaner,
}) => {
  await page.goto(gleaner.url);

  // The mirror's link is refused, and the reason says where to fix it.
  await openView(page, 'Paste URLs');
  const paste = page.getByRole('main', { name: 'Paste URLs' });
  await paste.getByLabel('Links, one per line').fill(MIRROR_LINK);
  const line = paste
    .getByRole('table')
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: MIRROR_LINK, exact: true }) });
  await expect(line).toHaveAttribute('data-status', 'rejected');
  await expect(line).toContainText(
    '“forum.example.org” is not one of the platforms Gleaner can fetch from; if it is another address of one of them, add it under Link hosts in Settings (or to the list that `gleaner config set hosts.<platform>` sets).',
  );

  // In Settings, nothing is added yet; the host goes to the community forum.
  await openView(page, 'Settings');
  const section = page.getByRole('region', { name: 'Link hosts' });
  await expect(section.getByTestId('no-extra-hosts')).toBeVisible();
  const form = section.getByRole('form', { name: 'Add link hosts' });
  const hostsField = form.getByLabel('Hosts to add');
  await form.getByLabel('Platform').selectOption({ label: 'Reddit (forum)' });
  await hostsField.fill('forum.example.org');
  await form.getByRole('button', { name: 'Add hosts' }).click();
  await expect(form.getByRole('status')).toHaveText('Added forum.example.org to Reddit.');
  await expect(hostsField).toHaveValue('');
  const rows = section.getByTestId('hosts-row');
  const forumHosts = rows.getByRole('list', { name: 'Extra hosts of Reddit' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('rowheader')).toHaveText('Reddit');
  // Each host is listed with its own remove button, ×.
  await expect(forumHosts).toHaveText(['forum.example.org×']);
  expect(await savedConfig(gleaner)).toMatchObject({ 'hosts.forum': 'forum.example.org' });

  // A bad entry is refused next to the field, in the core's words, and nothing changes.
  await hostsField.fill('mirror.example.net, not a host');
  await form.getByRole('button', { name: 'Add hosts' }).click();
  const error = section.locator('#hosts-value-error');
  await expect(error).toHaveText('Could not add these hosts. "not a host" is not a host name such as example.org or *.example.org.');
  await expect(hostsField).toHaveAttribute('aria-invalid', 'true');
  await expect(hostsField).toHaveValue('mirror.example.net, not a host');
  // Added to the one saved host, fifty more are one too many.
  await hostsField.fill(Array.from({ length: 50 }, (_, i) => `m${i}.example.net`).join(', '));
  await form.getByRole('button', { name: 'Add hosts' }).click();
  await expect(error).toContainText('A platform can have up to 50 extra hosts; Reddit would have 51.');
  // Another platform's usual host would change nothing (the usual hosts keep precedence): refused.
  await hostsField.fill('m.youtube.com');
  await form.getByRole('button', { name: 'Add hosts' }).click();
  await expect(error).toHaveText(
    'Could not add these hosts. m.youtube.com is a usual host of YouTube, and a host is recognised as one platform only, so it cannot be added to Reddit.',
  );
  await expect(forumHosts).toHaveText(['forum.example.org×']);
  expect((await savedConfig(gleaner))['hosts.forum']).toBe('forum.example.org');
  expect(await seriousViolations(page)).toEqual([]);

  // Adding keeps what is there, including a host saved meanwhile from the CLI (not yet on screen);
  // one host can be taken out again on its own.
  await rpc(gleaner, 'settings.set', { key: 'hosts.forum', value: 'forum.example.org, cli.example.org' });
  await hostsField.fill('*.mirror.example.net');
  await form.getByRole('button', { name: 'Add hosts' }).click();
  await expect(error).toBeEmpty();
  await expect(hostsField).not.toHaveAttribute('aria-invalid');
  await expect(forumHosts).toHaveText(['forum.example.org×', 'cli.example.org×', '*.mirror.example.net×']);
  expect((await savedConfig(gleaner))['hosts.forum']).toBe('forum.example.org,cli.example.org,*.mirror.example.net');
  await section.getByRole('button', { name: 'Remove *.mirror.example.net from Reddit' }).click();
  await section.getByRole('button', { name: 'Remove cli.example.org from Reddit' }).click();
  await expect(forumHosts).toHaveText(['forum.example.org×']);
  expect((await savedConfig(gleaner))['hosts.forum']).toBe('forum.example.org');

  // Back in Paste URLs, the same link is now the forum's community, ready to fetch.
  await openView(page, 'Paste URLs');
  await expect(line).toHaveAttribute('data-status', 'fetch');
  await expect(line).toContainText('Reddit · Search a community');
  await expect(paste.getByRole('button', { name: 'Fetch 1 link' })).toBeEnabled();

  // Removing the forum's extra hosts empties the listing, and the link is refused again.
  await openView(page, 'Settings');
  await section.getByRole('button', { name: 'Remove all extra hosts of Reddit' }).click();
  await expect(section.getByTestId('no-extra-hosts')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(section.getByTestId('hosts-removal-note')).toHaveText(
    'Removed the extra hosts of Reddit; its links are recognised on its usual hosts only.',
  );
  expect(await savedConfig(gleaner)).not.toHaveProperty(['hosts.forum']);
  await openView(page, 'Paste URLs');
  await expect(line).toHaveAttribute('data-status', 'rejected');
  await expect(line).toContainText('add it under Link hosts in Settings');
});
