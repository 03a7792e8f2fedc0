// A group link's page says what its visitors actually get (issue 41 item 7): downloads as the
// group's permissions set them (the link's own allow_download is not used), and the room's Q&A.
// Screenshot 205.
import { expect } from '@playwright/test';
import { newOwnerTeam, shot, test } from './support';

test('a group link’s settings summary shows the group’s downloads and the room’s Q&A', async ({ page }) => {
  test.setTimeout(180_000);
  const { call, uploadPdf } = await newOwnerTeam(page, 'Harbor Sellers', 'datarooms-plus');
  const room = await call('POST', '/v1/datarooms', { name: 'Project Harbor', qa_enabled: true, qa_limit_per_visitor_per_day: 5 });
  const teaser = await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: (await uploadPdf('Teaser.pdf', 1)).id });
  const cim = await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: (await uploadPdf('CIM.pdf', 3)).id });
  const group = await call('POST', `/v1/datarooms/${room.id}/groups`, { name: 'Buyer A – strategic bidders from the first round' });
  await call('PUT', `/v1/datarooms/${room.id}/groups/${group.id}/permissions`, {
    permissions: [
      { item_id: teaser.id, can_view: true, can_download: true },
      { item_id: cim.id, can_view: true, can_download: false },
    ],
  });
  const link = await call('POST', '/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: group.id, name: 'Buyer A link', allow_download: false });

  await page.goto(`/links/${link.id}`);
  const settings = page.getByTestId('link-settings');
  await expect(settings.getByTestId('link-download')).toHaveText('Allowed for 1 of 2 documents');
  await expect(settings).toContainText('Set by the permissions of group “Buyer A – strategic bidders from the first round”.');
  await expect(settings.getByTestId('link-qa')).toHaveText('On: visitors verify their email, then ask up to 5 questions a day');
  await expect(settings).not.toContainText('Not allowed');
  await shot(page, '205-group-link-effective-settings', { fullPage: true });
});
