import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RedactionEditor } from '@/components/redactions/redaction-editor';
import { loadDocument } from '../load-document';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const doc = await loadDocument((await params).id);
  return { title: doc ? `Redact ${doc.name}` : 'Redact' };
}

export default async function RedactPage({ params }: { params: Promise<{ id: string }> }) {
  const doc = await loadDocument((await params).id);
  if (!doc) notFound();
  return <RedactionEditor doc={doc} />;
}
