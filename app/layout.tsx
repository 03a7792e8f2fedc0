import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { hostName } from '@/server/services/domains/names';
import { onOwnHost } from '@/server/services/domains/routing';
import { loadViewerPage } from '@/server/viewer/page';
import { VIEW_SLUG_HEADER } from '@/server/viewer/slug-header';
import './globals.css';

// On a team's custom domain (white label) nothing names Quire: the pages served there give their
// own titles, and a page that has none (a 404) is titled with the domain.
export async function generateMetadata(): Promise<Metadata> {
  const host = (await headers()).get('host');
  if (!onOwnHost(host)) return { title: { default: hostName(host)!, template: '%s' } };
  return { title: { default: 'Quire', template: '%s · Quire' }, description: 'Share documents and run virtual data rooms.' };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#fafafa' };

// A viewer page is in its link's language (the page loads the same data: React's cache shares it).
async function pageLanguage(): Promise<string> {
  const slug = (await headers()).get(VIEW_SLUG_HEADER);
  return slug ? (await loadViewerPage(slug)).words.lang : 'en';
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await pageLanguage()}>
      <body className="min-h-dvh font-sans">{children}</body>
    </html>
  );
}
