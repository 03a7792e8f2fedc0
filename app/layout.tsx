import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { loadViewerPage } from '@/server/viewer/page';
import { VIEW_SLUG_HEADER } from '@/server/viewer/slug-header';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Quire', template: '%s · Quire' },
  description: 'Share documents and run virtual data rooms.',
};

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
