// The viewer face's own layout: no dashboard providers, no session of a team member. Viewer
// pages are never indexed by search engines.
import type { Metadata } from 'next';
import type { ReactNode } from 'react';

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function ViewerLayout({ children }: { children: ReactNode }) {
  return children;
}
