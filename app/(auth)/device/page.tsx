// The device-login approval page (the verification_uri of spec 5.2): sign in, enter or arrive
// with the code, review the request, pick the team, approve or deny.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { DeviceApproval } from '@/components/oauth/device-approval';
import { getSessionUser } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Connect a device' };

export default async function DevicePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user_code } = await searchParams;
  const code = typeof user_code === 'string' ? user_code.slice(0, 32) : '';
  const here = code ? `/device?user_code=${encodeURIComponent(code)}` : '/device';
  const user = await getSessionUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
  return <DeviceApproval initialCode={code} email={user.email} />;
}
