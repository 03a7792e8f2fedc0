import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DocumentView } from '@/components/document/document-view';
import { loadDocument } from './load-document';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const doc = await loadDocument((await params).id);
  return { title: doc?.name ?? 'Document' };
}

export default async function DocumentPage({ params }: { params: Promise<{ id: string }> }) {
  const doc = await loadDocument((await params).id);
  if (!doc) notFound();
  return <DocumentView initial={doc} />;
}
