// The consent page of an authorization-code request (the issuer's interaction URL): sign in, review
// the app, the scopes and the team, approve or deny; the browser then returns to the app.
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { AuthorizationApproval } from '@/components/oauth/authorization-approval';
import { getSessionUser } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Connect an app' };

export default async function AuthorizePage({ params }: { params: Promise<{ uid: string }> }) {
  const { uid } = await params;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) notFound();
  const user = await getSessionUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(`/authorize/${uid}`)}`);
  return <AuthorizationApproval uid={uid} />;
}
