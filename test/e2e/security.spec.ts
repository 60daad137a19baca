/**
 * The page's Content-Security-Policy in a real browser: script injected inline (as hostile
 * content would try) does not run, and Chromium reports the violation; an inline event
 * handler and a javascript: URL do not run either.
 */
import { test, expect } from './fixtures';

test.describe('the page’s CSP in Chromium', () => {
  test('blocks an injected inline <script>, an inline handler and a javascript: URL, and reports each', async ({ page, gleaner }) => {
    await page.goto(gleaner.url);
    await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
    const outcome = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
      const w = window as unknown as { inlineRan?: boolean; handlerRan?: boolean; linkRan?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.appendChild(script);
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.handlerRan = true');
      img.src = 'data:,not-an-image';
      document.body.appendChild(img);
      const link = document.createElement('a');
      link.href = 'javascript:window.linkRan = true';
      document.body.appendChild(link);
      link.click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { inlineRan: w.inlineRan ?? false, handlerRan: w.handlerRan ?? false, linkRan: w.linkRan ?? false, violations };
    });
    expect(outcome).toMatchObject({ inlineRan: false, handlerRan: false, linkRan: false });
    expect(outcome.violations.filter((v) => v.startsWith('script-src')).length).toBeGreaterThanOrEqual(2);
  });
});
