// The Content-Security-Policy in the browser: Next's scripts carry the page's nonce (the page is
// interactive), injected script without it is refused and the suite's watch (support.ts) sees
// the refusal, and the Permissions-Policy turns the camera off. Every other spec loads its pages
// under the same policy and fails on any violation.
import { expect } from '@playwright/test';
import { test } from './support';

test('pages run under the nonce policy and a script without the nonce is refused', async ({ page, cspViolations }) => {
  const res = await page.goto('/signin');
  const policy = res!.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  await expect(page.getByRole('heading', { name: 'Sign in to Quire' })).toBeVisible();

  // Next put the nonce on every script of the page (the browser hides it from attributes).
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(new Set(scripts)).toEqual(new Set([nonce]));
  // Next's client runtime ran (it sets window.next when it starts).
  await page.waitForFunction(() => Boolean((window as { next?: { version?: string } }).next?.version));

  // Markup injected into the page (as a stored XSS would be) runs no script: an inline script
  // and an event handler without the nonce are refused, and the watch reports them.
  await page.route('**/signin', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace('</body>', '<script>window.__injected = true</script><img src="/no-such-image.png" onerror="window.__handler = true"></body>');
    await route.fulfill({ response: res, body: html });
  });
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in to Quire' })).toBeVisible();
  await expect.poll(() => cspViolations.length).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => [(window as { __injected?: boolean }).__injected, (window as { __handler?: boolean }).__handler])).toEqual([undefined, undefined]);
  expect(cspViolations.join('\n')).toMatch(/script-src/);
  cspViolations.length = 0;
  await page.unroute('**/signin');

  // Powerful features are off.
  const camera = await page.evaluate(() => (document as unknown as { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature('camera'));
  expect(camera).toBe(false);
});
