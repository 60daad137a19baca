/**
 * A reporter connects her library to the newsroom's team hub from Settings → Team: she gives the
 * hub's URL (without the password), her name and the password; the window says "Connected",
 * lists her among the members, and the status bar shows the team connected. She disconnects, and
 * the library is on its own again.
 *
 * The hub is a throwaway PostgreSQL cluster on loopback. No keychain runs here, so the host gets
 * the password through GLEANER_HUB_PASSWORD as a script would; the form's password goes to the hub
 * all the same.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base } from '@playwright/test';
import { expect, startServe, type ServedGleaner } from './fixtures';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';

const test = base.extend<{ hub: PgCluster; gleaner: ServedGleaner }, { cluster: PgCluster }>({
  cluster: [
    async ({}, use) => {
      const cluster = await startPgCluster();
      await use(cluster);
      cluster.stop();
    },
    { scope: 'worker' },
  ],
  hub: async ({ cluster }, use) => use(cluster),
  gleaner: async ({ cluster }, use) => {
    const { served, stop } = await startServe({ env: { GLEANER_HUB_PASSWORD: cluster.password } });
    await use(served);
    await stop();
  },
});

test('connect to the team hub from Settings → Team, see yourself listed, then disconnect', async ({ page, gleaner, hub }) => {
  await page.goto(gleaner.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings', exact: true }).click();
  const team = page.getByRole('region', { name: 'Team' });
  await expect(team.getByTestId('team-state')).toHaveText('Not connected');

  // A password inside the URL is refused, and not repeated back.
  await team.getByLabel('Hub URL').fill(hub.urlWithPassword);
  await team.getByLabel('Your name, as colleagues see it').fill('Ana Lopes');
  await team.getByLabel('Hub password').fill(hub.password);
  await team.getByRole('button', { name: 'Connect' }).click();
  // The refusal, worded as the window words a failed action (the tuning fields have alert regions of their own).
  const refusal = team.getByRole('alert').filter({ hasText: 'Could not connect to the team hub.' });
  await expect(refusal).toContainText('The hub URL holds a password');
  await expect(refusal).not.toContainText(hub.password);
  await expect(team.getByLabel('Hub password')).toHaveValue('');

  await team.getByLabel('Hub URL').fill(hub.url);
  await team.getByLabel('Hub password').fill(hub.password);
  await team.getByRole('button', { name: 'Connect' }).click();
  await expect(team.getByTestId('team-state')).toContainText('Connected');
  await expect(team.getByTestId('team-state')).toContainText('as Ana Lopes');
  await expect(team.getByTestId('team-members')).toContainText('Ana Lopes (this desk) — connected');
  await expect(page.getByTestId('status-team')).toHaveText('Team: connected');
  await expect(page.locator('body')).not.toContainText(hub.password);
  const { violations } = await new AxeBuilder({ page }).include('[aria-labelledby="team-heading"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await team.getByRole('button', { name: 'Disconnect' }).click();
  await expect(team.getByTestId('team-state')).toHaveText('Not connected');
  await expect(page.getByTestId('status-team')).toHaveCount(0);
});
