import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Quire', template: '%s · Quire' },
  description: 'Share documents and run virtual data rooms.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#fafafa' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">{children}</body>
    </html>
  );
}
