/**
 * A journalist tries Gleaner on its demo service, then points it at the real service: while the
 * demo is in use every view says so, and the demo's items stay marked Demo in the Library, in a
 * collection and in their detail, beside real items that carry no mark.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startDemoProcess, type RunningDemo } from '../helpers/cli';
import { expect, startServe, test } from './fixtures';
import { fetchInto, rpc } from './library-helpers';

/** The sidebar's views, in order. */
const VIEWS = ['Fetch', 'Paste URLs', 'Library', 'Collections', 'Watch', 'Activity', 'Settings'];

/**
 * A stand-in for the real service: the demo service as its own process, behind a proxy that takes
 * out its answers' own word that they are invented (`meta.demo`), as a real service's answers
 * carry no such word. Loopback only.
 */
async function startRealService(): Promise<{ url: string; token: string; close(): Promise<void> }> {
  const demo: RunningDemo = await startDemoProcess();
  const target = new URL(demo.url);
  const proxy: Server = createServer((incoming, outgoing) => {
    const forwarded = request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks).toString('utf8');
          try {
            const json = JSON.parse(body) as { meta?: Record<string, unknown> };
            if (json.meta) delete json.meta.demo;
            body = JSON.stringify(json);
          } catch {
            // Not JSON (a media file): passed on as it came.
          }
          const headers: Record<string, string | string[] | undefined> = {
            ...answer.headers,
            'content-length': String(Buffer.byteLength(body)),
          };
          delete headers['x-gleaner-demo'];
          outgoing.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    token: demo.teams.find((team) => team.plan === 'team')!.token,
    close: async () => {
      await new Promise((resolve) => proxy.close(resolve));
      await demo.stop();
    },
  };
}

async function goTo(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('main', { name: label })).toBeVisible();
}

test('the demo banner in every view, and the Demo badge on rows and detail beside real items', async ({ page }) => {
  const real = await startRealService();
  const { served: gleaner, stop } = await startServe({ env: { GLEANER_TOKEN: real.token } });
  try {
    const demo = await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
    await rpc(gleaner, 'collections.create', { name: 'Story' });
    await rpc(gleaner, 'collections.add', { name: 'Story', itemIds: demo.itemIds.slice(0, 2) });

    await page.goto(gleaner.url);
    for (const view of VIEWS) {
      await goTo(page, view);
      const banner = page.getByTestId('banner-demo');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText('Demo service: what you fetch now is invented.');
      await expect(banner).toContainText('not taken from any platform');
    }

    // Library rows and the item's detail.
    await goTo(page, 'Library');
    const results = page.getByRole('listbox', { name: 'Results' });
    const first = results.getByRole('option').first();
    await expect(first.getByTestId('demo-badge')).toHaveText(/^Demo/);
    await first.click();
    const detail = page.getByRole('complementary', { name: 'Item detail' });
    await expect(detail.locator('.detail-header').getByTestId('demo-badge')).toBeVisible();
    await expect(detail.getByTestId('detail-demo')).toContainText('invented by Gleaner’s demo service');

    // Collection rows.
    await goTo(page, 'Collections');
    await page.getByRole('list', { name: 'Your collections' }).getByRole('button', { name: /Story/ }).click();
    await expect(page.getByTestId('collection-item')).toHaveCount(2);
    await expect(page.getByTestId('collection-item').getByTestId('demo-badge')).toHaveCount(2);

    // The real service: no banner, and a real item carries no badge beside the demo ones.
    await rpc(gleaner, 'settings.set', { key: 'base-url', value: real.url });
    const fetched = await fetchInto(gleaner, 'videosite/video', { url: 'https://www.youtube.com/watch?v=realItem001' });
    await rpc(gleaner, 'collections.add', { name: 'Story', itemIds: fetched.itemIds });
    await page.reload();
    await goTo(page, 'Collections');
    await expect(page.getByTestId('banner-demo')).toHaveCount(0);
    await page.getByRole('list', { name: 'Your collections' }).getByRole('button', { name: /Story/ }).click();
    const storyRows = page.getByTestId('collection-item');
    await expect(storyRows).toHaveCount(3);
    await expect(storyRows.getByTestId('demo-badge')).toHaveCount(2);
    await expect(storyRows.nth(2).getByTestId('demo-badge')).toHaveCount(0);
    // The Library says which is which: the real item's row has no badge, a demo row beside it has one.
    await goTo(page, 'Library');
    const realRow = results.locator(`[data-item-id="${fetched.itemIds[0]}"]`);
    await expect(realRow).toBeVisible();
    await expect(realRow.getByTestId('demo-badge')).toHaveCount(0);
    await expect(
      results
        .getByRole('option')
        .filter({ has: page.getByTestId('demo-badge') })
        .first(),
    ).toBeVisible();
    await realRow.click();
    await expect(detail.getByTestId('detail-demo')).toHaveCount(0);
    await expect(detail.locator('.detail-header').getByTestId('demo-badge')).toHaveCount(0);
  } finally {
    await stop();
    await real.close();
  }
});
