import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { DocumentView } from '@/components/document/document-view';
import { dashboardCaller } from '@/server/dashboard/caller';

// Another team's document, a deleted one, or a malformed id: all answer not-found.
const loadDocument = cache(async (id: string) => {
  try {
    return await (await dashboardCaller()).documents.get({ id });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'UNPROCESSABLE_CONTENT') return null;
    throw e;
  }
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const doc = await loadDocument((await params).id);
  return { title: doc?.name ?? 'Document' };
}

export default async function DocumentPage({ params }: { params: Promise<{ id: string }> }) {
  const doc = await loadDocument((await params).id);
  if (!doc) notFound();
  return <DocumentView initial={doc} />;
}
