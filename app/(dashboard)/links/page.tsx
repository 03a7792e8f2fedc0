import type { Metadata } from 'next';
import { LinksList } from '@/components/links/links-list';

export const metadata: Metadata = { title: 'Links' };

export default function LinksPage() {
  return <LinksList />;
}
