// Settings → Domains and a link opened on its domain. The plans' note, a domain added (pending,
// its two DNS records), "Verify now" before the TXT record exists (failed, with what DNS
// answered), verified once the spec's DNS server has the record (the server asks it through
// DNS_SERVERS, playwright.config.ts), a phone width; then a second Chromium launched with
// --host-resolver-rules opens the link by its domain name: the page, its host-only cookie and
// every absolute URL it holds are on that host. Screenshots 140-145.
import { chromium, expect } from '@playwright/test';
import { startDnsServer } from '../tests/support/dns-server';
import { adminCommand, makePdf, newOwnerTeam, origin, shot, test } from './support';

test('custom domains: add, fail, verify, and a link opened on its own domain', async ({ page }) => {
  test.setTimeout(180_000);
  const dns = await startDnsServer(Number(process.env.QUIRE_E2E_DNS_PORT));
  try {
    const api = await newOwnerTeam(page, 'Northwind Capital');
    await page.goto('/settings/domains');
    await expect(page.getByRole('heading', { name: 'Custom domains need the Business plan or higher' })).toBeVisible();
    await shot(page, '140-domains-free-plan');

    adminCommand(['team', 'set-plan', api.team.slug, 'business']);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No custom domains yet' })).toBeVisible();
    const name = `docs-${process.pid.toString(36)}${Date.now().toString(36)}.northwind.test`;

    // A scheme is refused at the field; the bare name is added, pending, with its records.
    await page.getByLabel('Domain', { exact: true }).fill(`https://${name}`);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByText('without a scheme')).toBeVisible();
    await page.getByLabel('Domain', { exact: true }).fill(name.toUpperCase());
    await page.getByRole('button', { name: 'Add domain' }).click();
    const card = page.getByTestId('domain-card');
    await expect(card).toHaveAttribute('data-status', 'pending');
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByText(`_quire-challenge.${name}`)).toBeVisible();
    await expect(card.getByText('cname.quire.test')).toBeVisible();
    await expect(page.getByTestId('domain-cap-note')).toContainText('includes 1 custom domain');
    await shot(page, '141-domains-pending');

    // Checked before the record exists: failed, with DNS's answer.
    await card.getByRole('button', { name: `Check the DNS of ${name} now` }).click();
    await expect(card).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('domain-error')).toContainText('NXDOMAIN');
    await shot(page, '142-domains-failed');

    // The record published: verified.
    const value = await card.getByRole('row').filter({ hasText: 'TXT' }).locator('code').nth(1).textContent();
    dns.records.txt.set(`_quire-challenge.${name}`, [value!]);
    await card.getByRole('button', { name: `Check the DNS of ${name} now` }).click();
    await expect(card).toHaveAttribute('data-status', 'verified');
    await expect(page.getByTestId('domain-error')).toHaveCount(0);
    await shot(page, '143-domains-verified');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, '144-domains-phone', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A link on the domain, opened by a browser that resolves the name to this machine.
    const domain = (await api.call('GET', '/v1/domains')).data[0];
    const doc = await api.upload('Northwind deck.pdf', 'application/pdf', await makePdf('Northwind deck', 2));
    const link = await api.call('POST', '/v1/links', { document_id: doc.id, domain_id: domain.id });
    expect(link.url).toBe(`https://${name}/view/${link.url.split('/view/')[1]}`);
    const port = new URL(origin()).port;
    const onDomain = `http://${name}:${port}/view/${link.url.split('/view/')[1]}`;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${name} 127.0.0.1`],
    });
    try {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const visitor = await ctx.newPage();
      const violations: string[] = [];
      visitor.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && violations.push(m.text()));
      await visitor.goto(onDomain);
      await expect(visitor.getByTestId('document-viewer')).toBeVisible({ timeout: 30_000 });
      await expect(visitor.getByRole('img', { name: /1/ }).first()).toBeVisible({ timeout: 30_000 });
      expect(new URL(visitor.url()).host).toBe(`${name}:${port}`);
      const cookies = await ctx.cookies();
      const session = cookies.find((c) => c.name === 'quire_view');
      expect(session, 'the session cookie').toBeDefined();
      // Host-only: the cookie's domain is the host itself, not a parent (.name) and not the app's.
      expect(session!.domain).toBe(name);
      const urls = await visitor.evaluate(() =>
        [...document.querySelectorAll('[src],[href],meta[content]')]
          .map((e) => e.getAttribute('src') ?? e.getAttribute('href') ?? e.getAttribute('content') ?? '')
          .filter((u) => /^https?:\/\//.test(u)),
      );
      for (const u of urls) expect(new URL(u).hostname, u).toBe(name);
      expect(violations).toEqual([]);
      await shot(visitor, '145-domains-link-on-domain');
      // The app host sends the link's page to its domain.
      const appPage = await ctx.newPage();
      const r = await appPage.request.get(`${origin()}/view/${link.url.split('/view/')[1]}`, { maxRedirects: 0 });
      expect(r.status()).toBe(308);
      expect(r.headers().location).toBe(link.url);
    } finally {
      await browser.close();
    }
  } finally {
    await dns.close();
  }
});
