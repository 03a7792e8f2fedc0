import type { Metadata } from 'next';
import { NewBrandPage } from '@/components/branding/brand-pages';

export const metadata: Metadata = { title: 'New brand' };

export default function NewBrand() {
  return <NewBrandPage />;
}
